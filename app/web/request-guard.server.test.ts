import { describe, expect, it } from "vitest";
import { guardRequest, isCrossSite, MAX_BODY_BYTES, withBoundedBody } from "./request-guard.server";

const HOST = "flirtpunt.nl";

/** A post as a form sends it (URL-encoded) unless the headers say otherwise. */
function post(path: string, headers: Record<string, string> = {}, body: BodyInit = "a=1"): Request {
  return new Request(`https://${HOST}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body, duplex: "half" } as RequestInit);
}

/** A body that arrives in pieces without saying its length, as a chunked upload does. */
function streamOf(bytes: number, chunk = 16 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const size = Math.min(chunk, bytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
}

describe("isCrossSite (review M-2)", () => {
  it("lets through what a page of the site sends", () => {
    expect(isCrossSite(post("/login", { "sec-fetch-site": "same-origin" }), HOST)).toBe(false);
    // Without Sec-Fetch-Site, Origin must name the host the request was addressed to.
    expect(isCrossSite(post("/login", { origin: "https://flirtpunt.nl" }), HOST)).toBe(false);
    expect(isCrossSite(post("/login", { origin: "http://flirtpunt.localhost:3199" }), "flirtpunt.localhost:3199")).toBe(false);
  });

  it("refuses posts from other sites, sibling hosts, and posts that say nothing", () => {
    expect(isCrossSite(post("/login", { "sec-fetch-site": "cross-site" }), HOST)).toBe(true);
    expect(isCrossSite(post("/login", { "sec-fetch-site": "same-site" }), HOST)).toBe(true);
    expect(isCrossSite(post("/login", { "sec-fetch-site": "none" }), HOST)).toBe(true);
    expect(isCrossSite(post("/login", { origin: "https://evil.example" }), HOST)).toBe(true);
    expect(isCrossSite(post("/login", { origin: "https://media.flirtpunt.nl" }), HOST)).toBe(true);
    expect(isCrossSite(post("/login", { origin: "null" }), HOST)).toBe(true);
    expect(isCrossSite(post("/login"), HOST)).toBe(true);
    // The page script's data requests are the same routes.
    expect(isCrossSite(post("/members/12.data", { "sec-fetch-site": "cross-site" }), HOST)).toBe(true);
  });

  it("leaves reading alone, and the webhooks and one-click unsubscribe that come from elsewhere", () => {
    expect(isCrossSite(new Request(`https://${HOST}/members`, { headers: { "sec-fetch-site": "cross-site" } }), HOST)).toBe(false);
    for (const path of ["/api/payments/webhook/mollie", "/api/mail/webhook/postmark", "/unsubscribe/abc.def"]) {
      expect(isCrossSite(post(path, { "sec-fetch-site": "cross-site" }), HOST), path).toBe(false);
    }
    expect(isCrossSite(post("/api/payments/webhook/mollie/extra", { "sec-fetch-site": "cross-site" }), HOST)).toBe(true);
  });
});

describe("withBoundedBody (review M-3)", () => {
  it("passes a small body on, readable as a form", async () => {
    const bounded = await withBoundedBody(post("/login", { "content-type": "application/x-www-form-urlencoded" }, "email=a%40b.nl&password=x"));
    expect(bounded).toBeInstanceOf(Request);
    expect(Object.fromEntries(await (bounded as Request).formData())).toEqual({ email: "a@b.nl", password: "x" });
  });

  it("refuses a body over the limit by its declared length, and by counting when it declares none", async () => {
    expect(await withBoundedBody(post("/login", { "content-length": String(MAX_BODY_BYTES + 1) }, "x".repeat(MAX_BODY_BYTES + 1)))).toBe("tooLarge");
    expect(await withBoundedBody(post("/login", {}, streamOf(10 * MAX_BODY_BYTES)))).toBe("tooLarge");
    const exact = await withBoundedBody(post("/login", {}, streamOf(MAX_BODY_BYTES)));
    expect(((await (exact as Request).arrayBuffer()) as ArrayBuffer).byteLength).toBe(MAX_BODY_BYTES);
  });

  it("refuses a NUL character, raw, URL-encoded or in JSON, which no text column can hold (found by the fuzz suite)", async () => {
    expect(await withBoundedBody(post("/chats/3", {}, "body=hoi%00daar"))).toBe("badCharacters");
    expect(await withBoundedBody(post("/chats/3", {}, "body=hoi\u0000daar"))).toBe("badCharacters");
    expect(await withBoundedBody(post("/api/push/subscribe", { "content-type": "application/json" }, '{"endpoint":"a\\u0000b"}'))).toBe("badCharacters");
    expect(await withBoundedBody(post("/chats/3", {}, "body=100%25%20zeker"))).toBeInstanceOf(Request);
  });

  it("lets JSON reach only the calls that read it; a form action gets forms (found by the fuzz suite)", async () => {
    const json = { "content-type": "application/json" };
    expect(await withBoundedBody(post("/api/alerts/dismiss", json, '{"alert":"noPhoto"}'))).toBe("unsupportedType");
    expect(await withBoundedBody(post("/login", { "content-type": "text/plain" }, "email=a"))).toBe("unsupportedType");
    expect(await withBoundedBody(post("/api/push/subscribe", json, '{"endpoint":"https://fcm.googleapis.com/x"}'))).toBeInstanceOf(Request);
    expect(await withBoundedBody(post("/api/page-hidden.php", { "content-type": "text/plain;charset=UTF-8" }, "{}"))).toBeInstanceOf(Request);
  });

  it("leaves photo uploads to their own limit, and only photo uploads", async () => {
    const multipart = { "content-type": "multipart/form-data; boundary=x" };
    const upload = post("/chats/3", multipart, streamOf(4 * MAX_BODY_BYTES));
    expect(await withBoundedBody(upload)).toBe(upload);
    expect(await withBoundedBody(post("/login", multipart, streamOf(4 * MAX_BODY_BYTES)))).toBe("tooLarge");
    expect(await withBoundedBody(post("/chats/3", {}, streamOf(4 * MAX_BODY_BYTES)))).toBe("tooLarge");
  });
});

describe("guardRequest", () => {
  it("answers a refused page load with a page in the visitor's language, a script's call with JSON", async () => {
    const page = await guardRequest(post("/login", { "sec-fetch-site": "cross-site", "sec-fetch-dest": "document", accept: "text/html" }), HOST, "nl");
    expect("refused" in page).toBe(true);
    const pageResponse = (page as { refused: Response }).refused;
    expect(pageResponse.status).toBe(403);
    expect(pageResponse.headers.get("content-type")).toContain("text/html");
    expect(await pageResponse.text()).toContain("Dit formulier kwam niet van deze site");

    const call = await guardRequest(post("/api/push/subscribe", { origin: "https://evil.example" }), HOST, "de");
    const callResponse = (call as { refused: Response }).refused;
    expect(callResponse.status).toBe(403);
    expect(await callResponse.json()).toEqual({ error: "cross_site_request", message: expect.stringContaining("Formular") as string });

    const large = await guardRequest(post("/login", { "sec-fetch-site": "same-origin" }, streamOf(2 * MAX_BODY_BYTES)), HOST, "en");
    expect((large as { refused: Response }).refused.status).toBe(413);
  });
});
