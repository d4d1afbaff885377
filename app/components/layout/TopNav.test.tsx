// @vitest-environment happy-dom
import { createRemixStub } from "../../../tests/fixtures/remix-stub";
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { i18nFor } from "~/i18n/i18next.server";
import { testBrand } from "../../../tests/fixtures/public-brand";
import { TopNav, type NavWallet } from "./TopNav";

const brand = testBrand;

async function show(wallet: NavWallet | null, loggedIn = true) {
  const i18n = await i18nFor("nl");
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <TopNav
          brand={brand}
          languages={["nl"]}
          current="nl"
          member={loggedIn ? { name: "Kim", thumbUrl: null } : null}
          badges={loggedIn ? { likes: 0, messages: 0 } : null}
          wallet={wallet}
        />
      ),
    },
  ]);
  render(
    <I18nextProvider i18n={i18n}>
      <Stub />
    </I18nextProvider>,
  );
  await screen.findByRole("navigation");
}

afterEach(cleanup);

describe("TopNav: credits or Get Premium (docs/product/site.md#top-navigation)", () => {
  it("gives a paid member the balance, linking to the credits page, without a badge above 10", async () => {
    await show({ credits: 1500, paidUser: true });
    const link = screen.getByTestId("nav-credits");
    expect(link.getAttribute("href")).toBe("/credits");
    // Named by what it shows (WCAG 2.5.3).
    expect(link.getAttribute("aria-label")).toBeNull();
    expect(link.textContent).toBe("Credits 1.500");
    expect(screen.getByTestId("credits-balance").textContent).toBe("1.500");
    expect(screen.queryByTestId("credits-badge")).toBeNull();
    expect(screen.queryByTestId("nav-premium")).toBeNull();
  });

  it("puts a low balance in a badge: the warning colour from 10 down to 1", async () => {
    for (const credits of [10, 1]) {
      await show({ credits, paidUser: true });
      const badge = screen.getByTestId("credits-badge");
      expect(badge.textContent).toBe(String(credits));
      expect(badge.className).toContain("bg-warning");
      expect(badge.className).not.toContain("bg-danger");
      expect(screen.queryByTestId("credits-balance")).toBeNull();
      cleanup();
    }
    await show({ credits: 11, paidUser: true });
    expect(screen.queryByTestId("credits-badge")).toBeNull();
  });

  it("shows the badge in the danger colour at 0", async () => {
    await show({ credits: 0, paidUser: true });
    const badge = screen.getByTestId("credits-badge");
    expect(badge.textContent).toBe("0");
    expect(badge.className).toContain("bg-danger");
    expect(screen.getByTestId("nav-credits").textContent).toBe("Credits 0");
  });

  it("offers a member who has not paid Get Premium instead, whatever the balance", async () => {
    await show({ credits: 20, paidUser: false });
    const premium = screen.getByTestId("nav-premium");
    expect(premium.getAttribute("href")).toBe("/premium");
    expect(premium.textContent).toBe("Word premium");
    expect(screen.queryByTestId("nav-credits")).toBeNull();
  });

  it("shows neither to a visitor", async () => {
    await show(null, false);
    expect(screen.getByTestId("nav-login")).toBeTruthy();
    expect(screen.queryByTestId("nav-premium")).toBeNull();
    expect(screen.queryByTestId("nav-credits")).toBeNull();
  });
});
