import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("turns the local services and dev hosts on outside production", () => {
    const env = parseEnv({ NODE_ENV: "development" });
    expect(env.localServices).toBe(true);
    expect(env.devTenantHosts).toBe(true);
    expect(env.PORT).toBe(3000);
  });

  it("keeps them off in production unless set", () => {
    const env = parseEnv({ NODE_ENV: "production", SESSION_SECRETS: "s1" });
    expect(env.localServices).toBe(false);
    expect(env.devTenantHosts).toBe(false);
    const opted = parseEnv({ NODE_ENV: "production", SESSION_SECRETS: "s1", LOCAL_SERVICES: "1", DEV_TENANT_HOSTS: "1" });
    expect(opted.localServices).toBe(true);
    expect(opted.devTenantHosts).toBe(true);
  });

  it("lets development switch them off", () => {
    expect(parseEnv({ NODE_ENV: "development", LOCAL_SERVICES: "0" }).localServices).toBe(false);
  });

  it("requires session secrets in production and reads them newest first", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRETS/);
    // The demo mode with local services may run on the built-in development secret.
    expect(parseEnv({ NODE_ENV: "production", LOCAL_SERVICES: "1" }).sessionSecrets).toHaveLength(1);
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRETS: "new, old" }).sessionSecrets).toEqual(["new", "old"]);
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
  });

  it("refuses the old TRUST_FORWARDED_FOR rather than ignoring it", () => {
    expect(() => parseEnv({ TRUST_FORWARDED_FOR: "1" })).toThrow(/TRUST_FORWARDED_FOR: replaced by TRUSTED_PROXIES/);
    expect(parseEnv({ TRUSTED_PROXIES: "1" }).TRUSTED_PROXIES).toBe("1");
  });
});

describe("parseEnv object storage", () => {
  const s3 = {
    S3_ENDPOINT: "https://s3.eu-central-1.amazonaws.com",
    S3_BUCKET: "media",
    S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
    S3_SECRET_ACCESS_KEY: "secret",
    S3_PUBLIC_URL: "https://cdn.example.com",
  };

  it("keeps files on the local disk without a bucket", () => {
    expect(parseEnv({}).s3).toBeNull();
    expect(parseEnv({ S3_BUCKET: "" }).s3).toBeNull();
  });

  it("reads the object storage settings when a bucket is set", () => {
    expect(parseEnv(s3).s3).toEqual({
      endpoint: "https://s3.eu-central-1.amazonaws.com",
      bucket: "media",
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

  it("requires the URLs to be URLs", () => {
    expect(() => parseEnv({ ...s3, S3_ENDPOINT: "s3.example.com" })).toThrow(/S3_ENDPOINT/);
    expect(() => parseEnv({ ...s3, S3_PUBLIC_URL: "cdn" })).toThrow(/S3_PUBLIC_URL/);
  });
});
