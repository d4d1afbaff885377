export interface OutgoingMail {
  siteId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

/** Sends mail: over SMTP in production, into the local outbox (/dev/mail) with LOCAL_SERVICES. */
export interface MailService {
  send(mail: OutgoingMail): Promise<void>;
}
