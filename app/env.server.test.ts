import { describe, expect, it } from "vitest";
import { parseEnv, readSettings, requireSessionSecrets, SettingError } from "./env.server";

describe("parseEnv", () => {
  it("keeps the local services, dev hosts and seeding off unless asked for, in development too (review M-7)", () => {
    const env = parseEnv({ NODE_ENV: "development", LOCAL_SERVICES: "1" });
    expect(parseEnv({ NODE_ENV: "development", SESSION_SECRETS: "s".repeat(32) }).localServices).toBe(false);
    expect(env.devTenantHosts).toBe(false);
    expect(env.seedOnStart).toBe(false);
    expect(env.seedDemoLogins).toBe(false);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.PORT).toBe(3000);
  });

  it("turns them on when set, in production too", () => {
    const opted = parseEnv({ NODE_ENV: "production", LOCAL_SERVICES: "1", DEV_TENANT_HOSTS: "true", SEED_ON_START: "1", SEED_DEMO_LOGINS: "1" });
    expect(opted.localServices).toBe(true);
    expect(opted.devTenantHosts).toBe(true);
    expect(opted.seedOnStart).toBe(true);
    expect(opted.seedDemoLogins).toBe(true);
  });

  it("runs the scheduled jobs unless told RUN_JOBS=0, and refuses another value", () => {
    expect(parseEnv({ NODE_ENV: "test" }).runJobs).toBe(true);
    expect(parseEnv({ NODE_ENV: "test", RUN_JOBS: "0" }).runJobs).toBe(false);
    expect(() => parseEnv({ NODE_ENV: "test", RUN_JOBS: "no" })).toThrow(/RUN_JOBS/);
  });

  it("never creates demo logins with real services", () => {
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRETS: "x".repeat(32), SEED_DEMO_LOGINS: "1" }).seedDemoLogins).toBe(false);
  });

  it("lets the test runner have the local services by default", () => {
    expect(parseEnv({ NODE_ENV: "test" }).localServices).toBe(true);
    expect(parseEnv({ NODE_ENV: "test", LOCAL_SERVICES: "0" }).localServices).toBe(false);
  });

  it("requires long session secrets whenever the local services are off, whatever NODE_ENV says (review N-L-9)", () => {
    expect(() => parseEnv({ NODE_ENV: "development", SESSION_SECRETS: "short" })).toThrow(/at least 32 characters/);
    expect(() => parseEnv({ NODE_ENV: "development", SESSION_SECRETS: `${"x".repeat(32)},short` })).toThrow(/at least 32 characters/);
    expect(parseEnv({ NODE_ENV: "development", SESSION_SECRETS: "x".repeat(32) }).sessionSecrets).toHaveLength(1);
  });

  it("marks cookies Secure in production and whenever the local services are off (review N-L-9)", () => {
    expect(parseEnv({ NODE_ENV: "development", SESSION_SECRETS: "x".repeat(32) }).secureCookies).toBe(true);
    expect(parseEnv({ NODE_ENV: "production", LOCAL_SERVICES: "1" }).secureCookies).toBe(true);
    expect(parseEnv({ NODE_ENV: "development", LOCAL_SERVICES: "1" }).secureCookies).toBe(false);
  });

  it("refuses NODE_ENV=test outside the test runner: its built-in secret is for tests only (review N-L-9)", () => {
    expect(() => parseEnv({ NODE_ENV: "test" }, { testRunner: false })).toThrow(/NODE_ENV=test/);
    expect(parseEnv({ NODE_ENV: "test" }, { testRunner: true }).localServices).toBe(true);
  });

  it("requires session secrets without the local services, and long ones in production (review M-7)", () => {
    expect(() => requireSessionSecrets(parseEnv({ NODE_ENV: "production" }))).toThrow(/SESSION_SECRETS: required unless LOCAL_SERVICES=1/);
    expect(() => requireSessionSecrets(parseEnv({ NODE_ENV: "development" }))).toThrow(SettingError);
    expect(() => requireSessionSecrets(parseEnv({ NODE_ENV: "development", LOCAL_SERVICES: "1" }))).not.toThrow();
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRETS: "short" })).toThrow(/at least 32 characters/);
    // The local demo runs on a secret generated for it (app/services/secrets/keys.server.ts), none written down.
    expect(parseEnv({ NODE_ENV: "production", LOCAL_SERVICES: "1" }).sessionSecrets).toEqual([]);
    const [fresh, old] = ["n".repeat(32), "o".repeat(32)];
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRETS: `${fresh}, ${old}` }).sessionSecrets).toEqual([fresh, old]);
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ NODE_ENV: "test", PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ NODE_ENV: "test", DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
  });

  it("refuses the old TRUST_FORWARDED_FOR rather than ignoring it", () => {
    expect(() => parseEnv({ NODE_ENV: "test", TRUST_FORWARDED_FOR: "1" })).toThrow(/TRUST_FORWARDED_FOR: replaced by TRUSTED_PROXIES/);
    expect(parseEnv({ NODE_ENV: "test", TRUSTED_PROXIES: "1" }).TRUSTED_PROXIES).toBe("1");
  });
});

