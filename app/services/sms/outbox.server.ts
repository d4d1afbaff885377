import { desc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { smsOutbox } from "../../../db/schema/index";
import type { OutgoingSms, SmsService } from "./sms";

/** Keeps text messages in the database instead of sending them; read at /dev/sms. */
export class OutboxSmsService implements SmsService {
  constructor(private readonly db: () => Database) {}

  async send(message: OutgoingSms): Promise<void> {
    await this.db().insert(smsOutbox).values({ siteId: message.siteId, to: message.to, body: message.body });
  }
}

/** A brand's messages, newest first. */
export function listSmsOutbox(db: Database, siteId: string, limit = 100) {
  return db
    .select({ id: smsOutbox.id, to: smsOutbox.to, body: smsOutbox.body, createdAt: smsOutbox.createdAt })
    .from(smsOutbox)
    .where(eq(smsOutbox.siteId, siteId))
    .orderBy(desc(smsOutbox.id))
    .limit(limit);
}
