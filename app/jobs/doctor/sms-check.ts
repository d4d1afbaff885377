import { ok, problem, reasonOf, skipped, type Check } from "./check";

const MESSAGEBIRD_API = "https://rest.messagebird.com/";

/**
 * MessageBird's access key (app/services/sms/messagebird.server.ts), which sends the direct-debit
 * confirmation codes: a read that sends nothing and costs nothing — the account's balance — so a
 * revoked key or an empty prepaid balance shows before a member waits for a code that never comes.
 */
export const smsCheck: Check = {
  name: "sms",
  settings: ["MESSAGEBIRD_", "SMS_ORIGINATOR", "LOCAL_SERVICES"],
  async run(env, options) {
    if (env.localServices) return [skipped("LOCAL_SERVICES=1: text messages go to the local outbox (/dev/sms); MessageBird not checked")];
    const key = env.MESSAGEBIRD_ACCESS_KEY;
    if (!key) return [problem("MESSAGEBIRD_ACCESS_KEY is not set: required when LOCAL_SERVICES is off (a live access key from MessageBird's dashboard, Developers, API access)")];
    const url = new URL("balance", env.MESSAGEBIRD_API_ENDPOINT?.replace(/\/*$/, "/") ?? MESSAGEBIRD_API);
    try {
      const response = await fetch(url, { headers: { authorization: `AccessKey ${key}`, accept: "application/json" }, signal: AbortSignal.timeout(options.timeoutMs) });
      const body = (await response.json().catch(() => null)) as { payment?: string; amount?: number; type?: string; errors?: { description?: string }[] } | null;
      const detail = body?.errors?.map((error) => error.description).filter(Boolean).join("; ");
      if (response.status === 401) return [problem(`MessageBird refused MESSAGEBIRD_ACCESS_KEY (401${detail ? `: ${detail}` : ""}): the key is mistyped, revoked or a test key; copy a live key from MessageBird's dashboard`)];
      if (!response.ok) return [problem(`MessageBird answered ${response.status} to a read of the balance${detail ? ` (${detail})` : ""}; try again later or ask MessageBird`)];
      const amount = Number(body?.amount ?? 0);
      if (body?.payment === "prepaid" && amount <= 0) return [problem("MessageBird accepts the key, but the prepaid balance is empty: no SMS code goes out until it is topped up")];
      return [ok(`MessageBird accepts the key (${body?.payment ?? "account"}, balance ${amount}${body?.type ? ` ${body.type}` : ""}); sender "${env.SMS_ORIGINATOR}"`)];
    } catch (error) {
      return [problem(`cannot reach MessageBird at ${url.origin}: ${reasonOf(error)}; check the network and MESSAGEBIRD_API_ENDPOINT`)];
    }
  },
};
