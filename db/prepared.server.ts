import type { Database } from "./client.server";

/**
 * A statement built once per database handle and from then on only given its values. drizzle
 * otherwise builds the SQL text again on every call, up to 8 % of a member page's CPU
 * (bench/RESULTS.md, "Request path, part four" and "part seven"), and PostgreSQL parses and plans
 * a prepared statement once per connection. Values go to `sql.placeholder`s as the driver takes
 * them: no column maps a placeholder's value, so a time goes as ISO text (`toISOString()`), not as
 * a `Date` (which PGlite takes and postgres.js refuses).
 */
export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const prepared = new WeakMap<Database, T>();
  return (db) => {
    let statement = prepared.get(db);
    if (statement === undefined) prepared.set(db, (statement = prepare(db)));
    return statement;
  };
}
