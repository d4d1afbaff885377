import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, discountRedemptions } from "../../db/schema";
import { setDatabaseHandle } from "../../db/database.server";
import { tenantSchema } from "~/tenancy/schema";
import { contextFor } from "../fixtures/context";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember, type MemberOverrides } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";
import type { LayoutKind } from "../../app/models/safety/site-entry";
import type { CurrentMember } from "../../app/models/members/current-member";
import { layoutData } from "../../app/web/layout-data.server";

const handle = testDatabasePerFile();
const tenant = tenantSchema.parse(tenantFixture());
const HOUR = 60 * 60 * 1000;

beforeAll(() => setDatabaseHandle(handle));
afterAll(() => setDatabaseHandle(undefined));

/** A member who signed up `hoursAgo`, as the session lookup gives them to a loader. */
const member = async ({ hoursAgo, ...input }: MemberOverrides & { hoursAgo: number }): Promise<CurrentMember> => (await createMember(handle.db, { tenant, createdAt: new Date(Date.now() - hoursAgo * HOUR), ...input })).current;

/** The member has used the code: it is held by an order of theirs that is paid or still pending. */
async function redeem(current: CurrentMember, code: string, status: "paid" | "pending" | "failed") {
  const [order] = await handle.db
    .insert(orders)
    .values({ memberId: current.id, siteId: tenant.id, product: "bundle:small", credits: 100, amountCents: 750, currency: "EUR", discountCode: code, discountPercent: 25, method: "ideal", provider: "local", status })
    .returning({ id: orders.id });
  await handle.db.insert(discountRedemptions).values({ memberId: current.id, code, orderId: order!.id });
}

async function load(current: CurrentMember | null, options: { dismissed?: Record<string, number>; layout?: LayoutKind; path?: string } = {}) {
  const request = new Request(`http://testsite.example${options.path ?? "/members"}`);
  const snoozed = current && options.dismissed ? { ...current, promptsSnoozed: options.dismissed } : current;
  return layoutData({ request, context: contextFor(tenant, { member: snoozed }), params: {} }, options.layout ?? "default");
}

describe("layoutData: credits or Get Premium in the top navigation", () => {
  it("gives the balance and whether the member paid; nothing for a visitor", async () => {
    const paid = await member({ hoursAgo: 100, credits: 7, paidUser: true });
    expect((await load(paid)).wallet).toEqual({ credits: 7, paidUser: true });
    const free = await member({ hoursAgo: 100, credits: 20 });
    expect((await load(free)).wallet).toEqual({ credits: 20, paidUser: false });
    expect((await load(null)).wallet).toBeNull();
  });
});

describe("layoutData: the time bonus and the welcome discount (docs/product/payments.md#one-first-purchase-discount)", () => {
  it("gives a new member who has not paid the time bonus, counting down from 4 hours after signup, with the popup at 0 credits", async () => {
    const fresh = await member({ hoursAgo: 1 });
    const { bonus } = await load(fresh);
    expect(bonus).toMatchObject({ kind: "time_bonus", code: "TIMEBONUS25", percent: 25, banner: true, modal: true });
    // Signed up an hour ago: three hours left (less the moments this test took).
    expect(bonus!.endsInMs).toBeGreaterThan(3 * HOUR - 60_000);
    expect(bonus!.endsInMs).toBeLessThanOrEqual(3 * HOUR);
  });

  it("has no popup while the member has credits, and none once it was dismissed; the banner stays", async () => {
    const withCredits = await member({ hoursAgo: 1, credits: 20 });
    expect((await load(withCredits)).bonus).toMatchObject({ kind: "time_bonus", banner: true, modal: false });
    const broke = await member({ hoursAgo: 1 });
    expect((await load(broke, { dismissed: { timeBonus: Date.now() - 3 * HOUR } })).bonus).toMatchObject({ kind: "time_bonus", banner: true, modal: false });
    // "Later" on the banner puts the banner away, not the popup.
    expect((await load(broke, { dismissed: { timeBonusBanner: Date.now() - HOUR } })).bonus).toMatchObject({ kind: "time_bonus", banner: false, modal: true });
    // Another alert's dismissal does not count.
    expect((await load(broke, { dismissed: { noPhoto: Date.now() } })).bonus).toMatchObject({ modal: true });
  });

  it("falls back to the welcome discount after 4 hours, without a popup; its banner can be put away", async () => {
    const older = await member({ hoursAgo: 5 });
    const { bonus } = await load(older);
    expect(bonus).toMatchObject({ kind: "welcome", code: "WELCOME25", percent: 25, banner: true, modal: false });
    const left = (tenant.settings.welcome_discount_hours - 5) * HOUR;
    expect(bonus!.endsInMs).toBeGreaterThan(left - 60_000);
    expect(bonus!.endsInMs).toBeLessThanOrEqual(left);
    expect((await load(older, { dismissed: { welcomeBonus: Date.now() - HOUR } })).bonus).toMatchObject({ kind: "welcome", banner: false });
  });

  it("gives no second first-purchase discount while TIMEBONUS25 is used (pending), the time bonus again when that order failed", async () => {
    const used = await member({ hoursAgo: 1 });
    await redeem(used, "TIMEBONUS25", "pending");
    expect((await load(used)).bonus).toBeNull();
    const failed = await member({ hoursAgo: 1 });
    await redeem(failed, "TIMEBONUS25", "failed");
    expect((await load(failed)).bonus).toMatchObject({ kind: "time_bonus", modal: true });
  });

  it("gives nothing to a paid member, a member past the welcome period, or a visitor", async () => {
    expect((await load(await member({ hoursAgo: 1, paidUser: true }))).bonus).toBeNull();
    expect((await load(await member({ hoursAgo: tenant.settings.welcome_discount_hours + 1 }))).bonus).toBeNull();
    expect((await load(null)).bonus).toBeNull();
  });

  it("is part of the members' layouts only: not of the lander and empty layouts", async () => {
    const fresh = await member({ hoursAgo: 1 });
    expect((await load(fresh, { layout: "chat", path: "/chats" })).bonus).toMatchObject({ kind: "time_bonus", modal: true });
    expect((await load(fresh, { layout: "lander", path: "/landers/video" })).bonus).toBeNull();
    expect((await load(fresh, { layout: "empty", path: "/" })).bonus).toBeNull();
  });
});
