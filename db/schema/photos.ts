import { bigint, index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members";

export const photoStatus = pgEnum("photo_status", ["pending", "active", "rejected"]);

/** An uploaded photo, stored as WebP in two sizes under storage keys. */
export const photos = pgTable(
  "photos",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    thumbKey: text("thumb_key").notNull(),
    /** A tiny blurred copy as a data: URL, shown instead of a photo locked for this viewer. */
    preview: text("preview"),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    status: photoStatus("status").notNull().default("pending"),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
  },
  (t) => [index("photos_member_idx").on(t.memberId, t.position)],
);

export type Photo = typeof photos.$inferSelect;
