import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/ui/SubmitButton";

/** "Uitloggen": a form post, so a link followed by accident cannot log anyone out. */
export function LogoutButton({ className, testId }: { className: string; testId: string }) {
  const { t } = useTranslation("common");
  return (
    <Form method="post" action="/logout">
      <SubmitButton className={className} data-testid={testId}>
        {t("nav.logout")}
      </SubmitButton>
    </Form>
  );
}
