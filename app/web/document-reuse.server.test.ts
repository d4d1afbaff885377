import type { EntryContext } from "@remix-run/node";
import { beforeEach, describe, expect, it } from "vitest";
import { contextFor } from "../../tests/fixtures/context";
import { tenantFixture } from "../../tests/fixtures/tenant";
import { tenantSchema } from "~/tenancy/schema";
import type { CurrentMember } from "~/models/members/current-member";
import { documentKey, forgetKeptDocuments, isReusable, keepDocument, keptDocument } from "./document-reuse.server";

const tenant = tenantSchema.parse(tenantFixture({ id: "alpha" }));
const page = (url = "http://alpha.example/pages/cookies", init?: RequestInit) => new Request(url, init);

/** Remix's entry context as far as the reuse reads it: the route errors and the encoded data. */
function entryContext(data: string[] = ['[{"loaderData":1}]\n'], errors: Record<string, unknown> | null = null): EntryContext {
  const serverHandoffStream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of data) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  return { staticHandlerContext: { errors }, serverHandoffStream } as unknown as EntryContext;
}

async function text(stream: ReadableStream<Uint8Array> | undefined): Promise<string> {
  return new Response(stream).text();
}

beforeEach(() => forgetKeptDocuments());

describe("which answers are reused", () => {
  it("a visitor's plain GET of a brand answered 200", () => {
    expect(isReusable(page(), contextFor(tenant), 200, entryContext())).toBe(true);
  });

  it("never a member's, the staff area's, another method's, another status's, a route error's or an unknown host's", () => {
    expect(isReusable(page(), contextFor(tenant, { member: { id: 1 } as CurrentMember }), 200, entryContext())).toBe(false);
    expect(isReusable(page(), contextFor(tenant, { staff: null }), 200, entryContext())).toBe(false);
    expect(isReusable(page(undefined, { method: "POST" }), contextFor(tenant), 200, entryContext())).toBe(false);
    expect(isReusable(page(), contextFor(tenant), 404, entryContext())).toBe(false);
    expect(isReusable(page(), contextFor(tenant), 200, entryContext(undefined, { root: new Error("x") }))).toBe(false);
    expect(isReusable(page(), contextFor(null), 200, entryContext())).toBe(false);
  });
});

describe("the key of a document", () => {
  it("is the address, the language and the data, and leaves the data for the render as it was", async () => {
    const remix = entryContext(['[{"a":1}]\n', "P1:[2]\n"]);
    const key = await documentKey(page(), contextFor(tenant), remix);
    expect(await text(remix.serverHandoffStream)).toBe('[{"a":1}]\nP1:[2]\n');
    expect(await documentKey(page(), contextFor(tenant), entryContext(['[{"a":1}]\n', "P1:[2]\n"]))).toBe(key);
    expect(await documentKey(page("http://alpha.example/pages/cookies?x=1"), contextFor(tenant), entryContext(['[{"a":1}]\n', "P1:[2]\n"]))).not.toBe(key);
    expect(await documentKey(page(), contextFor(tenant, { language: "de" }), entryContext(['[{"a":1}]\n', "P1:[2]\n"]))).not.toBe(key);
    expect(await documentKey(page(), contextFor(tenant), entryContext(['[{"a":2}]\n', "P1:[2]\n"]))).not.toBe(key);
  });
});

describe("a kept document", () => {
  const body = Buffer.from('<html><script nonce="N0NCE">a()</script><style nonce="N0NCE"></style>✕</html>');

  it("comes back with the new answer's nonce wherever the old one stood", () => {
    keepDocument("k", body, "N0NCE", 1_000);
    expect(keptDocument("k", "fresh+nonce==", 2_000)?.toString()).toBe('<html><script nonce="fresh+nonce==">a()</script><style nonce="fresh+nonce=="></style>✕</html>');
    expect(keptDocument("other", "fresh", 2_000)).toBeUndefined();
  });

  it("is kept for a minute", () => {
    keepDocument("k", body, "N0NCE", 1_000);
    expect(keptDocument("k", "n", 60_999)).toBeDefined();
    expect(keptDocument("k", "n", 61_000)).toBeUndefined();
  });

  it("makes room for a new one by forgetting the oldest once 300 are kept", () => {
    for (let index = 0; index <= 300; index++) keepDocument(`k${index}`, body, "N0NCE", 1_000);
    expect(keptDocument("k0", "n", 2_000)).toBeUndefined();
    expect(keptDocument("k1", "n", 2_000)).toBeDefined();
    expect(keptDocument("k300", "n", 2_000)).toBeDefined();
  });
});
