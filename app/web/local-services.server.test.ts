import { describe, expect, it } from "vitest";
import { isLoopback } from "./client-address.server";
import { requireLocalServices } from "./local-services.server";

describe("the /dev/ pages (review M-7)", () => {
  it("answer a connection from this machine", () => {
    expect(() => requireLocalServices({ fromThisMachine: true })).not.toThrow();
  });

  it("are not found for a connection from anywhere else", () => {
    let thrown: unknown;
    try {
      requireLocalServices({ fromThisMachine: false });
    } catch (error) {
      thrown = error;
    }
    expect((thrown as { init?: ResponseInit }).init?.status).toBe(404);
  });

  it("know this machine's addresses", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) expect(isLoopback(address), address).toBe(true);
    for (const address of ["10.0.0.1", "::ffff:10.0.0.1", "198.18.0.1", "fe80::1", "", null, undefined]) expect(isLoopback(address), String(address)).toBe(false);
  });
});
