import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

const zxcvbn = new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });

/**
 * Refuses passwords an attacker would try early: common passwords, keyboard walks, repeats,
 * and passwords built from the member's own e-mail or name.
 */
export function isGuessablePassword(password: string, userInputs: string[]): boolean {
  return zxcvbn.check(password, personalWords(userInputs)).score < 2;
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
