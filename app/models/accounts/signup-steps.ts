/** The steps of /complete-signup, in order (docs/product/accounts.md#signup-steps). */
export const SIGNUP_STEPS = ["photo", "location", "personal", "about", "push", "confirm"] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];

export function isSignupStep(value: unknown): value is SignupStep {
  return typeof value === "string" && (SIGNUP_STEPS as readonly string[]).includes(value);
}

/** Where a member continues: the stored next step, or null when signup is complete. */
export function resumeStep(signupStep: number | null): SignupStep | null {
  if (signupStep === null || signupStep >= SIGNUP_STEPS.length) return null;
  return SIGNUP_STEPS[Math.max(0, signupStep)] ?? null;
}

export function nextStep(step: SignupStep): SignupStep | null {
  return SIGNUP_STEPS[SIGNUP_STEPS.indexOf(step) + 1] ?? null;
}
