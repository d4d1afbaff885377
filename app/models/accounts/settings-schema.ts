import { z } from "zod";
import { DELETION_REASONS } from "~/domain/deletion-reasons";

const currentPassword = z.string({ required_error: "validation.passwordRequired" }).max(200, "validation.passwordTooLong");
const newPassword = z
  .string({ required_error: "validation.passwordRequired" })
  .min(8, "validation.passwordTooShort")
  .max(200, "validation.passwordTooLong");

/** Settings forms, checked alike in the browser and on the server. Messages are `account` keys. */
export const changeEmailSchema = z.object({
  email: z.string({ required_error: "validation.emailRequired" }).trim().toLowerCase().max(254, "validation.emailInvalid").email("validation.emailInvalid"),
  password: currentPassword,
});

export const changePasswordSchema = z
  .object({
    old_password: currentPassword,
    password: newPassword,
    repeat: z.string({ required_error: "validation.passwordRequired" }),
  })
  .refine((form) => form.password === form.repeat, { message: "reset.mismatch", path: ["repeat"] });

export const deleteAccountSchema = z.object({
  reason: z.enum(DELETION_REASONS, { errorMap: () => ({ message: "settings:delete.reasonRequired" }) }),
  remarks: z.string().trim().max(1000, "settings:delete.remarksTooLong").optional(),
  password: currentPassword,
});
