import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members";

/** A login. The cookie holds only the random id; deleting the row revokes the session. */
export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the random id in the cookie, so a leaked table cannot be replayed. */
    idHash: text("id_hash").primaryKey(),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    siteId: text("site_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    userAgent: text("user_agent"),
    /** The path of the page this browser shows while it is visible (a heartbeat renews it); null once hidden. */
    visiblePath: text("visible_path"),
    visibleAt: timestamp("visible_at", { withTimezone: true }),
  },
  (t) => [index("sessions_member_idx").on(t.memberId), index("sessions_expires_idx").on(t.expiresAt)],
);
