// @vitest-environment happy-dom
import { createRemixStub } from "../../../tests/fixtures/remix-stub";
import { cleanup, render as renderDom } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { i18nFor } from "~/i18n/i18next.server";
import type { PublicBrand } from "~/tenancy/public-brand";
import { testBrand } from "../../../tests/fixtures/public-brand";
import { Footer } from "./Footer";

const brand = testBrand;

async function render(props: { brand: PublicBrand; usNotice?: string | null; compact?: boolean }): Promise<string> {
  const i18n = await i18nFor("nl");
  const Stub = createRemixStub([{ path: "/", Component: () => <Footer usNotice={null} {...props} /> }]);
  const { container, findByTestId } = renderDom(
    <I18nextProvider i18n={i18n}>
      <Stub />
    </I18nextProvider>,
  );
  await findByTestId("site-footer");
  return container.innerHTML;
}

afterEach(cleanup);

describe("Footer", () => {
  it("links the nine footer pages and shows the disclaimer in the visitor's language", async () => {
    const html = await render({ brand });
    for (const href of ["/pages/terms", "/pages/privacy", "/pages/cookies", "/pages/ban", "/pricing", "/complaints", "/pages/return-policy", "/pages/faq", "/pages/service"]) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).toContain("Demo is een datingsite voor volwassenen");
    expect(html).not.toContain("data-testid=\"us-footer\"");
  });

  it("adds the United States notice, in English, when the brand turns it on", async () => {
    const english = (await i18nFor("en")).getFixedT("en", "common");
    const html = await render({ brand, usNotice: english("footer.usNotice", { siteName: "Demo" }) });
    expect(html).toContain('lang="en"');
    expect(html).toContain("All persons appearing on this website");
    expect(html).toContain("Algemene voorwaarden");
  });

  it("leaves the disclaimer out of the compact lander footer", async () => {
    expect(await render({ brand, compact: true })).not.toContain("footer-disclaimer");
  });
});
