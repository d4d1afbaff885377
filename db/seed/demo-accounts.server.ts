import { regionsOf } from "../../app/domain/places";
import type { TenantRegistry } from "../../app/tenancy/registry";
import type { Tenant } from "../../app/tenancy/schema";
import { hashPassword } from "../../app/utils/password.server";
import { eq, like } from "drizzle-orm";
import type { Database } from "../client.server";
import { discountCodes, members, profiles, staffMembers } from "../schema/index";
import { seal } from "../../app/services/secrets/seal.server";

/** Known logins for trying a brand locally; created only when asked for (SEED_DEMO_LOGINS, `db:seed --demo`). */
export const DEMO_PASSWORD = "demo-password-2026";
export type DemoAccountKind = "free" | "premium" | `bench-${number}`;
/** Logins the page benchmarks spread their member requests over (bench/pages.ts); `db:seed -- --profiles` makes them. */
export const BENCH_ACCOUNTS = 120;

/** A discount code to try on every brand (10%, any order, each member once). */
export const DEMO_DISCOUNT_CODE = "DEMO10";

export function demoAccountEmail(tenantId: string, kind: DemoAccountKind): string {
  return `${kind}.${tenantId}@demo.invalid`;
}

/**
 * Two accounts per brand: a free member and a premium (paying) one with credits, both active,
 * a month old, with a filled-in profile. Safe to run again (keyed by seed reference).
 */
export async function seedDemoAccounts(db: Database, registry: TenantRegistry): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const tenant of registry.tenants) {
    for (const kind of ["free", "premium"] as const) await insertAccount(db, tenant, kind, passwordHash);
  }
  await db.insert(discountCodes).values({ code: DEMO_DISCOUNT_CODE, percent: 10 }).onConflictDoNothing();
  for (const [email, roles] of DEMO_STAFF) {
    await db
      .insert(staffMembers)
      .values({ email, name: email.split("@")[0]!, roles, passwordHash, totpSecret: seal("totp-secret", DEMO_STAFF_TOTP_SECRET), uiLanguage: "nl" })
      .onConflictDoNothing();
  }
}

/**
 * Staff logins for trying the staff area locally (docs/product/staff.md): the demo password, and
 * this TOTP secret in an authenticator app (otpauth://totp/Staff?secret=… works in any of them).
 */
export const DEMO_STAFF_TOTP_SECRET = "DEMOSTAFFTOTPKEYDEMOSTAFFTOTPKEY";
export const DEMO_STAFF: ReadonlyArray<readonly [string, string[]]> = [
  ["admin@demo.invalid", ["admin"]],
  ["operator@demo.invalid", ["operator"]],
  // A second operator, to see that a conversation one of them claimed is closed to the other.
  ["operator2@demo.invalid", ["operator"]],
  ["moderator@demo.invalid", ["moderator"]],
  ["support@demo.invalid", ["support"]],
];

async function insertAccount(db: Database, tenant: Tenant, kind: DemoAccountKind, passwordHash: string): Promise<void> {
  const premium = kind === "premium";
  const woman = tenant.niche === 2;
  const country = tenant.countries[0]!;
  const region = regionsOf(country)[0];
  await db.transaction(async (tx) => {
    const [member] = await tx
      .insert(members)
      .values({
        siteId: tenant.id,
        email: demoAccountEmail(tenant.id, kind),
        passwordHash,
        status: "active",
        paidUser: premium,
        credits: premium ? 500 : 20,
        seedRef: `demo-account:${tenant.id}:${kind}`,
        // Members of a month: old enough for everything a new account must wait for (direct debit).
        createdAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000),
      })
      .onConflictDoNothing()
      .returning({ id: members.id });
    if (!member) return;
    await tx.insert(profiles).values({
      memberId: member.id,
      pool: tenant.pool,
      name: premium ? "Demo Premium" : kind === "free" ? "Demo Free" : `Demo ${kind}`,
      gender: woman ? "female" : "male",
      sexuality: tenant.niche === 7 ? "gay" : "hetero",
      birthDate: tenant.settings.min_age >= 40 ? "1960-05-05" : "1988-05-05",
      country,
      region: region?.code ?? null,
      city: region?.cities[0] ?? null,
    });
  });
}

/**
 * Free members with the demo password for the page benchmark (bench/run.ts), which spreads its
 * requests over them as many members would: one member alone would meet the per-member limits
 * (600 profile views an hour). Demo logins like the others, so a real deployment refuses them.
 */
export async function seedBenchAccounts(db: Database, tenant: Tenant, count: number): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (let i = 1; i <= count; i++) await insertAccount(db, tenant, `bench-${i}`, passwordHash);
}

/** Whether the known demo logins (members or staff) or the DEMO10 code exist: a real deployment refuses to start with them. */
export async function demoLoginsPresent(db: Database): Promise<boolean> {
  const logins = await db.select({ id: members.id }).from(members).where(like(members.seedRef, "demo-account:%")).limit(1);
  const codes = await db.select({ code: discountCodes.code }).from(discountCodes).where(eq(discountCodes.code, DEMO_DISCOUNT_CODE)).limit(1);
  const staff = await db.select({ id: staffMembers.id }).from(staffMembers).where(like(staffMembers.email, "%@demo.invalid")).limit(1);
  return logins.length > 0 || codes.length > 0 || staff.length > 0;
}
