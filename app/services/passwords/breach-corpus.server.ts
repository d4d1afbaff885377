import { createHash } from "node:crypto";

/**
 * How often a password appears in the Pwned Passwords breach corpus (review L-6), asked of its
 * range API by k-anonymity: only the first five hex digits of the password's SHA-1 leave the
 * server, and the answer (padded, so its size tells nothing) lists every suffix of that range.
 * null when the API could not be asked in time: the bundled list of common passwords still applies
 * (app/utils/password-strength.server.ts), and a signup does not wait on another company's outage.
 */
export async function breachCount(password: string, apiUrl: string, timeoutMs = 2000, fetchRange: typeof fetch = fetch): Promise<number | null> {
  const hash = createHash("sha1").update(password, "utf8").digest("hex").toUpperCase();
  try {
    const response = await fetchRange(`${apiUrl}${hash.slice(0, 5)}`, { headers: { "Add-Padding": "true" }, redirect: "error", signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return null;
    const suffix = hash.slice(5);
    for (const line of (await response.text()).split("\n")) {
      const [candidate, count] = line.trim().split(":");
      if (candidate === suffix) return Number(count) || 0;
    }
    return 0;
  } catch {
    return null;
  }
}
