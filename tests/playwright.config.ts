import path from "node:path";
import { defineConfig } from "@playwright/test";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
/** The bearer token of /metrics for the browser tests' server (tests/e2e/metrics.spec.ts). */
export const E2E_METRICS_TOKEN = "e2e-metrics-token-0123456789";
const root = path.resolve(import.meta.dirname, "..");

export default defineConfig({
  testDir: "./e2e",
  outputDir: path.join(root, "test-results"),
  fullyParallel: true,
  // Half the cores (one on a 2-core machine): each worker drives a browser of its own, and the
  // browsers are most of the CPU the suite needs; with a worker per core the tests starve each
  // other and the server, and slow, not failing, tests ran into their timeouts.
  workers: "50%",
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://flirtpunt.localhost:${E2E_PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // The system Chromium runs the full browser headless, which preloads the address bar's
        // popups (chrome://omnibox-popup.top-chrome) in a renderer of their own for every browser
        // context: about a third of the browser's CPU in these tests, for a popup no test opens.
        "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
      ],
    },
    trace: "retain-on-failure",
  },
  webServer: {
    command: "node tests/e2e/start-server.mjs",
    cwd: root,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    // Request lines would fill the test output; warnings and errors still show.
    env: { E2E_PORT: String(E2E_PORT), LOG_LEVEL: "warn", METRICS_TOKEN: E2E_METRICS_TOKEN },
    stdout: "pipe",
    stderr: "pipe",
  },
});
