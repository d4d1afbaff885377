import { describe, expect, it } from "vitest";
import { documentResponse, wholeDocumentBody } from "./document-body.server";

describe("whole documents", () => {
  it("hands the server a document's bytes as they are, and its body to anyone who reads it", async () => {
    const body = Buffer.from("<!DOCTYPE html><p>Hoi</p>");
    const response = documentResponse(body, { status: 200, headers: { "Content-Type": "text/html" } });
    expect(wholeDocumentBody(response)).toBe(body);
    expect(await documentResponse(body, {}).text()).toBe("<!DOCTYPE html><p>Hoi</p>");
  });

  it("has nothing for other answers, nor for a document whose body was read already", async () => {
    expect(wholeDocumentBody(new Response("plain"))).toBeUndefined();
    const read = documentResponse(Buffer.from("<p>eens</p>"), {});
    await read.text();
    expect(wholeDocumentBody(read)).toBeUndefined();
  });
});
