import { describe, expect, it } from "vitest";
import { isPlainName } from "./display-name";

describe("isPlainName", () => {
  it("takes the names people have", () => {
    for (const name of ["Anna", "Anne-Marie", "D'Angelo", "J. P.", "Zoë", "Łukasz", "Søren", "Kim83", "O’Neill", "Nguyễn Văn"]) expect(isPlainName(name), name).toBe(true);
  });

  it("refuses control, bidi and address-like text", () => {
    for (const name of ["Anna\u202Egro", "Anna\u0000", "tab\there", "www.example", "visit me.com", "http://x", "-Anna", "<b>Anna</b>", "Anna@home"]) expect(isPlainName(name), name).toBe(false);
  });
});
