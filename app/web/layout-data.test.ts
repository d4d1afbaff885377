import { describe, expect, it } from "vitest";
import { tenantSchema } from "~/tenancy/schema";
import { dismissedAlertsCookie } from "~/web/cookies.server";
import { tenantFixture } from "../../tests/fixtures/tenant";
import type { CurrentMember } from "~/models/members/current-member";
import { dismissedAlerts } from "~/models/notifications/pages/alerts.server";
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
  createdAt: new Date(),
  name: "Kim",
  thumbKey: null,
};

async function alerts(current: CurrentMember | null, cookie?: string) {
  const request = new Request("http://testsite.example/members", { headers: cookie ? { cookie } : {} });
  return accountAlerts(current, await dismissedAlerts(request));
}

describe("accountAlerts: the no-photo alert", () => {
  it("is on for a member without a main photo, off with one, off for visitors", async () => {
    expect((await alerts(member)).noPhoto).toBe(true);
    expect((await alerts({ ...member, thumbKey: "photos/ab/cd-thumb.webp" })).noPhoto).toBe(false);
    expect((await alerts(null)).noPhoto).toBe(false);
  });

  it("stays away for a day once dismissed", async () => {
    const cookie = await dismissedAlertsCookie.serialize({ noPhoto: Date.now() - 60_000 });
    expect((await alerts(member, cookie.split(";")[0])).noPhoto).toBe(false);
    const old = await dismissedAlertsCookie.serialize({ noPhoto: Date.now() - 2 * 24 * 60 * 60 * 1000 });
    expect((await alerts(member, old.split(";")[0])).noPhoto).toBe(true);
  });
});
