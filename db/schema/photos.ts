import { sql } from "drizzle-orm";
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
    /** The 64-bit perceptual hash (docs/product/moderation.md#image-checks), to find a rejected image uploaded again. */
    phash: bigint("phash", { mode: "bigint" }),
    /** What the automatic checks found: small, one_colour, duplicate. Sorts the queue. */
    checkFlags: text("check_flags").array().notNull().default(sql`'{}'::text[]`),
    /** Why a rejected photo was rejected (a reason from docs/product/moderation.md#reasons). */
    rejectReason: text("reject_reason"),
  },
  (t) => [
    index("photos_member_idx").on(t.memberId, t.position),
    index("photos_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index("photos_rejected_hash_idx").on(t.phash).where(sql`${t.status} = 'rejected'`),
  ],
);

export type Photo = typeof photos.$inferSelect;
