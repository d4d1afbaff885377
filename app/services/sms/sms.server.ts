import { db } from "../../../db/database.server";
import { env } from "~/env.server";
import { MessageBirdSmsService } from "./messagebird.server";
import { OutboxSmsService } from "./outbox.server";
import type { SmsService } from "./sms";

let instance: SmsService | undefined;

/** The local outbox while LOCAL_SERVICES is on, otherwise MessageBird (MESSAGEBIRD_ACCESS_KEY is then required). */
export function smsService(): SmsService {
  if (!instance) {
    const config = env();
    if (config.localServices) {
      instance = new OutboxSmsService(db);
    } else if (config.MESSAGEBIRD_ACCESS_KEY) {
      instance = new MessageBirdSmsService({ accessKey: config.MESSAGEBIRD_ACCESS_KEY, originator: config.SMS_ORIGINATOR, endpoint: config.MESSAGEBIRD_API_ENDPOINT });
    } else {
      throw new Error("Invalid environment variable MESSAGEBIRD_ACCESS_KEY: required when LOCAL_SERVICES is off");
    }
  }
  return instance;
}

/** Tests hand in a service of their own. */
export function setSmsService(service: SmsService | undefined): void {
  instance = service;
}
