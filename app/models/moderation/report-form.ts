import { z } from "zod";
import { REPORT_REASONS } from "~/domain/moderation-reasons";

export const REPORT_TEXT_LIMIT = 2000;

/** The "report this profile" form (docs/product/moderation.md#reports); errors are catalogue keys. */
export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { errorMap: () => ({ message: "moderation:report.errors.reason" }) }),
  text: z.string().trim().max(REPORT_TEXT_LIMIT, "moderation:report.errors.tooLong").optional(),
  conversation: z.coerce.number().int().positive().optional(),
});
