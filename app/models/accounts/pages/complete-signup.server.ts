import { redirect } from "@remix-run/node";
import { db } from "~/db.server";
import { setFlash } from "~/web/flash.server";
import { finishSignupStep } from "~/models/accounts/signup-progress.server";
import { nextStep, type SignupStep } from "~/models/accounts/signup-steps";

/** After a step was saved or skipped: on to the next step, or home when signup is complete. */
export async function continueAfter(memberId: number, step: SignupStep): Promise<Response> {
  await finishSignupStep(db(), memberId, step);
  const next = nextStep(step);
  if (next) return redirect(`/complete-signup/${next}`);
  return redirect("/", { headers: { "Set-Cookie": await setFlash({ tone: "success", key: "completeSignup.done" }) } });
}

/** True when the form's button was "skip this step". */
export function isSkip(form: FormData): boolean {
  return form.get("intent") === "skip";
}
