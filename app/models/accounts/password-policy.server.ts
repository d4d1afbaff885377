import { env } from "~/env.server";
import { breachCount } from "~/services/passwords/breach-corpus.server";
import { isGuessablePassword } from "~/utils/password-strength.server";

/**
 * Whether a new password is refused (docs/product/safety.md#passwords): guessable — common,
 * keyboard walks, built from the person's own name or address — or in the breach corpus
 * (ASVS 6.2.12, review L-6), for members and staff alike.
 */
export async function isRefusedPassword(password: string, userInputs: string[], corpusUrl = env().pwnedPasswordsUrl): Promise<boolean> {
  if (isGuessablePassword(password, userInputs)) return true;
  return corpusUrl !== null && ((await breachCount(password, corpusUrl)) ?? 0) > 0;
}
