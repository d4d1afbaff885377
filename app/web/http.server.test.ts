import { describe, expect, it } from "vitest";
import { isDocumentRequest, safeRedirectPath } from "./http.server";

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
});

describe("isDocumentRequest", () => {
  it("tells a page load from the page's own data fetch", () => {
    expect(isDocumentRequest(new Request("http://x/chats/1", { headers: { "sec-fetch-dest": "document" } }))).toBe(true);
    expect(isDocumentRequest(new Request("http://x/chats/1.data", { headers: { "sec-fetch-dest": "empty" } }))).toBe(false);
    expect(isDocumentRequest(new Request("http://x/chats/1"))).toBe(true);
  });
});
