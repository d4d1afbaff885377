import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import proxyaddr from "proxy-addr";

/** Whether the address at this hop (0 = the direct peer) is a proxy of ours. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * TRUSTED_PROXIES (docs/product/safety.md#client-address): a number of proxy hops in front of the
 * server, or a comma-separated list of addresses and CIDR ranges (and proxy-addr's names
 * `loopback`, `linklocal`, `uniquelocal`). Unset: no proxy is trusted, forwarding headers are ignored.
 */
export function parseTrustedProxies(setting: string | undefined): ProxyTrust {
  const value = setting?.trim() ?? "";
  if (value === "") return () => false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return proxyaddr.compile(value.split(",").map((part) => part.trim()).filter(Boolean));
}

/**
 * The visitor's address: walking X-Forwarded-For from the right, the first address that is not
 * one of our proxies (a client can put anything at the left end; only what our proxies appended
 * counts).
 */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): string | null {
  if (!req.socket.remoteAddress) return null;
  return proxyaddr(req, trust);
}

/** Whether the direct peer is one of our proxies, whose forwarding headers may be believed. */
export function peerIsTrusted(req: IncomingMessage, trust: ProxyTrust): boolean {
  const peer = req.socket.remoteAddress;
  return peer !== undefined && trust(peer, 0);
}

/** A header our proxy sets: the value it appended last (a client's own value comes first). */
export function nearestValue(headers: Headers, name: string): string | null {
  const value = headers.get(name);
  if (value === null) return null;
  return value.split(",").at(-1)?.trim() || null;
}

/** 127.0.0.0/8 and ::1, also written as an IPv4-mapped IPv6 address. */
export function isLoopback(address: string | null | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith("127.");
  return plain === "::1";
}
