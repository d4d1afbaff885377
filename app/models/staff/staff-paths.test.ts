import { describe, expect, it } from "vitest";
import { isStaffPath } from "./staff-paths";

describe("isStaffPath", () => {
  it("is the staff area and its data requests, nothing that merely starts alike", () => {
    expect(["/staff", "/staff.data", "/staff/inbox", "/staff/inbox/12.data", "/staff/login/code"].every(isStaffPath)).toBe(true);
    expect(["/STAFF", "/Staff/audit.data", "/%73taff/login", "/staff%2Flogin"].every(isStaffPath)).toBe(true);
    expect(["/", "/staffing", "/members/staff", "/staff-room", "/api/staff"].some(isStaffPath)).toBe(false);
  });
});
