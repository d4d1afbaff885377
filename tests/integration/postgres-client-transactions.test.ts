import postgres from "postgres";
import { describe, expect, it } from "vitest";

/**
 * A known fault of the PostgreSQL client we use (postgres.js 3.4.9, docs/scaling.md "Open event
 * streams"): `sql.begin` reserves its connection in a hook that the client skips when writing
 * BEGIN fills the connection's pipeline or meets socket backpressure, so the transaction fails
 * with UNSAFE_TRANSACTION and the connection can go back to the pool inside a transaction
 * (porsager/postgres#1189, #823). `max_pipeline: 0` makes every BEGIN meet that boundary, which
 * turns the load-dependent fault into a certain one. This test records the fault: once a release
 * of postgres.js fixes it, it starts failing, and the note in docs/scaling.md goes with it.
 */
const DATABASE_URL = process.env.DATABASE_URL;

describe.skipIf(!DATABASE_URL)("postgres.js transactions at the pipeline boundary", () => {
  it("still loses the reservation of a transaction whose BEGIN fills the pipeline", async () => {
    // `max_pipeline` is an option of the client that its types leave out.
    const sql = postgres(DATABASE_URL!, { max: 2, max_pipeline: 0, onnotice: () => undefined } as postgres.Options<Record<string, never>>);
    try {
      await expect(sql.begin((tx) => tx`select 1 as one`)).rejects.toMatchObject({ code: "UNSAFE_TRANSACTION" });
      // With the default pipeline the same transaction goes through: the fault is the boundary.
      const relaxed = postgres(DATABASE_URL!, { max: 2, onnotice: () => undefined });
      try {
        await expect(relaxed.begin((tx) => tx`select 1 as one`)).resolves.toEqual([{ one: 1 }]);
      } finally {
        await relaxed.end({ timeout: 5 });
      }
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
});
