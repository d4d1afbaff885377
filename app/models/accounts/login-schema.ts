import { z } from "zod";

export const loginSchema = z.object({
  email: z.string({ required_error: "validation.emailRequired" }).trim().toLowerCase().email("validation.emailInvalid"),
  password: z.string({ required_error: "validation.passwordRequired" }),
  redirectTo: z.string().optional(),
});
