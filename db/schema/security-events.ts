import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members";

/**
 * What happened to an account's security (docs/product/safety.md#security-events): logins,
 * failed logins, password and e-mail changes, sessions ended, deletions, payments and
 * direct-debit requests. The address is kept shortened (an IPv4 /24, an IPv6 /48), the browser
 * as a name. Shown to the member as "recent activity"; removed after a year.
 */
export const securityEvents = pgTable(
  "security_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    siteId: text("site_id").notNull(),
    kind: text("kind").notNull(),
    network: text("network"),
    device: text("device"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("security_events_member_idx").on(t.memberId, t.createdAt), index("security_events_created_idx").on(t.createdAt)],
);
