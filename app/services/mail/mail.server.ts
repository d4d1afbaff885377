import { db } from "../../../db/database.server";
import { env } from "~/env.server";
import type { MailService } from "./mail";
import { OutboxMailService } from "./outbox.server";
import { RetryingMailService } from "./retrying.server";
import { SmtpMailService } from "./smtp.server";

let instance: MailService | undefined;

/** The local outbox while LOCAL_SERVICES is on, otherwise SMTP (SMTP_HOST is then required). */
export function mailService(): MailService {
  if (!instance) {
    const config = env();
    if (config.localServices) {
      instance = new OutboxMailService(db);
    } else if (config.SMTP_HOST) {
      const smtp = new SmtpMailService({
        host: config.SMTP_HOST,
        port: config.SMTP_PORT,
        secure: config.SMTP_SECURE === "1",
        user: config.SMTP_USER,
        password: config.SMTP_PASSWORD,
      });
      instance = new RetryingMailService(smtp, db);
    } else {
      throw new Error("Invalid environment variable SMTP_HOST: required when LOCAL_SERVICES is off");
    }
  }
  return instance;
}

/** Tries queued mails again (the job runner); nothing to do for the local outbox. */
export async function retryQueuedMails(now = new Date()): Promise<number> {
  const service = mailService();
  return service instanceof RetryingMailService ? service.retryDue(now) : 0;
}

/** Tests hand in a service of their own. */
export function setMailService(service: MailService | undefined): void {
  instance = service;
}
