import { describe, expect, it } from "vitest";
import { alertHiddenOn } from "./alert-routes";

describe("alertHiddenOn", () => {
  it("keeps the no-photo alert off the pages of spec section 4, and only those", () => {
    for (const path of ["/profile", "/signup", "/complete-signup/photo", "/activate/done", "/premium", "/notifications", "/directdebit", "/settings", "/settings/blocked"]) {
      expect(alertHiddenOn("noPhoto", path), path).toBe(true);
    }
    for (const path of ["/", "/members", "/members/12", "/likes", "/chats", "/profiles", "/activate/error"]) {
      expect(alertHiddenOn("noPhoto", path), path).toBe(false);
    }
  });

  it("keeps the mails-stopped alert off the settings pages, where its remedy is", () => {
    expect(alertHiddenOn("notificationsDisabled", "/notifications")).toBe(true);
    expect(alertHiddenOn("notificationsDisabled", "/settings/delete")).toBe(true);
    expect(alertHiddenOn("notificationsDisabled", "/members")).toBe(false);
  });
});
