export interface OutgoingSms {
  siteId: string;
  /** E.164, e.g. +31612345678. */
  to: string;
  body: string;
}

/** Sends text messages: through MessageBird in production, into the local outbox (/dev/sms) with LOCAL_SERVICES. */
export interface SmsService {
  send(message: OutgoingSms): Promise<void>;
}
