// @vitest-environment happy-dom
import { createRemixStub } from "../../../tests/fixtures/remix-stub";
import { act, cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18nFor } from "~/i18n/i18next.server";
import type { Language } from "~/domain/languages";
import { TimeBonusBanner } from "./TimeBonusBanner";
import { WelcomeBanner } from "./WelcomeBanner";

const HOUR = 60 * 60 * 1000;
let loads = 0;

async function show(element: ReactNode, language: Language = "nl") {
  const i18n = await i18nFor(language);
  loads = 0;
  const Stub = createRemixStub([
    {
      path: "/",
      // Counts how often the page's data is loaded, the first time included.
      loader: () => ++loads,
      Component: () => <main data-testid="page">{element}</main>,
    },
  ]);
  render(
    <I18nextProvider i18n={i18n}>
      <Stub />
    </I18nextProvider>,
  );
  // The page's clock moves only by advanceTimersByTime (waiting for the page may move it a few ms:
  // the times below stay clear of the second boundaries).
  await vi.waitFor(() => screen.getByTestId("page"), { interval: 1 });
  // Let the effects run, as a browser does right after showing the page: the countdown starts there.
  await act(async () => {});
}

const passes = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));
const countdown = () => screen.getByTestId("time-bonus-countdown");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("TimeBonusBanner", () => {
  it("shows the code, the 25% and the time left zero padded, ticking down every second", async () => {
    await show(<TimeBonusBanner offer={{ code: "TIMEBONUS25", percent: 25, endsInMs: 3 * HOUR + 59 * 60_000 + 7_400 }} />);
    const banner = screen.getByTestId("time-bonus-banner");
    expect(banner.textContent).toContain("Tijdbonus: 25% korting");
    expect(banner.textContent).toContain("code TIMEBONUS25");
    expect(countdown().textContent).toBe("03:59:07");
    expect(countdown().getAttribute("datetime")).toBe("PT3H59M7S");
    // The shown second changes once 400 ms have passed, then every second.
    await passes(200);
    expect(countdown().textContent).toBe("03:59:07");
    await passes(400);
    expect(countdown().textContent).toBe("03:59:06");
    await passes(1_000);
    expect(countdown().textContent).toBe("03:59:05");
    await passes(65_000);
    expect(countdown().textContent).toBe("03:58:00");
    expect(screen.getByTestId("time-bonus-banner-link").getAttribute("href")).toBe("/credits?code=TIMEBONUS25");
  });

  it("goes at zero and loads the page's data again, which then no longer has the time bonus", async () => {
    await show(<TimeBonusBanner offer={{ code: "TIMEBONUS25", percent: 25, endsInMs: 2_500 }} />);
    expect(countdown().textContent).toBe("00:00:02");
    await passes(1_000);
    expect(countdown().textContent).toBe("00:00:01");
    await passes(1_000);
    expect(countdown().textContent).toBe("00:00:00");
    expect(loads).toBe(1);
    await passes(500);
    expect(screen.queryByTestId("time-bonus-banner")).toBeNull();
    await vi.waitFor(() => expect(loads).toBe(2));
    // Stopped: no further reloads.
    await passes(10_000);
    expect(loads).toBe(2);
  });
});

describe("WelcomeBanner", () => {
  it("tells about the welcome discount, until when, and links to the credits page", async () => {
    await show(<WelcomeBanner offer={{ percent: 25, endsInMs: 71 * HOUR }} />);
    const banner = screen.getByTestId("welcome-banner");
    expect(banner.textContent).toContain("Welkomstbonus: 25% korting");
    expect(banner.textContent).toContain("25% korting op je eerste aankoop. De aanbieding verloopt over 2 dagen.");
    expect(screen.getByTestId("welcome-banner-link").getAttribute("href")).toBe("/credits");
  });

  it("can be put away through the alert dismissal, as welcomeBonus", async () => {
    await show(<WelcomeBanner offer={{ percent: 25, endsInMs: 5 * HOUR }} />);
    const form = screen.getByTestId("welcome-banner-dismiss").closest("form")!;
    expect(form.getAttribute("action")).toBe("/api/alerts/dismiss");
    expect((form.querySelector('input[name="alert"]') as HTMLInputElement).value).toBe("welcomeBonus");
  });

  it("says it in the member's language", async () => {
    await show(<WelcomeBanner offer={{ percent: 25, endsInMs: 5 * HOUR }} />, "de");
    expect(screen.getByTestId("welcome-banner").textContent).toContain("Das Angebot endet in 5 Stunden.");
  });
});
