import { desc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { mailOutbox } from "../../../db/schema/index";
import type { MailService, OutgoingMail } from "./mail";

/** Keeps mail in the database instead of sending it; read at /dev/mail. */
export class OutboxMailService implements MailService {
  constructor(private readonly db: () => Database) {}

  async send(mail: OutgoingMail): Promise<void> {
    await this.db().insert(mailOutbox).values({ ...mail, headers: mail.headers ?? {} });
  }
}

export function listOutbox(db: Database, siteId: string, limit = 100) {
  return db
    .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(eq(mailOutbox.siteId, siteId))
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}

export async function findOutboxMail(db: Database, siteId: string, id: number) {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return mail && mail.siteId === siteId ? mail : null;
}
