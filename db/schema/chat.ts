import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "./members";

export const messageKind = pgEnum("message_kind", ["text", "photo", "gift"]);

/**
 * A conversation between two members (docs/product/chat.md#conversations): one row per pair, the lower member id
 * first, so two members never have two conversations. `started_by` wrote the first message (free
 * members may start two).
 */
export const conversations = pgTable(
  "conversations",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberLow: bigint("member_low", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    memberHigh: bigint("member_high", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    startedBy: bigint("started_by", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("conversations_pair_key").on(t.memberLow, t.memberHigh),
    index("conversations_high_idx").on(t.memberHigh),
    index("conversations_started_idx").on(t.startedBy),
    check("conversations_pair_ordered", sql`${t.memberLow} < ${t.memberHigh}`),
  ],
);

/**
 * One participant's side of a conversation: their place in their list (last message), unread
 * count and read state. `cleared_at` is set when they deleted the conversation: it leaves their
 * list and its older messages are gone for them (the other side keeps theirs).
 */
export const conversationMembers = pgTable(
  "conversation_members",
  {
    conversationId: bigint("conversation_id", { mode: "number" })
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    otherId: bigint("other_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    lastMessageId: bigint("last_message_id", { mode: "number" }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    unread: integer("unread").notNull().default(0),
    /** The newest message of the other member this member has read (their read receipt). */
    readUpTo: bigint("read_up_to", { mode: "number" }).notNull().default(0),
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.memberId] }),
    index("conversation_members_list_idx").on(t.memberId, t.lastMessageAt.desc(), t.conversationId.desc()),
    index("conversation_members_unread_idx").on(t.memberId).where(sql`${t.unread} > 0`),
    check("conversation_members_unread_not_negative", sql`${t.unread} >= 0`),
  ],
);

/** A message: text, a photo (re-encoded, stored under an unguessable key) or a gift from the brand's catalogue. */
export const messages = pgTable(
  "messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint("conversation_id", { mode: "number" })
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: bigint("sender_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    kind: messageKind("kind").notNull(),
    body: text("body"),
    photoKey: text("photo_key"),
    photoThumbKey: text("photo_thumb_key"),
    giftId: text("gift_id"),
    /** What the sender paid (0 for a free message). */
    credits: integer("credits").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.id),
    // Time order is insert order: a small BRIN index finds a day's messages for the brand figures.
    index("messages_created_brin").using("brin", t.createdAt),
  ],
);
