import path from "node:path";
import { defineConfig } from "@playwright/test";
import e2e from "./playwright.config";

const root = path.resolve(import.meta.dirname, "..");

/**
 * The screens of docs/product (tests/screens/screens.spec.ts): the browser and the freshly seeded
 * server of the browser tests (E2E_PORT picks the port), one browser after another.
 * `npm run screens` writes the pictures to docs/product/screens; `npm test` only proves they render.
 */
export default defineConfig({
  ...e2e,
  testDir: "./screens",
  // A folder of its own: Playwright empties its output folder on every run.
  outputDir: path.join(root, "test-results", "screens"),
  fullyParallel: false,
  workers: 1,
  timeout: 120_000,
});
