/**
 * The event streams this process holds open, by member and by address (review M-5). Each open
 * stream costs a connection, a heartbeat timer and a session check every minute, so one member or
 * one address may hold only so many: a new stream past the cap ends the oldest one, which a page
 * left open in a forgotten tab never misses (its browser reconnects when it is looked at again).
 */
export interface StreamCaps {
  perMember: number;
  perAddress: number;
}

/** A member has a few tabs open at most; an address is shared by many members (carrier NAT, an office). */
export const STREAM_CAPS: StreamCaps = { perMember: 8, perAddress: 100 };

interface OpenStream {
  memberId: number;
  address: string | null;
  end: () => void;
}

export class OpenStreams {
  private readonly byMember = new Map<number, OpenStream[]>();
  private readonly byAddress = new Map<string, OpenStream[]>();

  constructor(private readonly caps: StreamCaps = STREAM_CAPS) {}

  /**
   * Registers a stream that `end` closes; ends the oldest streams of the same member and address
   * beyond the caps. Returns the function to call once the stream has closed, however it closed.
   */
  open(memberId: number, address: string | null, end: () => void): () => void {
    const stream: OpenStream = { memberId, address, end };
    const ended = [...this.add(this.byMember, memberId, stream, this.caps.perMember), ...(address === null ? [] : this.add(this.byAddress, address, stream, this.caps.perAddress))];
    for (const old of ended) {
      this.release(old);
      old.end();
    }
    return () => this.release(stream);
  }

  /** How many streams are open here (docs/operations.md#metrics). */
  get size(): number {
    let open = 0;
    for (const list of this.byMember.values()) open += list.length;
    return open;
  }

  /** How many streams a member holds open here. */
  countFor(memberId: number): number {
    return this.byMember.get(memberId)?.length ?? 0;
  }

  private add<K>(map: Map<K, OpenStream[]>, key: K, stream: OpenStream, cap: number): OpenStream[] {
    const list = map.get(key) ?? [];
    list.push(stream);
    map.set(key, list);
    return list.length > cap ? list.slice(0, list.length - cap) : [];
  }

  private release(stream: OpenStream): void {
    this.remove(this.byMember, stream.memberId, stream);
    if (stream.address !== null) this.remove(this.byAddress, stream.address, stream);
  }

  private remove<K>(map: Map<K, OpenStream[]>, key: K, stream: OpenStream): void {
    const list = map.get(key);
    if (!list) return;
    const index = list.indexOf(stream);
    if (index >= 0) list.splice(index, 1);
    if (list.length === 0) map.delete(key);
  }
}

let processStreams: OpenStreams | undefined;

/** The open streams of this server process. */
export function openStreams(): OpenStreams {
  processStreams ??= new OpenStreams();
  return processStreams;
}
