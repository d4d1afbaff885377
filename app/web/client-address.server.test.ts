import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress, nearestValue, parseTrustedProxies, peerIsTrusted } from "./client-address.server";

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
