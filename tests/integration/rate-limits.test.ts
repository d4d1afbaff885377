import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.server";
import { setDatabaseHandle } from "../../db/database.server";
import { countRequest, isLimited, memberOrAddress, pruneRateLimits, RATE_LIMITS, type RateLimit } from "../../app/models/safety/rate-limits.server";
import { WIDER_NETWORK_FACTOR } from "../../app/utils/address-network";
import { submitSignup } from "../../app/models/accounts/pages/signup.server";
import { tenantSchema } from "../../app/tenancy/schema";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { contextFor, formOf } from "../fixtures/context";
import { tenantFixture } from "../fixtures/tenant";

let handle: TestDatabase;
beforeAll(async () => {
  handle = await createTestDatabase();
  setDatabaseHandle(handle);
});
afterAll(async () => {
  setDatabaseHandle(undefined);
  await handle.close();
});

const THREE_PER_MINUTE: RateLimit = { name: "test-three", max: 3, windowMs: 60_000 };

describe("countRequest", () => {
  it("allows the limit's number per subject and brand in a window, then says how long to wait", async () => {
    const now = new Date("2026-11-24T10:00:20Z");
    for (let i = 0; i < 3; i++) expect(await countRequest(handle.db, "alpha", [[THREE_PER_MINUTE, "198.51.100.1"]], now)).toEqual({ ok: true });
    expect(await countRequest(handle.db, "alpha", [[THREE_PER_MINUTE, "198.51.100.1"]], now)).toEqual({ ok: false, retryAfterSeconds: 40 });
    // Another address, another brand: counted apart.
    expect(await countRequest(handle.db, "alpha", [[THREE_PER_MINUTE, "198.51.100.2"]], now)).toEqual({ ok: true });
    expect(await countRequest(handle.db, "beta", [[THREE_PER_MINUTE, "198.51.100.1"]], now)).toEqual({ ok: true });
    // The next window starts from zero; no subject is never counted.
    expect(await countRequest(handle.db, "alpha", [[THREE_PER_MINUTE, "198.51.100.1"]], new Date("2026-11-24T10:01:00Z"))).toEqual({ ok: true });
    expect(await countRequest(handle.db, "alpha", [[THREE_PER_MINUTE, null]], now)).toEqual({ ok: true });
  });

  it("counts every limit of a request at once and waits for the one used up the longest", async () => {
    const now = new Date("2026-11-24T10:00:20Z");
    const twoPerHour: RateLimit = { name: "test-two-hourly", max: 2, windowMs: 3_600_000 };
    const checks: Array<[RateLimit, string | null]> = [
      [THREE_PER_MINUTE, "198.51.100.9"],
      [twoPerHour, "member-9"],
      [THREE_PER_MINUTE, null],
    ];
    expect(await countRequest(handle.db, "alpha", checks, now)).toEqual({ ok: true });
    expect(await countRequest(handle.db, "alpha", checks, now)).toEqual({ ok: true });
    // The hourly limit is used up first (until 11:00); every limit still counted the request.
    expect(await countRequest(handle.db, "alpha", checks, now)).toEqual({ ok: false, retryAfterSeconds: 3580 });
    expect(await countRequest(handle.db, "alpha", [[THREE_PER_MINUTE, "198.51.100.9"]], now)).toEqual({ ok: false, retryAfterSeconds: 40 });
  });

  it("lets exactly the limit through when requests arrive at once, also from two connections", async () => {
    const now = new Date("2026-11-24T11:00:00Z");
    // A second connection pool to the same database stands in for a second server process.
    const second = handle.url ? openDatabase({ url: handle.url, maxConnections: 4 }) : null;
    try {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => countRequest((i % 2 === 0 || !second ? handle : second).db, "alpha", [[THREE_PER_MINUTE, "burst"]], now)),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(3);
    } finally {
      await second?.close();
    }
  });

  it("counts an IPv6 address by its /64, so rotating through one network's addresses gains nothing (N-L-1)", async () => {
    const now = new Date("2026-11-24T10:00:20Z");
    for (let i = 1; i <= 3; i++) expect((await countRequest(handle.db, "alpha", [[THREE_PER_MINUTE, `2001:db8:5:6::${i}`]], now)).ok).toBe(true);
    expect((await countRequest(handle.db, "alpha", [[THREE_PER_MINUTE, "2001:db8:5:6:abcd:ef01:2345:6789"]], now)).ok).toBe(false);
    expect((await isLimited(handle.db, "alpha", [[THREE_PER_MINUTE, "2001:db8:5:6::99"]], now)).ok).toBe(false);
    // The next /64 is another connection.
    expect((await countRequest(handle.db, "alpha", [[THREE_PER_MINUTE, "2001:db8:5:7::1"]], now)).ok).toBe(true);
  });

  it("puts a ceiling on an IPv6 /48 too, so rotating through its 65,536 /64s gains only that (N-L-1)", async () => {
    const now = new Date("2026-11-24T10:00:20Z");
    const ceiling = THREE_PER_MINUTE.max * WIDER_NETWORK_FACTOR;
    for (let i = 0; i < ceiling; i++) expect((await countRequest(handle.db, "alpha", [[THREE_PER_MINUTE, `2001:db8:48:${i.toString(16)}::1`]], now)).ok).toBe(true);
    expect((await countRequest(handle.db, "alpha", [[THREE_PER_MINUTE, "2001:db8:48:ffff::1"]], now)).ok).toBe(false);
    expect((await isLimited(handle.db, "alpha", [[THREE_PER_MINUTE, "2001:db8:48:fffe::1"]], now)).ok).toBe(false);
    // Another /48 is another holder.
    expect((await countRequest(handle.db, "alpha", [[THREE_PER_MINUTE, "2001:db8:49::1"]], now)).ok).toBe(true);
  });

  it("counts a logged-in member as themselves and only a visitor by address: members behind one carrier NAT are not refused together", async () => {
    const now = new Date("2026-11-24T10:00:20Z");
    const perMember: RateLimit = { name: "test-member", max: 3, windowMs: 60_000 };
    const perAddress: RateLimit = { name: "test-address", max: 5, windowMs: 60_000 };
    const nat = "198.51.100.200";
    // Ten members behind one address, two requests each: more than the address's limit together, none refused.
    for (let member = 1; member <= 10; member++) {
      for (let i = 0; i < 2; i++) expect((await countRequest(handle.db, "alpha", memberOrAddress(perMember, member, perAddress, nat), now)).ok).toBe(true);
    }
    // One member past their own limit is refused alone.
    expect((await countRequest(handle.db, "alpha", memberOrAddress(perMember, 1, perAddress, nat), now)).ok).toBe(true);
    expect((await countRequest(handle.db, "alpha", memberOrAddress(perMember, 1, perAddress, nat), now)).ok).toBe(false);
    expect((await countRequest(handle.db, "alpha", memberOrAddress(perMember, 2, perAddress, nat), now)).ok).toBe(true);
    // Visitors are counted by the address.
    for (let i = 0; i < 5; i++) expect((await countRequest(handle.db, "alpha", memberOrAddress(perMember, null, perAddress, nat), now)).ok).toBe(true);
    expect((await countRequest(handle.db, "alpha", memberOrAddress(perMember, null, perAddress, nat), now)).ok).toBe(false);
  });

  it("forgets windows that ended long ago", async () => {
    const old = new Date("2026-11-20T10:00:00Z");
    await countRequest(handle.db, "alpha", [[THREE_PER_MINUTE, "old"]], old);
    await pruneRateLimits(handle.db, new Date("2026-11-24T10:00:00Z"));
    for (let i = 0; i < 3; i++) expect((await countRequest(handle.db, "alpha", [[THREE_PER_MINUTE, "old"]], old)).ok).toBe(true);
  });
});

describe("signup", () => {
  const tenant = tenantSchema.parse(tenantFixture({ id: "limitsite", domains: ["limitsite.example"] }));

  it("refuses the signups one address makes past the limit, with the wait, before any account is made", async () => {
    const context = contextFor(tenant, { clientIp: "198.51.100.77" });
    const form = (i: number) => formOf({ email: `flood${i}@example.com`, name: `Flood ${i}`, password: "zomer-fiets-lamp-42", date_of_birth: "1990-04-12" });
    for (let i = 0; i < RATE_LIMITS.signupPerAddress.max; i++) expect((await submitSignup(form(i), tenant, context, null)).ok).toBe(true);
    const refused = await submitSignup(form(99), tenant, context, null);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.reply.error?.[""]).toEqual(["security:tooMany"]);
    // What was typed comes back (but the password).
    expect(refused.reply.initialValue).toMatchObject({ email: "flood99@example.com", name: "Flood 99" });
    // Another visitor is not held up.
    expect((await submitSignup(form(100), tenant, contextFor(tenant, { clientIp: "198.51.100.78" }), null)).ok).toBe(true);
  });
});
