import { createHash } from "node:crypto";
import type { AppLoadContext, EntryContext } from "@remix-run/node";

/**
 * A visitor's document rendered once and sent again while everything it is made of is the same
 * (docs/decisions/038-visitor-documents-reused.md). What a page shows comes from its address, its
 * language and its loaders' data; the data is exactly what Remix sends to the browser for
 * hydration, so the key is that encoded data. The only other thing in the markup, the CSP nonce,
 * is put in afresh on every answer. Kept a minute at most (the footer's year is the one thing a
 * render reads from the clock), and never for a member, staff or anything but a plain 200 GET.
 */
const KEEP_MS = 60_000;
const MAX_KEPT = 300;

interface KeptDocument {
  /** The document cut where its nonce stood. */
  parts: Buffer[];
  expires: number;
}

const kept = new Map<string, KeptDocument>();

/** Whether this answer may be reused and kept: a visitor's plain page of a brand. */
export function isReusable(request: Request, context: AppLoadContext, status: number, remixContext: EntryContext): boolean {
  return (
    request.method === "GET" &&
    status === 200 &&
    context.tenant !== null &&
    context.member === null &&
    context.staff === undefined &&
    remixContext.staticHandlerContext.errors === null &&
    remixContext.serverHandoffStream !== undefined
  );
}

/**
 * The key of this answer's document: the address, the language and the hydration data. Reading
 * the data takes it out of the context's stream, so the stream is put back with the same bytes.
 */
export async function documentKey(request: Request, context: AppLoadContext, remixContext: EntryContext): Promise<string> {
  const chunks: Uint8Array[] = [];
  const reader = (remixContext.serverHandoffStream as ReadableStream<Uint8Array>).getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  remixContext.serverHandoffStream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const hash = createHash("sha256").update(request.url).update("\0").update(context.language).update("\0");
  for (const chunk of chunks) hash.update(chunk);
  return hash.digest("base64");
}

/** The kept document for the key with `nonce` put in, or undefined. */
export function keptDocument(key: string, nonce: string, now = Date.now()): Buffer<ArrayBuffer> | undefined {
  const found = kept.get(key);
  if (!found) return undefined;
  if (found.expires <= now) {
    kept.delete(key);
    return undefined;
  }
  const nonceBytes = Buffer.from(nonce);
  const pieces: Uint8Array[] = [];
  found.parts.forEach((part, index) => {
    if (index > 0) pieces.push(nonceBytes);
    pieces.push(part);
  });
  return Buffer.concat(pieces) as Buffer<ArrayBuffer>;
}

export function keepDocument(key: string, body: Buffer, nonce: string, now = Date.now()): void {
  const nonceBytes = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(nonceBytes); at !== -1; at = body.indexOf(nonceBytes, from)) {
    parts.push(body.subarray(from, at));
    from = at + nonceBytes.length;
  }
  parts.push(body.subarray(from));
  // The oldest goes first when full; Map keeps insertion order.
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(key, { parts, expires: now + KEEP_MS });
}

/** For tests: forgets every kept document. */
export function forgetKeptDocuments(): void {
  kept.clear();
}
