import { describe, expect, it } from "vitest";
import { tenantSchema } from "~/tenancy/schema";
import { tenantFixture } from "../../tests/fixtures/tenant";
import type { CurrentMember } from "~/models/members/current-member";
import { dismissedAlerts, PROMPT_SNOOZE_MS } from "~/models/notifications/pages/alerts.server";
import { accountAlerts } from "./layout-data.server";

const tenant = tenantSchema.parse(tenantFixture());
const member: CurrentMember = {
  id: 1,
  siteId: tenant.id,
  email: "kim@example.com",
  status: "active",
  language: "nl",
  credits: 0,
  freeMessages: 0,
  paidUser: false,
  invisible: false,
  notificationsDisabled: [],
  promptsSnoozed: {},
  lastChatId: null,
  createdAt: new Date(),
  name: "Kim",
  thumbKey: null,
};

function alerts(current: CurrentMember | null) {
  return accountAlerts(current, dismissedAlerts(current));
}

describe("accountAlerts: the no-photo alert", () => {
  it("is on for a member without a main photo, off with one, off for visitors", async () => {
    expect((alerts(member)).noPhoto).toBe(true);
    expect((alerts({ ...member, thumbKey: "photos/ab/cd-thumb.webp" })).noPhoto).toBe(false);
    expect((alerts(null)).noPhoto).toBe(false);
  });

  it("stays away for days once put away, then reminds again", () => {
    expect(alerts({ ...member, promptsSnoozed: { noPhoto: Date.now() - 2 * 24 * 60 * 60 * 1000 } }).noPhoto).toBe(false);
    expect(alerts({ ...member, promptsSnoozed: { noPhoto: Date.now() - PROMPT_SNOOZE_MS - 60_000 } }).noPhoto).toBe(true);
    // Another prompt put away leaves this one due.
    expect(alerts({ ...member, promptsSnoozed: { push: Date.now() } }).noPhoto).toBe(true);
  });
});
