import { describe, expect, it } from "vitest";
import { tenantFixture } from "../../tests/fixtures/tenant";
import { applySecurityHeaders, createNonce } from "~/web/security-headers.server";
import { brandTagOrigins, brandTags } from "./brand-tags";
import { tenantSchema } from "./schema";

const brand = tenantSchema.parse({
  ...tenantFixture({ id: "tagged" }),
  tags: {
    tag_manager: { container_id: "GTM-AB12CD" },
    analytics: { script_url: "https://stats.example.com/matomo.js", site_id: "7", extra_origins: ["https://hits.example.com"] },
    marketing_pixel: { id: "px-1", script_url: "https://pixel.example.net/p.js" },
  },
});

describe("brandTags", () => {
  it("gives each configured tag its category: the tag manager marketing unless configured, statistics analytics, the pixel marketing", () => {
    expect(brandTags(brand).map(({ id, category, src }) => ({ id, category, src }))).toEqual([
      { id: "tag_manager", category: "marketing", src: "https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD" },
      { id: "analytics", category: "analytics", src: "https://stats.example.com/matomo.js" },
      { id: "marketing_pixel", category: "marketing", src: "https://pixel.example.net/p.js" },
    ]);
    const analyticsManager = tenantSchema.parse({ ...tenantFixture({ id: "gtm" }), tags: { tag_manager: { container_id: "GTM-AB12CD", category: "analytics" } } });
    expect(brandTags(analyticsManager)[0]!.category).toBe("analytics");
    expect(brandTags(tenantSchema.parse(tenantFixture()))).toEqual([]);
  });

  it("widens the brand's content security policy for exactly its tags' hosts", () => {
    const origins = brandTagOrigins(brand);
    expect(origins).toEqual(["https://www.googletagmanager.com", "https://stats.example.com", "https://hits.example.com", "https://pixel.example.net"]);
    const headers = new Headers();
    applySecurityHeaders(headers, createNonce(), [], origins);
    const policy = headers.get("Content-Security-Policy")!.split("; ");
    for (const directive of ["script-src", "connect-src", "img-src"]) expect(policy.find((part) => part.startsWith(directive))).toContain("https://stats.example.com");
    expect(policy.find((part) => part.startsWith("style-src"))).not.toContain("example");
  });
});
