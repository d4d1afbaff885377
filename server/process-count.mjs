/**
 * How many server processes to run: WEB_CONCURRENCY when set, else one per core in production.
 * The embedded database lives inside one process, so without DATABASE_URL it is always one
 * (docs/scaling.md#processes).
 *
 * @param {Record<string, string | undefined>} env
 * @param {number} cores
 * @returns {{ count: number, note?: string }}
 */
export function processCount(env, cores) {
  const asked = env.WEB_CONCURRENCY?.trim();
  if (asked && !/^[1-9]\d{0,2}$/.test(asked)) throw new Error(`WEB_CONCURRENCY: a whole number from 1 is expected, not "${asked}"`);
  const wanted = asked ? Number(asked) : env.NODE_ENV === "production" ? cores : 1;
  if (wanted > 1 && !env.DATABASE_URL) {
    return { count: 1, note: asked ? `WEB_CONCURRENCY=${asked}: the embedded database serves one process; set DATABASE_URL for more` : undefined };
  }
  return { count: wanted };
}
