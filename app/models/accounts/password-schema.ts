import { z } from "zod";

export const resetRequestSchema = z.object({
  email: z.string({ required_error: "validation.emailRequired" }).trim().toLowerCase().email("validation.emailInvalid"),
});

/** Two new-password fields that must match (docs/product/accounts.md#password-reset). */
export const newPasswordSchema = z
  .object({
    token: z.string(),
    password: z.string({ required_error: "validation.passwordRequired" }).min(8, "validation.passwordTooShort").max(200, "validation.passwordTooLong"),
    repeat: z.string({ required_error: "validation.passwordRequired" }),
  })
  .refine((form) => form.password === form.repeat, { message: "reset.mismatch", path: ["repeat"] });
