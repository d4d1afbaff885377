import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { FieldErrors } from "~/components/ui/Field";

/**
 * The explicit consent the sexuality needs (special-category data, GDPR art. 9), on the form that
 * asks it; without it the answer is not saved. Withdrawn in the privacy settings.
 */
export function SexualityConsent({ field }: { field: FieldMetadata<"on" | undefined> }) {
  const { t } = useTranslation("security");
  return (
    <div className="sm:col-span-2">
      <label className="flex items-start gap-2 text-sm">
        <input {...getInputProps(field, { type: "checkbox", value: "on" })} className="mt-1" data-testid="sexuality-consent" />
        <span>{t("sexualityConsent.label")}</span>
      </label>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
