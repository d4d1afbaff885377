import { describe, expect, it } from "vitest";
import { alertHiddenOn, inMembersArea, nextPrompt } from "./alert-routes";

describe("alertHiddenOn", () => {
  it("keeps the no-photo alert off the pages of docs/product/notifications.md#alerts, and only those", () => {
    for (const path of ["/profile", "/signup", "/signup-matches", "/complete-signup/photo", "/activate/done", "/premium", "/notifications", "/directdebit", "/settings", "/settings/blocked"]) {
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

  it("keeps the discount banners off the purchase pages and the signup steps", () => {
    for (const path of ["/credits", "/credits/small/ideal", "/transactions/4", "/directdebit", "/signup", "/complete-signup/about"]) {
      expect(alertHiddenOn("bonusBanner", path), path).toBe(true);
    }
    for (const path of ["/", "/members", "/premium", "/likes/received", "/profile", "/creditsx"]) {
      expect(alertHiddenOn("bonusBanner", path), path).toBe(false);
    }
  });
});

describe("inMembersArea", () => {
  it("holds the pages of the members area (docs/product/payments.md#time-bonus): members, profiles, chats, likes and its tabs, a profile from likes, premium", () => {
    for (const path of ["/members", "/members/", "/members/12", "/chats", "/chats/7", "/likes", "/likes/received", "/likes/matches", "/likes/m/12", "/premium"]) {
      expect(inMembersArea(path), path).toBe(true);
    }
  });

  it("leaves out everything else, also pages under a member's profile", () => {
    for (const path of ["/", "/members/12/chat", "/members/12/landing", "/members/abc", "/chats/7/x", "/likes/m/12/x", "/credits", "/premiums", "/profile", "/settings", "/membersx"]) {
      expect(inMembersArea(path), path).toBe(false);
    }
  });
});

describe("nextPrompt: one prompt at a time", () => {
  it("shows only the first prompt due, in the order of docs/product/notifications.md#one-prompt-at-a-time", () => {
    const all = { unconfirmed: true, notificationsDisabled: true, timeBonus: true, noPhoto: true, welcome: true, push: true };
    expect(nextPrompt(all, "/members")).toBe("unconfirmed");
    expect(nextPrompt({ ...all, unconfirmed: false }, "/members")).toBe("notificationsDisabled");
    expect(nextPrompt({ noPhoto: true, push: true }, "/members")).toBe("noPhoto");
    expect(nextPrompt({ push: true }, "/likes")).toBe("push");
    expect(nextPrompt({}, "/likes")).toBeNull();
  });

  it("passes over a prompt that is in the way on this page to the next one due", () => {
    // On the profile page the no-photo prompt would point where the member already is.
    expect(nextPrompt({ noPhoto: true, push: true }, "/profile")).toBe("push");
    // On the credits page the discount shows in the page itself.
    expect(nextPrompt({ timeBonus: true, noPhoto: true }, "/credits")).toBe("noPhoto");
    expect(nextPrompt({ push: true }, "/notifications")).toBeNull();
  });
});
