import { describe, expect, it } from "vitest";
import { isDocumentRequest, isOwnNavigation, safeRedirectPath } from "./http.server";

describe("safeRedirectPath", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirectPath("/pages/terms?x=1")).toBe("/pages/terms?x=1");
  });

  it("refuses other sites and odd values", () => {
    expect(safeRedirectPath("//evil.example/")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath("https://evil.example")).toBe("/");
    expect(safeRedirectPath(null, "/home")).toBe("/home");
  });

  it("refuses what a browser would turn into another site (review M-1)", () => {
    // What URLSearchParams gives for ?redirectTo=%2F%09%2Fevil.example and its cousins.
    for (const value of ["/\t/evil.example", "/\n/evil.example", "/\r/evil.example", "\\/evil.example", "/\\/evil.example", "/\u0000/evil.example", "/%09/evil.example"]) {
      const kept = safeRedirectPath(value);
      expect(new URL(kept, "https://flirtpunt.nl").origin, JSON.stringify(value)).toBe("https://flirtpunt.nl");
    }
    expect(safeRedirectPath("/\t/evil.example")).toBe("/");
    expect(safeRedirectPath("/\n/evil.example")).toBe("/");
    expect(safeRedirectPath("\\/evil.example")).toBe("/");
  });

  it("keeps the path, query and fragment of a path of this site", () => {
    expect(safeRedirectPath("/members/12/chat")).toBe("/members/12/chat");
    expect(safeRedirectPath("/members/12?gift=1#top")).toBe("/members/12?gift=1#top");
    expect(safeRedirectPath("/%09/evil.example")).toBe("/%09/evil.example");
  });
});

describe("isDocumentRequest", () => {
  it("tells a page load from the page's own data fetch", () => {
    expect(isDocumentRequest(new Request("http://x/chats/1", { headers: { "sec-fetch-dest": "document" } }))).toBe(true);
    expect(isDocumentRequest(new Request("http://x/chats/1.data", { headers: { "sec-fetch-dest": "empty" } }))).toBe(false);
    expect(isDocumentRequest(new Request("http://x/chats/1"))).toBe(true);
  });
});

describe("isOwnNavigation", () => {
  const open = (site?: string) => new Request("http://x/chats/1", { headers: site ? { "sec-fetch-site": site } : {} });
  it("counts this site's links, typed addresses and old browsers as the member's own visit", () => {
    expect(isOwnNavigation(open("same-origin"))).toBe(true);
    expect(isOwnNavigation(open("none"))).toBe(true);
    expect(isOwnNavigation(open())).toBe(true);
  });
  it("does not count a link on another site, or on another brand of the same domain", () => {
    expect(isOwnNavigation(open("cross-site"))).toBe(false);
    expect(isOwnNavigation(open("same-site"))).toBe(false);
  });
});
