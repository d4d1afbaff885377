import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { loader } from "../../app/root";
import { tenantSchema, type TenantInput } from "../../app/tenancy/schema";
import { tenantFixture } from "../fixtures/tenant";

function run(tenant: TenantInput | null, language: AppLoadContext["language"] = "nl", country: AppLoadContext["country"] = null) {
  const context = { tenant: tenant ? tenantSchema.parse(tenant) : null, language, country, member: null, sessionId: null, host: null, clientIp: null, fromThisMachine: false };
  return loader({ request: new Request("http://testsite.example/"), context, params: {} }).then((result) => result.data);
}

describe("root loader", () => {
  it("gives the page the brand, its theme, the language and the switcher's languages", async () => {
    const data = await run(tenantFixture(), "fr");
    expect(data.locale).toBe("fr");
    expect(data.brand).toMatchObject({ id: "testsite", name: "Test Site", niche: "general" });
    // The brand's #f5006f in the nearest shade that reads at 4.5:1 on the page and its light tints (docs/product/site.md#theme).
    expect(data.themeCss).toContain("--color-primary: 204 0 93;");
    expect(data.languages).toEqual(["nl", "fr", "de"]);
    expect(data.usNotice).toBeNull();
  });

  it("adds the United States notice in English whatever the language, when the brand turns it on", async () => {
    const base = tenantFixture();
    const data = await run({ ...base, settings: { ...base.settings, us_footer: true } }, "nl");
    expect(data.usNotice).toMatch(/^All persons appearing on this website/);
    expect(data.usNotice).toContain("Test Site");
  });

  it("keeps tracking keys for the visit and takes them out of the address", async () => {
    const context = { tenant: tenantSchema.parse(tenantFixture()), language: "nl" as const, country: null, member: null, sessionId: null, host: null, clientIp: null, fromThisMachine: false };
    const response = await loader({ request: new Request("http://testsite.example/pages/faq?ref=abc&x=1&sub1=s"), context, params: {} }).catch(
      (thrown: unknown) => thrown as Response,
    );
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get("Location")).toBe("/pages/faq?x=1");
    const set = (response as Response).headers.get("Set-Cookie") ?? "";
    expect(set).toMatch(/^tracking=.*Max-Age=2592000/);

    // First touch wins within the brand's window: a later ad click is taken out of the address but not kept.
    const again = await loader({ request: new Request("http://testsite.example/?ref=later", { headers: { cookie: set.split(";")[0]! } }), context, params: {} }).catch((thrown: unknown) => thrown as Response);
    expect((again as Response).headers.get("Location")).toBe("/");
    expect((again as Response).headers.get("Set-Cookie")).toBeNull();
  });

  it("answers 404 for a request without a brand, with the language for the error page", async () => {
    const error = await run(null, "en").catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ init: { status: 404 }, data: { kind: "unknown-host", language: "en" } });
  });
});
