import { readMigrationFiles } from "drizzle-orm/migrator";
import { describe, expect, it } from "vitest";
import { describeUrl, migrationFindings, migrationState } from "./database-check";

const committed = readMigrationFiles({ migrationsFolder: "db/migrations" }).map((migration) => migration.folderMillis);

describe("the migration state", () => {
  it("is current when every committed migration is applied", () => {
    const state = migrationState(committed);
    expect(state).toEqual({ pending: [], unknown: 0, total: committed.length });
    expect(migrationFindings("PostgreSQL at db:5432/app", state)).toEqual([{ status: "ok", text: `PostgreSQL at db:5432/app: reachable, all ${committed.length} migrations applied` }]);
  });

  it("names the migrations not yet applied, as drizzle's migrator decides: those after the last applied", () => {
    const state = migrationState(committed.slice(0, -2));
    expect(state.pending).toHaveLength(2);
    expect(state.pending[0]).toMatch(/^\d{4}_\w+$/);
    expect(migrationFindings("x", state)[0]).toMatchObject({ status: "problem", text: expect.stringContaining(`2 of ${committed.length} migrations not applied`) });
    expect(migrationState([]).pending).toHaveLength(committed.length);
  });

  it("says when the database was migrated by a newer release", () => {
    const state = migrationState([...committed, committed.at(-1)! + 1000]);
    expect(state).toMatchObject({ pending: [], unknown: 1 });
    expect(migrationFindings("x", state)[0]).toMatchObject({ status: "problem", text: expect.stringContaining("a newer release migrated this database") });
  });

  it("shows where a database is without its user or password", () => {
    expect(describeUrl("postgres://app:secret@db.internal:6432/site")).toBe("db.internal:6432/site");
    expect(describeUrl("postgres://app:secret@db.internal/site")).toBe("db.internal:5432/site");
  });
});
