import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The fixed Dutch product texts, word for word, and the catalogue keys that carry them (the "Fixed texts" of docs/product/accounts.md#fixed-texts, docs/product/chat.md#fixed-texts and docs/product/payments.md#fixed-texts). */
const SPEC_TEXTS: [namespace: string, key: string, text: string][] = [
  ["account", "login.failed", "Login mislukt, probeer opnieuw"],
  ["account", "login.blocked", "Te veel foute pogingen, account voor {{minutes}} min geblokkeerd."],
  ["account", "validation.dateOfBirthInvalid", "Ongeldige geboortedatum."],
  ["account", "validation.emailSuggestion", "Bedoelde je {{suggestion}}?"],
  ["account", "reset.notFound", "E-mailadres niet gevonden"],
  ["account", "reset.invalidLink", "Link verlopen of invalide, vraag een nieuwe e-mail aan"],
  ["account", "reset.tooMany", "Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens."],
  ["account", "reset.mismatch", "De opgegeven wachtwoorden zijn niet gelijk."],
  ["account", "activate.errorTitle", "Activeren mislukt"],
  ["settings", "email.taken", "Dit e-mailadres heeft al een account op deze site."],
  ["settings", "password.wrongOld", "Controleer je oude wachtwoord."],
  ["chat", "refused.insufficientCredits", "Je hebt onvoldoende credits om dit bericht te versturen"],
  ["payments", "discount.errors.not_found", "Code niet gevonden"],
  ["payments", "discount.errors.used", "Code reeds gebruikt"],
  // "geannuleeerd" (three e's) is the deliberate fixed spelling, not a typo (docs/product/payments.md#fixed-texts).
  ["payments", "result.failed.text", "De betaling is mislukt of geannuleeerd."],
  ["payments", "confirm.errors.provider", "Er is een fout opgetreden, probeer het later opnieuw."],
  ["directdebit", "code.invalid", "Code ongeldig"],
];

function lookup(namespace: string, key: string): unknown {
  const catalogue = JSON.parse(readFileSync(path.join("public/locales/nl", `${namespace}.json`), "utf8")) as Record<string, unknown>;
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

describe("fixed texts in the Dutch catalogue", () => {
  it.each(SPEC_TEXTS)("%s:%s is exactly the fixed text", (namespace, key, text) => {
    expect(lookup(namespace, key)).toBe(text);
  });
});
