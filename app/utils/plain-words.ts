/**
 * Text as a list of plain words for phrase matching: lower case without accents (é → e),
 * punctuation as single spaces, with a space at each end so " phrase " matches whole words only.
 */
export function plainWords(text: string): string {
  return ` ${text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
}

/** Whether the text holds any of the phrases (each given as plainWords made it). */
export function holdsPhrase(text: string, plainPhrases: readonly string[]): boolean {
  const words = plainWords(text);
  return plainPhrases.some((phrase) => words.includes(phrase));
}
