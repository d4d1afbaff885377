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
