import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { examine } from "./examine";
import { sessionSecretsCheck } from "./settings-check";
import { tenantsCheck } from "./tenants-check";

const OPTIONS = { timeoutMs: 5000, paymentMode: "test" as const };
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "doctor-unit-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the doctor's examination", () => {
  it("does not run a check on a setting that is wrong, and says which", async () => {
    const { lines, healthy } = await examine({ NODE_ENV: "development", LOCAL_SERVICES: "1", DATA_DIR: tempDir(), S3_BUCKET: "media", S3_PUBLIC_BUCKET: "media-public" }, OPTIONS);
    expect(healthy).toBe(false);
    expect(lines.filter((line) => line.startsWith("PROBLEM settings: S3_"))).toHaveLength(4);
    expect(lines).toContain("skipped storage: not checked: S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL are wrong (above)");
    // The others still run.
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^ok +tenant files: /), expect.stringMatching(/^ok +database: no embedded database yet/)]));
  });
});

describe("the tenant files check", () => {
  it("names every broken file, not only the first, and a DEFAULT_TENANT without a file", async () => {
    const dir = tempDir();
    cpSync("tenants", dir, { recursive: true });
    writeFileSync(path.join(dir, "cougarclub.json"), "{ not json");
    const flirtpunt = JSON.parse(readFileSync(path.join(dir, "flirtpunt.json"), "utf8")) as Record<string, unknown>;
    writeFileSync(path.join(dir, "flirtpunt.json"), JSON.stringify({ ...flirtpunt, currency: "guilders" }));
    const findings = await tenantsCheck.run(parseEnv({ NODE_ENV: "development", LOCAL_SERVICES: "1", TENANTS_DIR: dir }), OPTIONS);
    expect(findings.map((finding) => finding.status)).toEqual(["problem", "problem"]);
    expect(findings[0]!.text).toContain("cougarclub.json");
    expect(findings[1]!.text).toMatch(/flirtpunt\.json: field currency/);
    const unknown = await tenantsCheck.run(parseEnv({ NODE_ENV: "development", LOCAL_SERVICES: "1", DEFAULT_TENANT: "nope" }), OPTIONS);
    expect(unknown).toEqual([{ status: "problem", text: expect.stringMatching(/^DEFAULT_TENANT nope has no tenant file/) }]);
  });
});

describe("the session secrets check", () => {
  const run = (source: Record<string, string>) => sessionSecretsCheck.run(parseEnv({ NODE_ENV: "development", ...source }), OPTIONS);

  it("wants secrets with real services, once each, and lets the local services make their own", async () => {
    await expect(run({ LOCAL_SERVICES: "1" })).resolves.toEqual([{ status: "ok", text: expect.stringMatching(/^SESSION_SECRETS not set: with LOCAL_SERVICES=1/) }]);
    await expect(run({ LOCAL_SERVICES: "1", SESSION_SECRETS: "short" })).resolves.toEqual([{ status: "ok", text: expect.stringMatching(/the shortest 5 characters: enough for local use only/) }]);
    const secret = "s".repeat(40);
    await expect(run({ LOCAL_SERVICES: "0", SESSION_SECRETS: `${secret},${secret}` })).resolves.toEqual([{ status: "problem", text: expect.stringMatching(/lists a secret twice/) }]);
    await expect(run({ LOCAL_SERVICES: "0", SESSION_SECRETS: `${"n".repeat(48)},${secret}` })).resolves.toEqual([{ status: "ok", text: "2 secrets, the shortest 40 characters" }]);
  });
});
