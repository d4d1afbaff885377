import { bigint, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "./members";
import { orders } from "./orders";
import { staffMembers } from "./staff";

/**
 * A complaint or question (docs/product/support.md#cases) from /complaints: a member's or a
 * visitor's, with the address answers go to. `reference` is the case number people quote.
 */
export const supportCases = pgTable(
  "support_cases",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    reference: text("reference").notNull(),
    siteId: text("site_id").notNull(),
    memberId: bigint("member_id", { mode: "number" }).references(() => members.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    language: text("language").notNull(),
    subject: text("subject").notNull(),
    /** The order the person named (a payment complaint), when it is theirs; what they typed is kept as given. */
    orderId: bigint("order_id", { mode: "number" }).references(() => orders.id, { onDelete: "set null" }),
    orderReference: text("order_reference"),
    status: text("status", { enum: ["open", "waiting", "closed"] }).notNull().default("open"),
    /** Secret of the reply address and the reply link, sealed: only who got our mail can add to the case. */
    replyToken: text("reply_token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("support_cases_reference_key").on(t.reference),
    index("support_cases_queue_idx").on(t.status, t.updatedAt),
    index("support_cases_member_idx").on(t.memberId),
  ],
);

/** One message of a case: from the person (form, mail) or from staff (sent by mail). */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    caseId: bigint("case_id", { mode: "number" })
      .notNull()
      .references(() => supportCases.id, { onDelete: "cascade" }),
    author: text("author", { enum: ["customer", "staff"] }).notNull(),
    staffId: bigint("staff_id", { mode: "number" }).references(() => staffMembers.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    via: text("via", { enum: ["form", "mail", "staff"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("support_messages_case_idx").on(t.caseId, t.id)],
);
