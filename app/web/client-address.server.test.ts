import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress, isFromThisMachine, nearestValue, parseTrustedProxies, peerIsTrusted, warnUntrustedForwarding } from "./client-address.server";

function from(peer: string, forwardedFor?: string): IncomingMessage {
  const socket = { remoteAddress: peer };
  return { socket, connection: socket, headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} } as unknown as IncomingMessage;
}

describe("the visitor's address", () => {
  it("ignores X-Forwarded-For when no proxy is trusted", () => {
    const trust = parseTrustedProxies(undefined);
    expect(clientAddress(from("203.0.113.5", "198.51.100.1"), trust)).toBe("203.0.113.5");
    expect(peerIsTrusted(from("127.0.0.1"), trust)).toBe(false);
  });

  it("takes the right-most address our proxies did not add, not the one the client wrote first", () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; our one proxy appended the real peer.
    const oneHop = parseTrustedProxies("1");
    expect(clientAddress(from("10.0.0.2", "1.2.3.4, 203.0.113.9"), oneHop)).toBe("203.0.113.9");
    const byRange = parseTrustedProxies("10.0.0.0/8, 127.0.0.1");
    expect(clientAddress(from("10.0.0.2", "1.2.3.4, 203.0.113.9, 10.0.0.7"), byRange)).toBe("203.0.113.9");
    expect(peerIsTrusted(from("10.0.0.2"), byRange)).toBe(true);
    // A request straight from the internet cannot claim another address.
    expect(clientAddress(from("203.0.113.50", "1.2.3.4"), byRange)).toBe("203.0.113.50");
    expect(peerIsTrusted(from("203.0.113.50"), byRange)).toBe(false);
  });
});

describe("a forwarded header", () => {
  it("counts the value our proxy appended last, not the client's own", () => {
    expect(nearestValue(new Headers({ "x-forwarded-host": "otherbrand.example, flirtpunt.nl" }), "x-forwarded-host")).toBe("flirtpunt.nl");
    expect(nearestValue(new Headers({ "x-forwarded-host": "flirtpunt.nl" }), "x-forwarded-host")).toBe("flirtpunt.nl");
    expect(nearestValue(new Headers(), "x-forwarded-host")).toBeNull();
  });
});

describe("forwarding headers from a peer that is not trusted (review N-L-1)", () => {
  it("are said in the log once per process, naming the peer; a trusted peer or no header says nothing", () => {
    const lines: string[] = [];
    const warn = (line: string) => lines.push(line);
    warnUntrustedForwarding(from("10.0.0.5"), false, warn);
    warnUntrustedForwarding(from("10.0.0.5", "203.0.113.9"), true, warn);
    expect(lines).toEqual([]);
    warnUntrustedForwarding(from("10.0.0.5", "203.0.113.9"), false, warn);
    warnUntrustedForwarding(from("10.0.0.6", "203.0.113.9"), false, warn);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("10.0.0.5");
    expect(lines[0]).toContain("TRUSTED_PROXIES");
  });
});

describe("a request from this machine (the /dev pages)", () => {
  const local = (host: string, headers: Record<string, string> = {}, peer = "127.0.0.1") => ({ socket: { remoteAddress: peer }, headers: { host, ...headers } }) as unknown as IncomingMessage;

  it("is a loopback peer, at a local host name, with no forwarding header", () => {
    expect(isFromThisMachine(local("flirtpunt.localhost:3000"))).toBe(true);
    expect(isFromThisMachine(local("localhost:3000", {}, "::1"))).toBe(true);
    expect(isFromThisMachine(local("127.0.0.1:3000", {}, "::ffff:127.0.0.1"))).toBe(true);
  });

  it("is not what a tunnel or proxy on this machine brings in, nor another machine", () => {
    expect(isFromThisMachine(local("abc.ngrok-free.app"))).toBe(false);
    expect(isFromThisMachine(local("localhost:3000", { "x-forwarded-for": "203.0.113.9" }))).toBe(false);
    expect(isFromThisMachine(local("localhost:3000", { forwarded: "for=203.0.113.9" }))).toBe(false);
    expect(isFromThisMachine(local("localhost:3000", { "cf-connecting-ip": "203.0.113.9" }))).toBe(false);
    expect(isFromThisMachine(local("localhost:3000", {}, "203.0.113.9"))).toBe(false);
    expect(isFromThisMachine(local("localhost.example.com"))).toBe(false);
  });

  it("may be forwarded by a proxy on this machine when the browser tests say so, still at a local host name", () => {
    expect(isFromThisMachine(local("flirtpunt.localhost:3830", { "x-forwarded-for": "198.18.1.2" }), true)).toBe(true);
    expect(isFromThisMachine(local("abc.ngrok-free.app", { "x-forwarded-for": "198.18.1.2" }), true)).toBe(false);
    expect(isFromThisMachine(local("localhost", { "x-forwarded-for": "198.18.1.2" }, "203.0.113.9"), true)).toBe(false);
  });
});
