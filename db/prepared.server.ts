import type { Database } from "./client.server";
import { observeQuery } from "../app/services/metrics/database.server";

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

/**
 * Prepares a statement under its name and times each execution by that name
 * (`dating_db_query_duration_seconds`, docs/operations.md#metrics): drizzle keeps no name on
 * the prepared query, so the name is given here once for both.
 */
export function prepareTimed<Q extends { execute(...args: never[]): Promise<unknown> }>(builder: { prepare(name: string): Q }, name: string): Q {
  const query = builder.prepare(name);
  const execute = query.execute.bind(query) as (...args: unknown[]) => Promise<unknown>;
  query.execute = (async (...args: unknown[]) => {
    const started = performance.now();
    try {
      return await execute(...args);
    } finally {
      observeQuery(name, (performance.now() - started) / 1000);
    }
  }) as Q["execute"];
  return query;
}
