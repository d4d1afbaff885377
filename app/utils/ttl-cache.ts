/**
 * Remembers values for a while in this process. Only for public, slowly changing numbers where
 * every server may briefly show a different value (never for sessions, limits or balances).
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; expires: number }>();

  /** At most `max` values are kept; a new one beyond that makes the oldest go. */
  constructor(
    private readonly ttlMs: number,
    private readonly max = 1_000,
  ) {}

  get(key: K, load: () => Promise<V>, now = Date.now()): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load();
    this.entries.delete(key);
    // Map keeps insertion order: the first key is the oldest.
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, expires: now + this.ttlMs });
    // A failed load is not remembered.
    value.catch(() => this.entries.delete(key));
    return value;
  }
}
