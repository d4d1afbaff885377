import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Addresses no call of ours to the outside world may reach (review N-L-6): this machine, private
 * and carrier networks, link-local (the cloud metadata service at 169.254.169.254 among them),
 * documentation, benchmark, multicast and reserved ranges; IPv4 inside IPv6 (mapped, NAT64) too,
 * as it can name any of those.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.88.99.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24],
  ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 127], ["64:ff9b::", 96], ["64:ff9b:1::", 48], ["100::", 64], ["2001:db8::", 32], ["2002::", 16],
  ["fc00::", 7], ["fe80::", 10], ["fec0::", 10], ["ff00::", 8],
] as const) NOT_PUBLIC.addSubnet(network, prefix, "ipv6");

/** ::ffff:a.b.c.d, kept apart: in NOT_PUBLIC, BlockList would match every IPv4 address against it. */
const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet("::ffff:0:0", 96, "ipv6");

/** Whether an IP address is one on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6 && IPV4_MAPPED.check(address, "ipv6")) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

export class RefusedAddressError extends Error {
  constructor(host: string, address: string) {
    super(`refused: ${host} is at ${address}, not a public address`);
    this.name = "RefusedAddressError";
  }
}

/**
 * Resolves as the connection does, and refuses a host with any address that is not public: the
 * socket connects to the very address checked here, so a name that resolves otherwise a moment
 * later (DNS rebinding) gains nothing.
 */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) return callback(new RefusedAddressError(hostname, refused?.address ?? "nothing"), "", 0);
    if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

export interface PublicRequest {
  method: "GET" | "POST";
  headers?: Record<string, string>;
  body?: Buffer;
  /** Hosts the deployment names as allowed anyway (POSTBACK_HOSTS, PUSH_ENDPOINT_HOSTS: the tests' local services). */
  allowedHosts: readonly string[];
  timeoutMs: number;
}

export interface PublicAnswer {
  status: number;
  headers: IncomingHttpHeaders;
}

/**
 * One HTTP(S) request to a host on the public internet (conversion postbacks, web push): refused
 * before any connection when the host is, or resolves to, anything else, unless `allowedHosts`
 * names it. No redirect is followed; its status is the answer. The answer's body is not read.
 */
export function publicRequest(url: string, request: PublicRequest): Promise<PublicAnswer> {
  const target = new URL(url);
  if (target.protocol !== "https:" && target.protocol !== "http:") return Promise.reject(new Error(`refused: ${target.protocol} is no HTTP`));
  const host = target.hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  const allowed = request.allowedHosts.includes(host) || request.allowedHosts.includes(target.hostname.toLowerCase());
  // A literal address is connected to without a lookup: it is checked here instead.
  if (!allowed && isIP(host) !== 0 && !isPublicAddress(host)) return Promise.reject(new RefusedAddressError(host, host));
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  const headers: Record<string, string> = { ...request.headers };
  if (request.body) headers["content-length"] = String(request.body.length);
  return new Promise((resolve, reject) => {
    const outgoing = send(target, { method: request.method, headers, signal: AbortSignal.timeout(request.timeoutMs), ...(allowed ? {} : { lookup: publicLookup }) }, (answer) => {
      answer.resume();
      resolve({ status: answer.statusCode ?? 0, headers: answer.headers });
    });
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}
