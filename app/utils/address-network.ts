import { isIP } from "node:net";

/**
 * The part of a client address that one person holds, as limits count it (review N-L-1): an IPv4
 * address as it is, an IPv6 address by its /64 — every home connection and server gets a whole /64,
 * so counting single addresses lets anyone rotate through 2^64 of them. Anything else comes back unchanged.
 */
export function limitedAddress(address: string): string {
  const plain = address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(plain) !== 6) return plain;
  return `${ipv6Groups(plain).slice(0, 4).join(":")}::/64`;
}

/**
 * An IPv6 /48 holds 65,536 /64s, each counted as one person: one holder rotating through them is
 * held by a ceiling on the whole /48 of this many times a limit (review N-L-1).
 */
export const WIDER_NETWORK_FACTOR = 16;

/**
 * The wider network of an IPv6 address, its /48 (a site's or a provider customer's whole
 * allocation, 65,536 /64s), or null for IPv4: limits put a ceiling on it too (review N-L-1).
 */
export function widerNetwork(address: string): string | null {
  if (isIP(address) !== 6 || (address.startsWith("::ffff:") && isIP(address.slice(7)) === 4)) return null;
  return `${ipv6Groups(address).slice(0, 3).join(":")}::/48`;
}

/** The eight groups of an IPv6 address, without leading zeros (a trailing embedded IPv4 part included). */
function ipv6Groups(address: string): string[] {
  const bare = address.split("%")[0]!.toLowerCase();
  const [head, tail] = bare.includes("::") ? bare.split("::") : [bare, undefined];
  const parts = (text: string | undefined) => (text ? text.split(":").flatMap(embeddedIPv4) : []);
  const front = parts(head);
  const back = parts(tail);
  const groups = tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill("0"), ...back];
  return groups.map((group) => group.replace(/^0+(?=.)/, ""));
}

function embeddedIPv4(part: string): string[] {
  if (!part.includes(".")) return [part];
  const [a, b, c, d] = part.split(".").map(Number) as [number, number, number, number];
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
