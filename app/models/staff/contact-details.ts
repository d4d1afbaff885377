/*
 * Contact details in an operator's message (docs/product/staff.md#what-operators-may-not-send):
 * a fictional profile never gives a phone number, address, link or social-media handle, also
 * not spelled out ("nul zes …"), spaced ("0 6 1 2 …") or disguised ("naam at gmail punt com").
 */

export type ContactKind = "phone" | "email" | "url" | "social";

/** Number words of the site's eleven languages, zero to nine. */
const NUMBER_WORDS: Record<string, string> = Object.fromEntries(
  [
    ["nul", "zero", "null", "zéro", "cero", "nolla", "noll", "zero", "zer"],
    ["een", "één", "one", "eins", "un", "une", "uno", "una", "en", "et", "yksi", "ett", "jeden", "jedna"],
    ["twee", "two", "zwei", "zwo", "deux", "dos", "due", "to", "kaksi", "två", "dwa"],
    ["drie", "three", "drei", "trois", "tres", "tre", "tri", "kolme", "trzy"],
    ["vier", "four", "quatre", "cuatro", "quattro", "fire", "neljä", "fyra", "cztery"],
    ["vijf", "five", "fünf", "funf", "cinq", "cinco", "cinque", "fem", "viisi", "pięć", "piec"],
    ["zes", "six", "sechs", "seis", "sei", "seks", "kuusi", "sex", "sześć", "szesc"],
    ["zeven", "seven", "sieben", "sept", "siete", "sette", "syv", "sju", "seitsemän", "siedem"],
    ["acht", "eight", "huit", "ocho", "otto", "otte", "åtte", "kahdeksan", "åtta", "osiem"],
    ["negen", "nine", "neun", "neuf", "nueve", "nove", "ni", "yhdeksän", "nio", "dziewięć"],
  ].flatMap((words, digit) => words.map((word) => [word, String(digit)])),
);

/** A number that long is a phone number, whatever separates its digits. */
const PHONE_DIGITS = 7;

const AT = String.raw`(?:@|\(at\)|\[at\]|\{at\}|<at>|\bat\b|\bapenstaartje\b|\bklammeraffe\b|\barobase\b|\barroba\b|\bchiocciola\b|\bsnabel-?a\b|\bmalpa\b|\bät\b)`;
const DOT = String.raw`(?:\.|\(dot\)|\[dot\]|\{dot\}|\bdot\b|\bpunt\b|\bpunkt\b|\bpoint\b|\bpunto\b|\bprik\b|\bpiste\b|\bkropka\b)`;
const TLD = String.raw`(?:com|net|org|nl|be|de|at|ch|fr|es|it|dk|no|se|fi|pl|eu|uk|co|io|me|info|biz|ly|gg|tv|app|xyz|online|site|club)`;

const EMAIL = new RegExp(String.raw`[a-z0-9._%+-]+\s*${AT}\s*[a-z0-9-]+(?:\s*${DOT}\s*[a-z0-9-]+)*\s*${DOT}\s*${TLD}\b`, "i");
const URL_PATTERN = new RegExp(String.raw`(?:https?\s*:\s*/\s*/|\bwww\s*${DOT}|\b[a-z0-9-]{2,}\s*${DOT}\s*${TLD}\b(?:\s*/|$|[\s,.!?)]))`, "i");

/** Names that mean one messaging or social service. */
const SERVICES = String.raw`(?:whats\s*app|whatsap|snap\s*chat|snap|insta(?:gram)?|telegram|kik|facebook|messenger|tik\s*tok|skype|wickr|viber|onlyfans|discord|threema|wechat|hangouts)`;
/** Short names that are ordinary words too: only with a separator before the handle ("sc: naam"). */
const SHORT_SERVICES = String.raw`(?:wa|app|sc|ig|tg|fb|of|line|signal|x)`;
const CONNECTOR = String.raw`(?:[:=@-]|\bis\b|\bist\b|\ber\b|\bär\b|\bon\b|\bop\b|\bauf\b|\bsur\b|\ben\b|\bsu\b|\bpå\b|\bna\b)`;
/** "insta: naam", "mijn snapchat is naam", "sc = naam". */
const SOCIAL_HANDLE = new RegExp(String.raw`\b${SERVICES}\b\s*${CONNECTOR}?\s*@?[a-z0-9_.]{3,}|\b${SHORT_SERVICES}\s*[:=]\s*@?[a-z0-9_.]{3,}`, "i");
/** "add me on snapchat", "schrijf me op whatsapp", "stuur me een appje": asking to go elsewhere. */
const SOCIAL_MOVE = new RegExp(
  String.raw`\b(?:add|voeg|adde|ajoute|añade|aggiungi|tilføj|legg|lägg|lisää|dodaj|schrijf|schreib|write|écris|escríbeme|scrivimi|skriv|kirjoita|napisz|contact|bel|call|ruf|stuur|send|schick)\b[^.!?\n]{0,30}(?:\b${SERVICES}\b|\bappje\b)`,
  "i",
);
/** "@naam" as a handle (an e-mail address is caught above). */
const AT_HANDLE = /(?:^|[\s(])@[a-z0-9_.]{3,}/i;

/** Lower case, accents kept; letters split from digits stay as they are. */
function normalise(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/** The longest run of digits when number words count as digits and separators between them are ignored. */
function longestNumber(text: string): number {
  const tokens = text.split(/[^\p{L}\p{N}+]+/u).filter(Boolean);
  let run = 0;
  let longest = 0;
  for (const token of tokens) {
    const digits = /^\+?\d+$/.test(token) ? token.replace("+", "") : (NUMBER_WORDS[token] ?? null);
    if (digits === null) {
      run = 0;
      continue;
    }
    run += digits.length;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** The kind of contact detail this text gives away, or null when it has none. */
export function contactDetailIn(text: string): ContactKind | null {
  const value = normalise(text);
  if (EMAIL.test(value)) return "email";
  if (URL_PATTERN.test(value)) return "url";
  if (SOCIAL_HANDLE.test(value) || SOCIAL_MOVE.test(value) || AT_HANDLE.test(value)) return "social";
  if (longestNumber(value) >= PHONE_DIGITS) return "phone";
  // Digits written as o/O or l inside a number ("06 l2 34 56 78") still make a phone number.
  if (longestNumber(value.replace(/(?<=\d[\s.-]*)[o](?=[\s.-]*\d)/g, "0").replace(/(?<=\d[\s.-]*)[l](?=[\s.-]*\d)/g, "1")) >= PHONE_DIGITS) return "phone";
  return null;
}
