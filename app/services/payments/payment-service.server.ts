import { db } from "../../../db/database.server";
import { env } from "~/env.server";
import { LocalPaymentService } from "./local.server";
import { MolliePaymentService } from "./mollie.server";
import type { PaymentService } from "./payments";

let instance: PaymentService | undefined;

/** The local checkout while LOCAL_SERVICES is on, otherwise Mollie (MOLLIE_API_KEY is then required). */
export function paymentService(): PaymentService {
  if (!instance) {
    const config = env();
    if (config.localServices) {
      instance = new LocalPaymentService(db, () => config.PORT);
    } else if (config.MOLLIE_API_KEY) {
      instance = new MolliePaymentService({ apiKey: config.MOLLIE_API_KEY, apiEndpoint: config.MOLLIE_API_ENDPOINT });
    } else {
      throw new Error("Invalid environment variable MOLLIE_API_KEY: required when LOCAL_SERVICES is off");
    }
  }
  return instance;
}

/** Tests hand in a service of their own. */
export function setPaymentService(service: PaymentService | undefined): void {
  instance = service;
}
