// @vitest-environment happy-dom
import { Outlet, useLocation, useNavigationType } from "@remix-run/react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createRemixStub } from "../../../tests/fixtures/remix-stub";
import { AppLink, AppNavLink, leadsTo } from "./AppLink";
import { appLinkTarget, useAppLinkNavigation } from "./app-link-navigation";

afterEach(cleanup);
// A click the handler leaves to the browser would make happy-dom load the page from a server.
beforeAll(() => {
  (window as unknown as { happyDOM: { settings: { navigation: { disableMainFrameNavigation: boolean } } } }).happyDOM.settings.navigation.disableMainFrameNavigation = true;
});

function Page() {
  const { pathname, search } = useLocation();
  return (
    <main>
      <p data-testid="where">{`${useNavigationType()} ${pathname}${search}`}</p>
      <AppNavLink to="/members" end className={({ isActive }) => (isActive ? "on" : "off")}>
        search
      </AppNavLink>
      <AppNavLink to="/likes" className="tab">
        likes
      </AppNavLink>
      <AppLink to="/likes/received?page=2">received</AppLink>
      <AppLink to="/members" target="_blank">
        new tab
      </AppLink>
      <AppLink to="/members" download>
        download
      </AppLink>
      <AppLink to="/members" onClick={(event) => event.preventDefault()}>
        handled
      </AppLink>
      <a href="/members">plain</a>
    </main>
  );
}

function show(path: string) {
  // The browser's address is the router's (the handler compares the link with window.location).
  window.history.replaceState(null, "", path);
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => {
        useAppLinkNavigation();
        return <Outlet />;
      },
      children: [
        { path: "members", Component: Page },
        { path: "likes/*", Component: Page },
      ],
    },
  ]);
  render(<Stub initialEntries={[path]} />);
}

/** A click as the browser sends it; returns whether the browser would still follow the link itself. */
function click(name: string, init: MouseEventInit = {}): boolean {
  let followed = false;
  act(() => {
    followed = fireEvent.click(screen.getByRole("link", { name }), { button: 0, ...init });
  });
  return followed;
}

describe("AppLink", () => {
  it("renders a plain anchor to the path", () => {
    show("/members");
    expect(screen.getByRole("link", { name: "received" }).getAttribute("href")).toBe("/likes/received?page=2");
  });

  it("navigates within the app on a plain left click, keeping the browser from loading the page", async () => {
    show("/members");
    expect(click("received")).toBe(false);
    expect(await screen.findByText("PUSH /likes/received?page=2")).toBeTruthy();
  });

  it("replaces the history entry when the link leads to the page shown, as React Router's Link does", async () => {
    show("/likes/received?page=2");
    expect(click("received")).toBe(false);
    expect(await screen.findByText("REPLACE /likes/received?page=2")).toBeTruthy();
  });

  it("leaves modified clicks, other targets, downloads, handled clicks and unmarked anchors to the browser", () => {
    show("/likes/received");
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) expect(click("received", init)).toBe(true);
    expect(click("new tab")).toBe(true);
    expect(click("download")).toBe(true);
    expect(click("handled")).toBe(false);
    expect(click("plain")).toBe(true);
    expect(screen.getByTestId("where").textContent).toBe("POP /likes/received");
  });
});

describe("appLinkTarget", () => {
  it("keeps the scroll position only for a link marked so (preventScrollReset), and replaces only the page shown", () => {
    show("/members");
    render(
      <>
        <AppLink to="/likes/sent" preventScrollReset>
          keep
        </AppLink>
        <AppLink to="/likes/sent">reset</AppLink>
      </>,
    );
    const target = (name: string) => {
      const event = new MouseEvent("click", { button: 0, bubbles: true });
      Object.defineProperty(event, "target", { value: screen.getByRole("link", { name }) });
      return appLinkTarget(event, window.location);
    };
    expect(target("keep")).toEqual({ path: "/likes/sent", replace: false, preventScrollReset: true });
    expect(target("reset")).toEqual({ path: "/likes/sent", replace: false, preventScrollReset: false });
  });
});

describe("AppNavLink", () => {
  it("marks the link to the page shown, and (without end) to a page below it", () => {
    show("/likes/sent");
    const search = screen.getByRole("link", { name: "search" });
    const likes = screen.getByRole("link", { name: "likes" });
    expect([search.className, search.getAttribute("aria-current")]).toEqual(["off", null]);
    expect([likes.className, likes.getAttribute("aria-current")]).toEqual(["tab", "page"]);
  });

  it("decides as React Router's NavLink", () => {
    expect(leadsTo("/likes", "/likes", true)).toBe(true);
    expect(leadsTo("/likes/", "/likes", true)).toBe(true);
    expect(leadsTo("/Likes/sent", "/likes", false)).toBe(true);
    expect(leadsTo("/likes/sent", "/likes", true)).toBe(false);
    expect(leadsTo("/likesxyz", "/likes", false)).toBe(false);
    expect(leadsTo("/members", "/", false)).toBe(false);
    expect(leadsTo("/", "/", true)).toBe(true);
    expect(leadsTo("/credits", "/credits?code=X", true)).toBe(true);
  });
});
