import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { env } from "~/env.server";
import { logger } from "~/services/logging/logger.server";
import { i18nFor } from "~/i18n/i18next.server";
import { NonceContext } from "~/utils/nonce";
import { brandTagOrigins } from "~/tenancy/brand-tags";
import { documentResponse } from "~/web/document-body.server";
import { documentKey, isReusable, keepDocument, keptDocument } from "~/web/document-reuse.server";
import { applySecurityHeaders, createNonce } from "~/web/security-headers.server";

export { createRequestContext } from "~/context.server";
export { createAppHandler } from "~/web/request-handler.server";
export { MEMBER_EVENTS_PATH } from "~/web/member-events-endpoint.server";
export { createMetricsHandler } from "~/web/metrics-endpoint.server";
export { shutdown, startup } from "~/startup.server";
export { endEventStreams } from "~/services/realtime/event-stream.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const i18n = await i18nFor(loadContext.language);
  const nonce = createNonce();
  const s3 = env().s3;
  applySecurityHeaders(responseHeaders, nonce, s3 ? [new URL(s3.publicUrl).origin] : [], loadContext.tenant ? brandTagOrigins(loadContext.tenant) : []);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const answer = (body: Buffer<ArrayBuffer>) => {
    responseHeaders.set("Content-Length", String(body.length));
    return documentResponse(body, { headers: responseHeaders, status: responseStatusCode });
  };

  // A visitor's page with the same data as one sent a moment ago is that page again
  // (docs/decisions/038-visitor-documents-reused.md).
  const key = isReusable(request, loadContext, responseStatusCode, remixContext) ? await documentKey(request, loadContext, remixContext) : null;
  const reused = key === null ? undefined : keptDocument(key, nonce);
  if (reused) return answer(reused);

  // No page defers data, so the whole document is ready right after its loaders: it is rendered
  // complete and sent in one write with its length, instead of as a stream of small chunks through
  // two stream conversions (docs/decisions/032-one-write-documents.md).
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const renderErrors: unknown[] = [];
    const document = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    const timeout = setTimeout(() => abort(), streamTimeout + 1_000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        onAllReady() {
          // An error inside a boundary of a rendered shell: the page shows the boundary; it is logged.
          for (const error of renderErrors) logger().error({ req: loadContext.requestId, err: error }, "render failed");
          document.on("finish", () => {
            clearTimeout(timeout);
            const body = Buffer.concat(chunks);
            if (key !== null && renderErrors.length === 0) keepDocument(key, body, nonce);
            resolve(answer(body));
          });
          pipe(document);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          renderErrors.push(error);
        },
      },
    );
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers);
  return response;
};

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  // A thrown answer (a 403 for a script call without a session, a 404) is the answer, not a fault.
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  logger().error({ req: context.requestId, err: error }, "request failed");
}