describe("parseEnv object storage", () => {
  const s3 = {
    NODE_ENV: "test",
    S3_ENDPOINT: "https://s3.eu-central-1.amazonaws.com",
    S3_BUCKET: "media",
    S3_PUBLIC_BUCKET: "media-public",
    S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
    S3_SECRET_ACCESS_KEY: "secret",
    S3_PUBLIC_URL: "https://cdn.example.com",
  };

  it("keeps files on the local disk without a bucket", () => {
    expect(parseEnv({ NODE_ENV: "test" }).s3).toBeNull();
    expect(parseEnv({ NODE_ENV: "test", S3_BUCKET: "" }).s3).toBeNull();
  });

  it("reads the object storage settings when a bucket is set", () => {
    expect(parseEnv(s3).s3).toEqual({
      endpoint: "https://s3.eu-central-1.amazonaws.com",
      bucket: "media",
      publicBucket: "media-public",
      region: "us-east-1",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "secret",
      forcePathStyle: false,
      publicUrl: "https://cdn.example.com",
    });
    expect(parseEnv({ ...s3, S3_REGION: "eu-central-1" }).s3?.region).toBe("eu-central-1");
    expect(parseEnv({ ...s3, S3_FORCE_PATH_STYLE: "1" }).s3?.forcePathStyle).toBe(true);
    expect(parseEnv({ ...s3, S3_FORCE_PATH_STYLE: "true" }).s3?.forcePathStyle).toBe(true);
    expect(parseEnv({ ...s3, S3_FORCE_PATH_STYLE: "0" }).s3?.forcePathStyle).toBe(false);
  });

  it("names each setting a bucket cannot do without", () => {
    for (const name of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const) {
      expect(() => parseEnv({ ...s3, [name]: undefined })).toThrow(`Invalid environment variable ${name}: required when S3_BUCKET is set`);
    }
  });

  it("refuses to start with a bucket but no public bucket, or the same one twice (review L-3)", () => {
    expect(() => parseEnv({ ...s3, S3_PUBLIC_BUCKET: undefined })).toThrow(/^Invalid environment variable S3_PUBLIC_BUCKET: required when S3_BUCKET is set/);
    expect(() => parseEnv({ ...s3, S3_PUBLIC_BUCKET: "media" })).toThrow(/^Invalid environment variable S3_PUBLIC_BUCKET: must be another bucket than S3_BUCKET/);
  });

  it("requires the URLs to be URLs", () => {
    expect(() => parseEnv({ ...s3, S3_ENDPOINT: "s3.example.com" })).toThrow(/S3_ENDPOINT/);
    expect(() => parseEnv({ ...s3, S3_PUBLIC_URL: "cdn" })).toThrow(/S3_PUBLIC_URL/);
  });
});

describe("readSettings", () => {
  it("lists every setting that is wrong, where parseEnv stops at the first, and keeps the rest", () => {
    const source = { NODE_ENV: "production", PORT: "eighty", DATABASE_URL: "not a url", SESSION_SECRETS: "short", S3_BUCKET: "media", S3_PUBLIC_BUCKET: "media", DATA_DIR: "/srv/data" };
    expect(() => parseEnv(source)).toThrow(/^Invalid environment variable PORT:/);
    const { env, problems } = readSettings(source);
    expect(problems.map((problem) => problem.setting)).toEqual(["PORT", "DATABASE_URL", "SESSION_SECRETS", "S3_PUBLIC_BUCKET", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"]);
    expect(problems.every((problem) => problem instanceof SettingError)).toBe(true);
    // A wrong setting is left out: its default, or unset; the others stay as given.
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "/srv/data", s3: null });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("finds nothing wrong in settings parseEnv accepts", () => {
    expect(readSettings({ NODE_ENV: "production", SESSION_SECRETS: "x".repeat(32) }).problems).toEqual([]);
  });
});
