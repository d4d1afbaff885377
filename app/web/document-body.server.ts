/**
 * The bytes of documents rendered whole (docs/decisions/032-one-write-documents.md), kept beside
 * their Response so the HTTP server can send them as they are: reading them back through the
 * Response's web stream cost a page more than the write itself (bench/RESULTS.md, "Request path,
 * part four"). The Response keeps its body too, for anyone who reads it the usual way.
 */
const bodies = new WeakMap<Response, Buffer>();

export function documentResponse(body: Buffer<ArrayBuffer>, init: ResponseInit): Response {
  const response = new Response(body, init);
  bodies.set(response, body);
  return response;
}

/** The whole body of a document made by documentResponse, unread; undefined for any other answer. */
export function wholeDocumentBody(response: Response): Buffer | undefined {
  return response.bodyUsed ? undefined : bodies.get(response);
}
