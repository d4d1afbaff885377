import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useNavigation } from "@remix-run/react";
import { PushOptIn } from "~/components/account/PushOptIn";
import { SignupStepFrame, StepButtons } from "~/components/account/SignupStep";
import { continueAfter } from "~/models/accounts/pages/complete-signup.server";
import { requireMember } from "~/web/require-member.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  return null;
}

/** The subscription itself is stored by /api/push/subscribe; this step only moves on. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = requireMember(request, context);
  return continueAfter(member.id, "push");
}

export default function PushStep() {
  const navigation = useNavigation();
  return (
    <SignupStepFrame step="push">
      <PushOptIn />
      <Form method="post">
        <StepButtons busy={navigation.state !== "idle"} />
      </Form>
    </SignupStepFrame>
  );
}
