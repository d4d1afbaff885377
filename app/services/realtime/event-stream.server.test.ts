import { describe, expect, it } from "vitest";
import { RECONNECT_MS, RECONNECT_SPREAD_MAX_MS, RECONNECT_SPREAD_PER_STREAM_MS, SESSION_CHECK_EVERY, StreamClock } from "./event-stream.server";

/** Ticks per heartbeat: every stream is pinged once in this many ticks. */
const SLOTS = 25;

function streams(clock: StreamClock, sessionIds: string[]) {
  return sessionIds.map((sessionId) => {
    const stream = { sessionId, pings: 0, ended: false, reconnectAfterMs: undefined as number | undefined, leave: () => undefined as void };
    // As a real stream does: ending it takes it off the clock.
    stream.leave = clock.add({
      sessionId,
      ping: () => (stream.pings += 1),
      end: (reconnectAfterMs) => {
        stream.ended = true;
        stream.reconnectAfterMs = reconnectAfterMs;
        stream.leave();
      },
    });
    return stream;
  });
}

async function ticks(clock: StreamClock, count: number) {
  for (let i = 0; i < count; i++) await clock.tick();
}

describe("StreamClock", () => {
  it("pings every stream once a heartbeat, a slot at a time", async () => {
    const clock = new StreamClock(async (ids) => new Set(ids));
    const open = streams(clock, Array.from({ length: 60 }, (_, i) => `s${i}`));
    await clock.tick();
    // One slot's share, not all of them at once.
    expect(open.filter((stream) => stream.pings === 1).length).toBeLessThanOrEqual(Math.ceil(60 / SLOTS));
    await ticks(clock, SLOTS - 1);
    expect(open.map((stream) => stream.pings)).toEqual(Array(60).fill(1));
    await ticks(clock, SLOTS);
    expect(open.map((stream) => stream.pings)).toEqual(Array(60).fill(2));
    clock.endAll();
  });

  it("checks the sessions every few heartbeats, one query per slot, and ends only the streams whose session is gone", async () => {
    const asked: string[][] = [];
    const revoked = new Set(["gone"]);
    const clock = new StreamClock(async (ids) => {
      asked.push(ids);
      return new Set(ids.filter((id) => !revoked.has(id)));
    });
    // Two tabs of one session land in different slots; 25 streams fill every slot once.
    const open = streams(clock, ["gone", ...Array.from({ length: SLOTS - 2 }, (_, i) => `live${i}`), "gone"]);
    await ticks(clock, SLOTS * (SESSION_CHECK_EVERY - 1));
    expect(asked).toEqual([]);
    expect(open.some((stream) => stream.ended)).toBe(false);
    await ticks(clock, SLOTS);
    expect(asked).toHaveLength(SLOTS);
    expect(asked.every((ids) => ids.length === 1)).toBe(true);
    expect(open.filter((stream) => stream.ended).map((stream) => stream.sessionId)).toEqual(["gone", "gone"]);
    clock.endAll();
  });

  it("asks once for a session shared by streams of one slot", async () => {
    const asked: string[][] = [];
    const clock = new StreamClock(async (ids) => {
      asked.push(ids);
      return new Set(ids);
    });
    // Streams 0 and 25 share slot 0.
    streams(clock, Array.from({ length: SLOTS + 1 }, (_, i) => (i % SLOTS === 0 ? "same" : `other${i}`)));
    await ticks(clock, SLOTS * (SESSION_CHECK_EVERY - 1) + 1);
    expect(asked).toEqual([["same"]]);
    clock.endAll();
  });

  it("ends a slot's streams when their check fails, as a failed check of a single stream did", async () => {
    const clock = new StreamClock(() => Promise.reject(new Error("database unreachable")));
    const open = streams(clock, ["a", "b"]);
    await ticks(clock, SLOTS * SESSION_CHECK_EVERY);
    expect(open.map((stream) => stream.ended)).toEqual([true, true]);
  });

  it("forgets a stream that left, and ends every stream, and each one added after, once the process stops", async () => {
    const clock = new StreamClock(async (ids) => new Set(ids));
    const [first, second] = streams(clock, ["a", "b"]);
    first!.leave();
    expect(clock.size).toBe(1);
    await ticks(clock, SLOTS);
    expect([first!.pings, second!.pings]).toEqual([0, 1]);
    clock.endAll();
    expect(second!.ended).toBe(true);
    const [late] = streams(clock, ["c"]);
    expect(late!.ended).toBe(true);
    expect(clock.size).toBe(0);
  });

  it("spreads the reconnects of a stopping process's streams over time, the more streams the wider", () => {
    const reconnects = (count: number) => {
      const clock = new StreamClock(async (ids) => new Set(ids));
      const open = streams(clock, Array.from({ length: count }, (_, i) => `s${i}`));
      clock.endAll();
      return open.map((stream) => stream.reconnectAfterMs!);
    };
    const few = reconnects(10);
    expect(Math.min(...few)).toBeGreaterThanOrEqual(RECONNECT_MS);
    expect(Math.max(...few)).toBeLessThan(RECONNECT_MS + 10 * RECONNECT_SPREAD_PER_STREAM_MS);
    const many = reconnects(20_000);
    expect(Math.min(...many)).toBeGreaterThanOrEqual(RECONNECT_MS);
    expect(Math.max(...many)).toBeLessThan(RECONNECT_MS + RECONNECT_SPREAD_MAX_MS);
    // Spread, not bunched: no second of the window takes more than a few per cent of them.
    const perSecond = new Map<number, number>();
    for (const ms of many) perSecond.set(Math.floor(ms / 1000), (perSecond.get(Math.floor(ms / 1000)) ?? 0) + 1);
    expect(perSecond.size).toBeGreaterThan(50);
    expect(Math.max(...perSecond.values())).toBeLessThan(20_000 * 0.05);
  });
});
