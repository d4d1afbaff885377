/**
 * Remembers values for a while in this process. Only for public, slowly changing numbers where
 * every server may briefly show a different value (never for sessions, limits or balances).
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; expires: number }>();

  constructor(private readonly ttlMs: number) {}

  get(key: K, load: () => Promise<V>, now = Date.now()): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load();
    this.entries.set(key, { value, expires: now + this.ttlMs });
    // A failed load is not remembered.
    value.catch(() => this.entries.delete(key));
    return value;
  }
}
