import { randomBytes } from "node:crypto";
import { and, eq, like, ne } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { members, profiles } from "../../../db/schema/index";
import { demoAccountEmail } from "../../../db/seed/demo-accounts.server";
import { sendMessage } from "~/models/chat/chat-send.server";
import type { Tenant } from "~/tenancy/schema";

export interface DrillMessage {
  email: string;
  conversationId: number;
  text: string;
}

/**
 * A message only this run writes, from the brand's premium demo login to one of the pool's demo
 * members, through the chat's own rules: after the restore the drill must find exactly this
 * text in the member's conversation, which no seed and no earlier run could have put there.
 */
export async function writeDrillMessage(db: Database, tenant: Tenant): Promise<DrillMessage> {
  const email = demoAccountEmail(tenant.id, "premium");
  const [sender] = await db.select({ id: members.id }).from(members).where(and(eq(members.siteId, tenant.id), eq(members.email, email)));
  if (!sender) throw new Error(`no demo login ${email}: the seed ran without --demo`);
  const [recipient] = await db
    .select({ id: members.id })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(and(eq(profiles.pool, tenant.pool), eq(profiles.listed, true), eq(members.status, "active"), eq(members.isFictional, false), like(members.seedRef, `${tenant.pool}:%`), ne(members.id, sender.id)))
    .limit(1);
  if (!recipient) throw new Error(`no listed demo member in pool ${tenant.pool} to write to`);
  const text = `Restore drill ${new Date().toISOString()} ${randomBytes(4).toString("hex")}`;
  const sent = await sendMessage(db, { senderId: sender.id, recipientId: recipient.id, tenant, content: { kind: "text", body: text } });
  if (!sent.ok) throw new Error(`the drill's message was refused: ${sent.reason}`);
  return { email, conversationId: sent.conversationId, text };
}
