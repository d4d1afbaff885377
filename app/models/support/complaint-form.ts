import { z } from "zod";
import { SUPPORT_SUBJECTS } from "~/domain/support-subjects";

export const COMPLAINT_MESSAGE_MAX = 5000;

const message = z
  .string({ required_error: "moderation:complaints.errors.message" })
  .trim()
  .min(10, "moderation:complaints.errors.message")
  .max(COMPLAINT_MESSAGE_MAX, "moderation:complaints.errors.tooLong");

/**
 * The /complaints form (docs/product/support.md#the-form): a visitor gives an address to answer to,
 * a member is answered at the account's. Errors are catalogue keys.
 */
export function complaintSchema(visitor: boolean) {
  return z.object({
    subject: z.enum(SUPPORT_SUBJECTS, { errorMap: () => ({ message: "moderation:complaints.errors.subject" }) }),
    message,
    email: visitor
      ? z.string({ required_error: "moderation:complaints.errors.email" }).trim().toLowerCase().email("moderation:complaints.errors.email").max(254, "moderation:complaints.errors.email")
      : z.string().optional(),
    order: z.string().trim().max(40, "moderation:complaints.errors.order").optional(),
  });
}

/** A reply to a case, from its page. */
export const caseReplySchema = z.object({ message, token: z.string().min(10).max(100) });
