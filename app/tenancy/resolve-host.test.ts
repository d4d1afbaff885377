import { describe, expect, it } from "vitest";
import { TenantRegistry } from "./registry";
import { normaliseHost, resolveTenant } from "./resolve-host";
import { tenantSchema, type TenantInput } from "./schema";
import { tenantFixture } from "../../tests/fixtures/tenant";

const registry = new TenantRegistry([
  tenantSchema.parse(tenantFixture({ id: "alpha", domains: ["alpha.nl", "alpha.be"] })),
  tenantSchema.parse(tenantFixture({ id: "beta", domains: ["beta.de"] } as Partial<TenantInput>)),
]);
const production = { devTenantHosts: false };
const development = { devTenantHosts: true, defaultTenant: "beta" };

describe("normaliseHost", () => {
  it("lower-cases and strips the port, a trailing dot and www.", () => {
    expect(normaliseHost("WWW.Alpha.NL:8443")).toBe("alpha.nl");
    expect(normaliseHost("alpha.nl.")).toBe("alpha.nl");
    expect(normaliseHost("[::1]:3000")).toBe("[::1]");
  });
});

describe("resolveTenant", () => {
  it("matches every domain of a brand exactly", () => {
    expect(resolveTenant("alpha.nl", registry, production)?.id).toBe("alpha");
    expect(resolveTenant("www.alpha.be:80", registry, production)?.id).toBe("alpha");
    expect(resolveTenant("beta.de", registry, production)?.id).toBe("beta");
  });

  it("gives an unknown host no brand at all", () => {
    expect(resolveTenant("gamma.com", registry, production)).toBeNull();
    expect(resolveTenant("alpha.nl.evil.com", registry, production)).toBeNull();
    expect(resolveTenant("", registry, production)).toBeNull();
    expect(resolveTenant(null, registry, production)).toBeNull();
  });

  it("serves <id>.localhost and localhost only with dev tenant hosts on", () => {
    expect(resolveTenant("alpha.localhost:3000", registry, production)).toBeNull();
    expect(resolveTenant("localhost:3000", registry, production)).toBeNull();
    expect(resolveTenant("alpha.localhost:3000", registry, development)?.id).toBe("alpha");
    expect(resolveTenant("localhost", registry, development)?.id).toBe("beta");
    expect(resolveTenant("nobody.localhost", registry, development)).toBeNull();
  });
});
