import { z } from "zod";
import { ageOn } from "~/utils/age";
import { isPlausibleBirthDate } from "~/models/members/birth-date";
import { isPlainName } from "~/models/members/display-name";

/**
 * The signup form, checked the same in the browser and on the server. Messages are keys of
 * the `account` catalogue; the server adds the checks that need the database.
 */
export function signupSchema(minAge: number, now = new Date()) {
  return z
    .object({
      email: z
        .string({ required_error: "validation.emailRequired" })
        .trim()
        .toLowerCase()
        .max(254, "validation.emailInvalid")
        .email("validation.emailInvalid"),
      name: z
        .string({ required_error: "validation.nameRequired" })
        .trim()
        .min(2, "validation.nameTooShort")
        .max(30, "validation.nameTooLong")
        .refine((name) => !name.startsWith("@"), "validation.nameStartsWithAt")
        .refine((name) => name.startsWith("@") || isPlainName(name), "security:nameCharacters"),
      password: z
        .string({ required_error: "validation.passwordRequired" })
        .min(8, "validation.passwordTooShort")
        .max(200, "validation.passwordTooLong"),
      date_of_birth: z
        .string({ required_error: "validation.dateOfBirthRequired" })
        .refine((value) => isPlausibleBirthDate(value, now), "validation.dateOfBirthInvalid")
        .refine((value) => !isPlausibleBirthDate(value, now) || ageOn(value, now) >= minAge, "validation.dateOfBirthRequired"),
      signup_message: z.string().trim().max(500, "validation.messageTooLong").optional(),
      /** The address the member kept after we suggested a correction. */
      email_confirmed: z.string().optional(),
    })
    .refine((form) => form.name.toLowerCase() !== form.email.toLowerCase(), {
      message: "validation.nameIsEmail",
      path: ["name"],
    });
}

export type SignupInput = z.infer<ReturnType<typeof signupSchema>>;
