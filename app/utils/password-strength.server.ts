import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

const zxcvbn = new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });

/**
 * The passwords found most often in breach corpora (the 49,233 of zxcvbn-ts's common list,
 * bundled with the package: no network call), refused outright whatever their score
 * (ASVS 6.2.12, review L-6).
 */
const BREACHED = new Set(dictionary["passwords-common"].map((word) => String(word).toLowerCase()));

export function isBreachedPassword(password: string): boolean {
  return BREACHED.has(password.toLowerCase());
}

/**
 * Refuses passwords an attacker would try early: breached and common passwords, keyboard walks,
 * repeats, and passwords built from the member's own e-mail or name.
 */
export function isGuessablePassword(password: string, userInputs: string[]): boolean {
  return isBreachedPassword(password) || zxcvbn.check(password, personalWords(userInputs)).score < 2;
}

/** "Anna Visser", "anna.visser@example.com" → anna, visser, annavisser, anna.visser, … */
function personalWords(inputs: string[]): string[] {
  const words = new Set<string>();
  for (const input of inputs) {
    const lower = input.toLowerCase().trim();
    if (!lower) continue;
    const local = lower.split("@")[0]!;
    for (const word of [lower, local, local.replace(/[^\p{L}\p{N}]/gu, ""), lower.replace(/\s+/g, "")]) words.add(word);
    for (const part of local.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}
