import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { changeEmailSchema, changePasswordSchema, deleteAccountSchema } from "./settings-schema";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

function errors(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) {
  const submission = parseWithZod(form(fields), { schema });
  return submission.status === "success" ? {} : submission.reply().error;
}

describe("settings forms", () => {
  it("want a valid new address and the current password", () => {
    expect(errors(changeEmailSchema, { email: "nope", password: "x" })).toEqual({ email: ["validation.emailInvalid"] });
    expect(errors(changeEmailSchema, { email: "new@example.com" })).toEqual({ password: ["validation.passwordRequired"] });
    const ok = parseWithZod(form({ email: " New@Example.com ", password: "x" }), { schema: changeEmailSchema });
    expect(ok.status === "success" && ok.value.email).toBe("new@example.com");
  });

  it("want the old password and two equal new ones of at least 8 characters", () => {
    expect(errors(changePasswordSchema, { old_password: "old", password: "short", repeat: "short" })).toEqual({ password: ["validation.passwordTooShort"] });
    expect(errors(changePasswordSchema, { old_password: "old", password: "long-enough-1", repeat: "long-enough-2" })).toEqual({ repeat: ["reset.mismatch"] });
    expect(errors(changePasswordSchema, { password: "long-enough-1", repeat: "long-enough-1" })).toEqual({ old_password: ["validation.passwordRequired"] });
  });

  it("want one of the deletion reasons (docs/product/accounts.md#account-deletion), remarks of a sane length and the password", () => {
    expect(errors(deleteAccountSchema, { password: "x" })).toEqual({ reason: ["settings:delete.reasonRequired"] });
    expect(errors(deleteAccountSchema, { reason: "bored", password: "x" })).toEqual({ reason: ["settings:delete.reasonRequired"] });
    expect(errors(deleteAccountSchema, { reason: "price", remarks: "x".repeat(1001), password: "x" })).toEqual({ remarks: ["settings:delete.remarksTooLong"] });
    expect(errors(deleteAccountSchema, { reason: "found_someone", password: "x" })).toEqual({});
  });
});
