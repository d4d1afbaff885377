import { describe, expect, it } from "vitest";
import { limitedAddress, widerNetwork } from "./address-network";

describe("limitedAddress", () => {
  it("keeps an IPv4 address, also when mapped into IPv6", () => {
    expect(limitedAddress("198.51.100.7")).toBe("198.51.100.7");
    expect(limitedAddress("::ffff:198.51.100.7")).toBe("198.51.100.7");
  });

  it("counts every address of one IPv6 /64 as one, however it is written", () => {
    const network = "2001:db8:aa:bb::/64";
    for (const address of ["2001:db8:aa:bb::1", "2001:0db8:00aa:00bb:ffff:1:2:3", "2001:DB8:AA:BB:0:0:0:9", "2001:db8:aa:bb::1.2.3.4", "2001:db8:aa:bb::1%eth0"]) {
      expect(limitedAddress(address), address).toBe(network);
    }
    expect(limitedAddress("2001:db8:aa:bc::1")).not.toBe(network);
    expect(limitedAddress("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(limitedAddress("::1")).toBe("0:0:0:0::/64");
  });

  it("leaves what is no address alone (members, phone numbers, mailboxes)", () => {
    for (const subject of ["+31612345678", "someone@example.com", "42"]) expect(limitedAddress(subject)).toBe(subject);
  });
});

describe("widerNetwork", () => {
  it("is an IPv6 address's /48, and nothing for IPv4 or what is no address", () => {
    expect(widerNetwork("2001:db8:aa:bb::1")).toBe("2001:db8:aa::/48");
    expect(widerNetwork("2001:0db8:00aa:ffff:1:2:3:4")).toBe("2001:db8:aa::/48");
    for (const subject of ["198.51.100.7", "::ffff:198.51.100.7", "+31612345678", "someone@example.com"]) expect(widerNetwork(subject)).toBeNull();
  });
});
