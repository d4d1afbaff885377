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
});
