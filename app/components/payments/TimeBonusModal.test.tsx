// @vitest-environment happy-dom
import { redirect } from "@remix-run/node";
import { Link, Outlet, useLocation } from "@remix-run/react";
import { createRemixStub } from "../../../tests/fixtures/remix-stub";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18nFor } from "~/i18n/i18next.server";
import { MembersAreaTimer } from "./MembersAreaTimer";
import { TimeBonusModal } from "./TimeBonusModal";

const OFFER = { code: "TIMEBONUS25", percent: 25, endsInMs: ((3 * 60 + 59) * 60 + 7) * 1000 + 500 };

/** What /api/alerts/dismiss received. */
let dismissals: Array<Record<string, FormDataEntryValue>> = [];

function Page() {
  const { pathname, search } = useLocation();
  return (
    <main>
      <p data-testid="where">{`${pathname}${search}`}</p>
      <Link to="/members">members</Link>
      <Link to="/members/12">profile 12</Link>
      <Link to="/chats">chats</Link>
      <Link to="/profile">own profile</Link>
      <TimeBonusModal offer={OFFER} />
    </main>
  );
}

async function show(path = "/members") {
  const i18n = await i18nFor("nl");
  const Stub = createRemixStub([
    {
      path: "/",
      // As in the root: the clock around every layout.
      Component: () => (
        <MembersAreaTimer>
          <Outlet />
        </MembersAreaTimer>
      ),
      children: [
        { path: "members", Component: Page },
        { path: "members/:id", Component: Page },
        { path: "chats", Component: Page },
        { path: "profile", Component: Page },
        { path: "credits", Component: Page },
        {
          path: "api/alerts/dismiss",
          action: async ({ request }) => {
            const form = Object.fromEntries(await request.formData());
            dismissals.push(form);
            return redirect(String(form.redirectTo));
          },
        },
      ],
    },
  ]);
  render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  );
  await screen.findByTestId("where");
  // Let the effects run, as a browser does right after showing the page: the clocks start there.
  await act(async () => {});
}

const passes = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));
const modal = () => screen.queryByTestId("time-bonus-modal");
const go = (name: string) => act(async () => void fireEvent.click(screen.getByRole("link", { name })));

beforeEach(() => {
  dismissals = [];
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("TimeBonusModal", () => {
  it("opens 40 s after entering the members area, not before, with the offer and the time left", async () => {
    await show("/members");
    await passes(39_000);
    expect(modal()).toBeNull();
    await passes(1_000);
    const dialog = screen.getByRole("dialog", { name: "Jouw tijdbonus: 25% korting!" });
    expect(dialog.textContent).toContain("met de code TIMEBONUS25 25% korting op je eerste credits");
    // The countdown went on while the member was waiting: 40 s less than at the start.
    expect(screen.getByTestId("time-bonus-modal-countdown").textContent).toBe("03:58:27");
  });

  it("keeps counting while the member moves within the area", async () => {
    await show("/members");
    await passes(15_000);
    await go("profile 12");
    await passes(15_000);
    await go("chats");
    await passes(9_000);
    expect(modal()).toBeNull();
    await passes(1_000);
    expect(modal()).not.toBeNull();
  });

  it("is cancelled by leaving the area; coming back starts the 40 s again", async () => {
    await show("/members");
    await passes(30_000);
    await go("own profile");
    await passes(60_000);
    expect(modal()).toBeNull();
    await go("members");
    await passes(39_000);
    expect(modal()).toBeNull();
    await passes(1_000);
    expect(modal()).not.toBeNull();
  });

  it("never opens outside the area", async () => {
    await show("/profile");
    await passes(120_000);
    expect(modal()).toBeNull();
  });

  it("closing stores the dismissal and hides it", async () => {
    await show("/members/12");
    await passes(40_000);
    await act(async () => void fireEvent.click(screen.getByTestId("time-bonus-dismiss")));
    expect(modal()).toBeNull();
    await vi.waitFor(() => expect(dismissals).toEqual([{ alert: "timeBonus", redirectTo: "/members/12" }]));
  });

  it("closes with Escape as well, which counts as a dismissal too", async () => {
    await show("/members");
    await passes(40_000);
    await act(async () => void fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" }));
    expect(modal()).toBeNull();
    await vi.waitFor(() => expect(dismissals).toEqual([{ alert: "timeBonus", redirectTo: "/members" }]));
  });

  it("taking the offer stores the dismissal and goes to the credits page with the code", async () => {
    await show("/members");
    await passes(40_000);
    await act(async () => void fireEvent.click(screen.getByTestId("time-bonus-take")));
    await vi.waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/credits?code=TIMEBONUS25"));
    expect(dismissals).toEqual([{ alert: "timeBonus", redirectTo: "/credits?code=TIMEBONUS25" }]);
    expect(modal()).toBeNull();
  });
});
