import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SignupStepFrame, StepButtons } from "~/components/account/SignupStep";
import { Alert } from "~/components/ui/Field";
import { continueAfter } from "~/models/accounts/pages/complete-signup.server";
import { requireMember } from "~/web/require-member.server";
import { SubmitButton } from "~/components/ui/SubmitButton";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { member } = requireMember(request, context);
  return { email: member.email, confirmed: member.status !== "not_confirmed" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = requireMember(request, context);
  return continueAfter(member.id, "confirm");
}

/** The last step: confirm the e-mail address (or ask for the mail again), then finish. */
export default function ConfirmStep() {
  const { email, confirmed } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  return (
    <SignupStepFrame step="confirm">
      {confirmed ? (
        <Alert tone="success" testId="email-confirmed">
          {t("completeSignup.confirm.done")}
        </Alert>
      ) : (
        <>
          <p data-testid="confirm-pending">{t("unconfirmed.body", { email })}</p>
          <Form method="post" action="/api/activation/resend" className="mt-4">
            <input type="hidden" name="redirectTo" value="/complete-signup/confirm" />
            <SubmitButton className="btn-outline px-3 py-1" data-testid="resend-activation-step">
              {t("unconfirmed.resend")}
            </SubmitButton>
          </Form>
        </>
      )}
      <Form method="post">
        <StepButtons busy={navigation.state !== "idle"} saveLabel={t("completeSignup.finish")} />
      </Form>
    </SignupStepFrame>
  );
}
