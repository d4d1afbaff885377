import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { requireMember } from "~/web/require-member.server";
import { signupStepOf } from "~/models/accounts/signup-progress.server";
import { resumeStep } from "~/models/accounts/signup-steps";

/** Resumes signup where the member left off; a finished signup goes home. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { member } = requireMember(request, context);
  const step = resumeStep(await signupStepOf(db(), member.id));
  return redirect(step ? `/complete-signup/${step}` : "/");
}
