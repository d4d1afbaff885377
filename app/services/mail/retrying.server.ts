import { and, asc, eq, lte, lt } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { mailQueue } from "../../../db/schema";
import type { MailService, OutgoingMail } from "./mail";
import { deliveryAttempted } from "../metrics/business.server";

const MINUTE_MS = 60_000;
/** Tries in all (the first included); after the last the mail is given up and removed a week later. */
export const MAX_MAIL_ATTEMPTS = 8;

function pauseAfter(attempts: number): number {
  // 1, 2, 4 … 64 minutes: about two hours of a provider being away are bridged.
  return Math.min(64, 2 ** (attempts - 1)) * MINUTE_MS;
}

/**
 * The mail provider with a queue behind it: a mail it refuses (down, unreachable, timing out) is
 * kept in the database and tried again by the job runner, instead of failing the request that
 * sent it (a signup, a password reset). Mails it takes are never stored.
 */
export class RetryingMailService implements MailService {
  constructor(
    private readonly inner: MailService,
    private readonly database: () => Database,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    try {
      await this.inner.send(mail);
      deliveryAttempted("mail", true);
    } catch (error) {
      deliveryAttempted("mail", false);
      const { siteId, ...rest } = mail;
      await this.database()
        .insert(mailQueue)
        .values({ siteId, mail: rest, attempts: 1, nextAttemptAt: new Date(Date.now() + pauseAfter(1)), lastError: describe(error) });
      console.warn(`mail to the provider failed, queued for another try: ${describe(error)}`);
    }
  }

  /** Tries the due mails again; returns how many went out. */
  async retryDue(now = new Date()): Promise<number> {
    const db = this.database();
    await db.delete(mailQueue).where(and(eq(mailQueue.attempts, MAX_MAIL_ATTEMPTS), lt(mailQueue.nextAttemptAt, new Date(now.getTime() - 7 * 24 * 60 * MINUTE_MS))));
    const due = await db.select().from(mailQueue).where(and(lte(mailQueue.nextAttemptAt, now), lt(mailQueue.attempts, MAX_MAIL_ATTEMPTS))).orderBy(asc(mailQueue.id)).limit(50);
    let sent = 0;
    for (const row of due) {
      try {
        await this.inner.send({ siteId: row.siteId, ...row.mail });
        deliveryAttempted("mail", true);
        await db.delete(mailQueue).where(eq(mailQueue.id, row.id));
        sent += 1;
      } catch (error) {
        deliveryAttempted("mail", false);
        const attempts = row.attempts + 1;
        await db.update(mailQueue).set({ attempts, nextAttemptAt: new Date(now.getTime() + pauseAfter(attempts)), lastError: describe(error) }).where(eq(mailQueue.id, row.id));
      }
    }
    return sent;
  }
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}
