/**
 * What a member's name may hold (review I-5): letters and marks of any script, digits, spaces and
 * the punctuation of real names (. ' ’ -). No control or bidi characters, which can make a name
 * read differently in another member's mail or list, and nothing that reads as a web address.
 */
const NAME_CHARACTERS = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .'’-]*$/u;
const ADDRESS_LIKE = /https?:|www\.|\.[a-z]{2,}(?![\p{L}])/iu;

export function isPlainName(name: string): boolean {
  return NAME_CHARACTERS.test(name) && !ADDRESS_LIKE.test(name);
}
