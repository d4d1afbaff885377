import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tenantFixture } from "../../tests/fixtures/tenant";
import { loadTenants, TenantConfigError } from "./load-tenants.server";
import { resolveTenant } from "./resolve-host";
import { tenantJsonSchema } from "./write-json-schema";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "tenants-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: unknown) {
  writeFileSync(path.join(dir, name), typeof content === "string" ? content : JSON.stringify(content));
}

function loadError(): string {
  try {
    loadTenants(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(TenantConfigError);
    return (error as Error).message;
  }
  throw new Error("loadTenants accepted a broken tenant directory");
}

describe("loadTenants", () => {
  it("loads the shipped demo brands, one per niche", () => {
    const registry = loadTenants("tenants");
    expect(registry.tenants).toHaveLength(7);
    expect(new Set(registry.tenants.map((t) => t.niche))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
    const languages = registry.tenants.map((t) => t.domain_language.slice(0, 2));
    expect(languages).toEqual(expect.arrayContaining(["de", "pl", "en"]));
  });

  it("serves a brand as soon as its file is added", () => {
    write("first.json", tenantFixture({ id: "first", domains: ["first.example"] }));
    expect(resolveTenant("newbrand.example", loadTenants(dir), { devTenantHosts: false })).toBeNull();
    write("newbrand.json", tenantFixture({ id: "newbrand", domains: ["newbrand.example"] }));
    expect(resolveTenant("newbrand.example", loadTenants(dir), { devTenantHosts: false })?.name).toBe("Test Site");
  });

  it("ignores files starting with an underscore, like the JSON Schema", () => {
    write("_schema.json", { title: "schema" });
    write("only.json", tenantFixture({ id: "only" }));
    expect(loadTenants(dir).tenants.map((t) => t.id)).toEqual(["only"]);
  });

  it("names the file when it is not JSON", () => {
    write("broken.json", "{ not json");
    expect(loadError()).toMatch(/^Tenant file .*broken\.json: not valid JSON/);
  });

  it("names the file and the field that is missing", () => {
    const { company: _company, ...rest } = tenantFixture({ id: "nocompany" });
    write("nocompany.json", rest);
    expect(loadError()).toMatch(/nocompany\.json: field company: Required/);
  });

  it("names the nested field that has a wrong value", () => {
    const tenant = tenantFixture({ id: "wrong" });
    write("wrong.json", { ...tenant, settings: { ...tenant.settings, message_credits: "ten" } });
    expect(loadError()).toMatch(/wrong\.json: field settings\.message_credits: Expected number, received string/);
  });

  it("names a third-party tag that is not loaded over https, or a tag manager id that is none", () => {
    write("tagged.json", { ...tenantFixture({ id: "tagged" }), tags: { analytics: { script_url: "http://stats.example.com/s.js", site_id: "1" } } });
    expect(loadError()).toMatch(/tagged\.json: field tags\.analytics\.script_url: must be an https:\/\/ URL/);
    write("tagged.json", { ...tenantFixture({ id: "tagged" }), tags: { tag_manager: { container_id: "UA-1234" } } });
    expect(loadError()).toMatch(/tagged\.json: field tags\.tag_manager\.container_id: must look like GTM-ABC1234/);
  });

  it("refuses a brand colour that has no readable shade near it (WCAG AA)", () => {
    write("yellow.json", { ...tenantFixture({ id: "yellow" }), theme: { primary: "#ffd400" } });
    expect(loadError()).toMatch(/yellow\.json: field theme\.primary: has no shade near it that reads at 4\.5:1/);
  });

  it("refuses an emoji as the logo mark, which is an empty box where no emoji font is installed", () => {
    write("emoji.json", { ...tenantFixture({ id: "emoji" }), theme: { logo_mark: "💘" } });
    expect(loadError()).toMatch(/emoji\.json: field theme\.logo_mark: is drawn as an emoji/);
    write("emoji.json", { ...tenantFixture({ id: "emoji" }), theme: { logo_mark: "♥️" } });
    expect(loadError()).toMatch(/emoji\.json: field theme\.logo_mark: is drawn as an emoji/);
    write("emoji.json", { ...tenantFixture({ id: "emoji" }), theme: { logo_mark: "✿" } });
    expect(() => loadTenants(dir)).not.toThrow();
  });

  it("refuses unknown fields, so a typo does not go unnoticed", () => {
    write("typo.json", { ...tenantFixture({ id: "typo" }), nische: 2 });
    expect(loadError()).toMatch(/typo\.json: field nische is not allowed/);
  });

  it.each(["member_resell", "visible_profile_notes"])("refuses %s, a setting the spec gives no behaviour, naming it", (setting) => {
    const tenant = tenantFixture({ id: "nobehaviour" });
    for (const value of [true, false, ["about"]]) {
      write("nobehaviour.json", { ...tenant, settings: { ...tenant.settings, [setting]: value } });
      expect(loadError()).toBe(
        `Tenant file ${path.join(dir, "nobehaviour.json")}: field settings.${setting}: ${setting} is not supported: the product specification defines no behaviour for it, so it is refused rather than ignored (docs/product/site.md#settings-without-behaviour); remove it from the brand file`,
      );
    }
    write("nobehaviour.json", tenant);
    expect(() => loadTenants(dir)).not.toThrow();
  });

  it("refuses a domain claimed by two files", () => {
    write("a.json", tenantFixture({ id: "a", domains: ["shared.example"] }));
    write("b.json", tenantFixture({ id: "b", domains: ["shared.example"] }));
    expect(loadError()).toMatch(/b\.json: field domains: shared\.example is already claimed by .*a\.json/);
  });

  it("requires the id to be the file name", () => {
    write("named.json", tenantFixture({ id: "other" }));
    expect(loadError()).toMatch(/named\.json: field id: must be "named"/);
  });

  it("gives every error as one line", () => {
    write("broken.json", "{ not json\n\n}");
    expect(loadError()).not.toContain("\n");
  });
});

describe("the published JSON Schema", () => {
  it("is the one generated from the zod schema (run npm run tenants:schema)", () => {
    const committed = JSON.parse(readFileSync("tenants/_schema.json", "utf8")) as unknown;
    expect(committed).toEqual(tenantJsonSchema());
  });
});
