import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/index";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";

/*
 * The pool figures of /metrics (docs/operations.md#metrics): neither driver reports them, so the
 * handle counts what holds a connection — a query outside a transaction, or a whole transaction.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("the database's usage", () => {
  it("counts queries and transactions while they run, and nothing once they are done", async () => {
    expect(database.usage()).toEqual({ size: database.kind === "pglite" ? 1 : 5, busy: 0 });
    let inside = -1;
    const slow = database.db.execute(sql`select pg_sleep(0.3)`);
    const transaction = database.db.transaction(async (tx) => {
      await tx.select({ id: members.id }).from(members).limit(1);
      inside = database.usage().busy;
    });
    const selects = Promise.all([1, 2, 3].map(() => database.db.select({ id: members.id }).from(members).limit(1)));
    // Once every started query has been handed to the driver, the sleeping one at least still holds a connection.
    await new Promise((resolve) => setImmediate(resolve));
    expect(database.usage().busy).toBeGreaterThanOrEqual(2);
    await Promise.all([slow, transaction, selects]);
    // A query inside a transaction is not counted again: the transaction already holds its connection.
    expect(inside).toBeGreaterThanOrEqual(1);
    expect(inside).toBeLessThanOrEqual(5);
    expect(database.usage().busy).toBe(0);
  });

  it("releases a query that failed", async () => {
    await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
    await expect(database.db.transaction(async (tx) => tx.execute(sql`select * from no_such_table`))).rejects.toThrow();
    expect(database.usage().busy).toBe(0);
  });
});
