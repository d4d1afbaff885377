import { ok, problem, reasonOf, skipped, type Check, type Finding } from "./check";

const MOLLIE_API = "https://api.mollie.com/v2/";

/** The kind of a Mollie API key by its prefix; null for something else (an access token, a profile id). */
export function mollieKeyMode(key: string): "live" | "test" | null {
  if (/^live_\w{20,}$/.test(key)) return "live";
  if (/^test_\w{20,}$/.test(key)) return "test";
  return null;
}

/**
 * Mollie's key and account (app/services/payments/mollie.server.ts): the kind of key the
 * deployment expects, and a read that changes nothing — the active payment methods — so a
 * revoked key or an account without methods shows before a member tries to pay. A plain fetch,
 * so the doctor's deadline bounds it.
 */
export const paymentsCheck: Check = {
  name: "payments",
  settings: ["MOLLIE_", "LOCAL_SERVICES", "NODE_ENV"],
  async run(env, options) {
    if (env.localServices) return [skipped("LOCAL_SERVICES=1: payments go to the simulated checkout (/dev/checkout); Mollie not checked")];
    const key = env.MOLLIE_API_KEY;
    if (!key) return [problem("MOLLIE_API_KEY is not set: required when LOCAL_SERVICES is off (the API key from Mollie's dashboard, Developers, API keys)")];
    const mode = mollieKeyMode(key);
    if (!mode) return [problem("MOLLIE_API_KEY is not a Mollie API key (it starts with live_ or test_): take it from Mollie's dashboard, Developers, API keys")];
    const findings: Finding[] = [];
    if (mode !== options.paymentMode) {
      findings.push(
        mode === "test"
          ? problem("MOLLIE_API_KEY is a test key where a live key is expected (NODE_ENV=production): members' payments are not real; use the live_ key, or on a test deployment run `npm run doctor -- --payments test`")
          : problem("MOLLIE_API_KEY is a live key where a test key is expected: payments here take real money; use the test_ key, or run `npm run doctor -- --payments live` where that is meant"),
      );
    }
    const url = new URL("methods", env.MOLLIE_API_ENDPOINT ?? MOLLIE_API);
    try {
      const response = await fetch(url, { headers: { authorization: `Bearer ${key}`, accept: "application/hal+json" }, signal: AbortSignal.timeout(options.timeoutMs) });
      const body = (await response.json().catch(() => null)) as { detail?: string; _embedded?: { methods?: { id: string }[] } } | null;
      if (response.status === 401) {
        findings.push(problem(`Mollie refused MOLLIE_API_KEY (401${body?.detail ? `: ${body.detail}` : ""}): the key is mistyped or revoked; copy it again from Mollie's dashboard`));
      } else if (!response.ok) {
        findings.push(problem(`Mollie answered ${response.status} to a read of the payment methods${body?.detail ? ` (${body.detail})` : ""}; try again later or ask Mollie`));
      } else {
        const methods = (body?._embedded?.methods ?? []).map((method) => method.id);
        findings.push(
          methods.length > 0
            ? ok(`Mollie accepts the ${mode} key; payment methods active: ${methods.join(", ")}`)
            : problem(`Mollie accepts the ${mode} key, but no payment method is active: activate them in Mollie's dashboard (Settings, Payment methods)`),
        );
      }
    } catch (error) {
      findings.push(problem(`cannot reach Mollie at ${url.origin}: ${reasonOf(error)}; check the network and MOLLIE_API_ENDPOINT`));
    }
    return findings;
  },
};
