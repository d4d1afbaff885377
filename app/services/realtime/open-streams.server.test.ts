import { describe, expect, it } from "vitest";
import { OpenStreams } from "./open-streams.server";

describe("OpenStreams", () => {
  it("ends a member's oldest stream when a new one passes the member's cap", () => {
    const streams = new OpenStreams({ perMember: 2, perAddress: 10 });
    const ended: string[] = [];
    streams.open(1, "198.51.100.1", () => ended.push("a"));
    streams.open(1, "198.51.100.2", () => ended.push("b"));
    streams.open(2, "198.51.100.1", () => ended.push("other"));
    expect(ended).toEqual([]);
    streams.open(1, "198.51.100.3", () => ended.push("c"));
    expect(ended).toEqual(["a"]);
    expect(streams.countFor(1)).toBe(2);
    expect(streams.countFor(2)).toBe(1);
    // All the process holds open (dating_event_streams_open): the ended one no longer counts.
    expect(streams.size).toBe(3);
  });

  it("ends the oldest stream of an address past its cap, whoever's it is", () => {
    const streams = new OpenStreams({ perMember: 10, perAddress: 2 });
    const ended: number[] = [];
    for (const member of [1, 2, 3]) streams.open(member, "2001:db8::/64", () => ended.push(member));
    expect(ended).toEqual([1]);
    expect(streams.countFor(1)).toBe(0);
  });

  it("forgets a stream that closed by itself, so it never counts against a new one", () => {
    const streams = new OpenStreams({ perMember: 1, perAddress: 10 });
    const ended: string[] = [];
    const closed = streams.open(1, null, () => ended.push("a"));
    closed();
    streams.open(1, null, () => ended.push("b"));
    expect(ended).toEqual([]);
    expect(streams.countFor(1)).toBe(1);
  });
});
