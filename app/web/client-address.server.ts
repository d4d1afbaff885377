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

let untrustedForwardingSeen = false;

/**
 * A proxy in front of the server that TRUSTED_PROXIES does not name makes every visitor one
 * address, which then shares all per-address limits (review N-L-1): said once per process, in the
 * log, when forwarding headers first arrive from a peer that is not trusted.
 */
export function warnUntrustedForwarding(req: IncomingMessage, peerTrusted: boolean, warn: (line: string) => void = console.warn): void {
  if (untrustedForwardingSeen || peerTrusted) return;
  if (req.headers["x-forwarded-for"] === undefined && req.headers.forwarded === undefined) return;
  untrustedForwardingSeen = true;
  warn(`Forwarding headers arrive from ${req.socket.remoteAddress ?? "an unknown peer"}, which TRUSTED_PROXIES does not trust: they are ignored, and every visitor it brings counts as that one address (docs/product/safety.md#client-address).`);
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

/** Headers that tunnels (ngrok, cloudflared) and reverse proxies add for the visitor they bring in. */
const FORWARDING_HEADER = /^(forwarded|via|x-forwarded-.+|x-real-ip|x-client-ip|x-original-forwarded-for|cf-connecting-ip|true-client-ip|fastly-client-ip)$/;

/** `localhost`, `<brand>.localhost` or a loopback address, with or without a port. */
function isLocalHostName(host: string | undefined): boolean {
  const name = (host ?? "").toLowerCase().replace(/:\d+$/, "");
  if (name === "localhost" || name.endsWith(".localhost") || name === "[::1]") return true;
  return isIP(name) === 4 && name.startsWith("127.");
}

/**
 * A person on this machine (the /dev pages, web/local-services.server.ts): a loopback peer is not
 * enough, as a tunnel or proxy on this machine brings every visitor in from 127.0.0.1 (review
 * N-L-7). The request must also carry no forwarding header (unless `forwardedToo`: the browser
 * tests' DEV_PAGES_FORWARDED) and be addressed to a local host name, which a tunnel's public name
 * is not.
 */
export function isFromThisMachine(req: IncomingMessage, forwardedToo = false): boolean {
  if (!isLoopback(req.socket.remoteAddress)) return false;
  if (!forwardedToo && Object.keys(req.headers).some((name) => FORWARDING_HEADER.test(name))) return false;
  return isLocalHostName(req.headers.host);
}
