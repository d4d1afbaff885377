import { bigint, customType, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members";

/** Raw bytes (PostgreSQL bytea) as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A member's "download my data" (docs/product/accounts.md#download-my-data): asked for in the
 * settings, prepared by a job as a ZIP kept here (never under a public URL), fetched with the
 * one-time link of the mail while logged in, and removed when it expires.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** SHA-256 of the link's token, set when the ZIP is ready. */
    tokenHash: text("token_hash").unique(),
    zip: bytea("zip"),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [index("data_exports_member_idx").on(t.memberId, t.createdAt)],
);
