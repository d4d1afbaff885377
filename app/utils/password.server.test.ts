import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.server";
import { isBreachedPassword, isGuessablePassword } from "./password-strength.server";

describe("password hashing", () => {
  it("uses argon2id and verifies only the right password", async () => {
    const hash = await hashPassword("zomer-fiets-lamp-42");
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, "zomer-fiets-lamp-42")).toBe(true);
    expect(await verifyPassword(hash, "zomer-fiets-lamp-43")).toBe(false);
    expect(await verifyPassword("not a hash", "anything")).toBe(false);
  });
});

describe("isGuessablePassword", () => {
  it("refuses common passwords and ones built from the member's own data", () => {
    for (const weak of ["password1", "qwertyuiop", "12345678", "iloveyou1"]) expect(isGuessablePassword(weak, []), weak).toBe(true);
    expect(isGuessablePassword("annavisser", ["anna.visser@example.com", "Anna Visser"])).toBe(true);
  });

  it("refuses passwords from breach corpora exactly, in any case (review L-6)", () => {
    for (const breached of ["sojdlg123aljg", "GHHH47HJ7649", "1qaz2wsx3edc"]) {
      expect(isBreachedPassword(breached), breached).toBe(true);
      expect(isGuessablePassword(breached, []), breached).toBe(true);
    }
    expect(isBreachedPassword("zomer-fiets-lamp-42")).toBe(false);
  });

  it("accepts passwords that are hard to guess", () => {
    expect(isGuessablePassword("zomer-fiets-lamp-42", ["anna@example.com"])).toBe(false);
    expect(isGuessablePassword("Tr0mpet!Walvis", [])).toBe(false);
  });
});
