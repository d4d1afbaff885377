import { and, eq, isNotNull, lt } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { members } from "../../../db/schema";
import { SIGNUP_STEPS, type SignupStep } from "./signup-steps";

/**
 * Records that a step was saved or skipped. Progress only moves forward, so going back to an
 * earlier step does not undo later ones; after the last step signup is complete (null).
 */
export async function finishSignupStep(db: Executor, memberId: number, step: SignupStep): Promise<void> {
  const next = SIGNUP_STEPS.indexOf(step) + 1;
  const done = next >= SIGNUP_STEPS.length;
  await db
    .update(members)
    .set({ signupStep: done ? null : next })
    .where(and(eq(members.id, memberId), isNotNull(members.signupStep), done ? undefined : lt(members.signupStep, next)));
}

export async function signupStepOf(db: Executor, memberId: number): Promise<number | null> {
  const [row] = await db.select({ step: members.signupStep }).from(members).where(eq(members.id, memberId));
  return row?.step ?? null;
}
