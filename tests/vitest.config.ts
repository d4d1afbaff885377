import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");

export default defineConfig({
  root,
  resolve: { alias: { "~": path.join(root, "app") } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/fixtures/**/*.test.ts", "tests/lint/**/*.test.ts", "tests/fuzz/**/*.test.ts", "bench/**/*.test.ts"],
    // Migrates one database that each test file's database is copied from (tests/fixtures/database.ts).
    globalSetup: ["tests/fixtures/database-template.ts"],
    setupFiles: ["tests/fixtures/fail-on-console.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one on the 2-core CI machine, which left a
    // core idle while files waited on their databases and servers. Two workers ran the whole suite,
    // every test passing, in 557 s against 923 s for one on the same (shared, busy) machine.
    maxWorkers: 2,
  },
});
