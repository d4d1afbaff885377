// @vitest-environment happy-dom
import { data } from "@remix-run/node";
import { createRemixStub } from "../../tests/fixtures/remix-stub";
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18nFor } from "~/i18n/i18next.server";
import { ErrorPage, ErrorPageGuard } from "./ErrorPage";

afterEach(cleanup);

async function renderRoute(loader: () => never) {
  const Stub = createRemixStub([{ path: "/", loader, Component: () => null, ErrorBoundary: ErrorPage }]);
  render(
    <I18nextProvider i18n={await i18nFor("en")}>
      <Stub />
    </I18nextProvider>,
  );
  return screen.findByTestId("error-page");
}

describe("ErrorPage", () => {
  it("says a page could not be found on 404, with a link home", async () => {
    const page = await renderRoute(() => {
      throw data({ kind: "not-found" }, { status: 404 });
    });
    expect(page.textContent).toContain("404");
    expect(page.textContent).toContain("This page could not be found");
    expect(page.querySelector("a")?.getAttribute("href")).toBe("/");
  });

  it("shows the status and the message of other errors", async () => {
    const page = await renderRoute(() => {
      throw data({ message: "Maintenance" }, { status: 503 });
    });
    expect(page.textContent).toContain("503");
    expect(page.textContent).toContain("Maintenance");
    expect(page.textContent).toContain("An error occurred, please try again later.");
  });

  it("defaults to 500 and 'Error' for an unexpected error", async () => {
    const page = await renderRoute(() => {
      throw new Error("boom");
    });
    expect(page.textContent).toContain("500");
    expect(page.textContent).toContain("Error");
    expect(page.textContent).not.toContain("boom");
  });
});

describe("ErrorPageGuard", () => {
  it("shows the last-resort page when the error page itself fails", async () => {
    const Broken = () => {
      throw new Error("the error page broke");
    };
    // React reports the caught render error on the console; that is expected here.
    const report = vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <I18nextProvider i18n={await i18nFor("en")}>
        <ErrorPageGuard>
          <Broken />
        </ErrorPageGuard>
      </I18nextProvider>,
    );
    const fallback = await screen.findByTestId("error-page-fallback");
    expect(fallback.textContent).toContain("An error occurred while showing the error page");
    expect(fallback.querySelector("a")?.getAttribute("href")).toBe("/");
    report.mockClear();
  });
});
