import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { env } from "~/env.server";
import { i18nFor } from "~/i18n/i18next.server";
import { NonceContext } from "~/utils/nonce";
import { applySecurityHeaders, createNonce } from "~/web/security-headers.server";

export { createRequestContext } from "~/context.server";
export { createAppHandler } from "~/web/request-handler.server";
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
  // Crawlers get the whole document at once; people get the shell as soon as it is ready.
  const readyEvent = isbot(request.headers.get("user-agent")) ? "onAllReady" : "onShellReady";
  const nonce = createNonce();
  const s3 = env().s3;
  applySecurityHeaders(responseHeaders, nonce, s3 ? [new URL(s3.publicUrl).origin] : []);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are already on the wire; log them, the boundary shows them.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  // A thrown answer (a 403 for a script call without a session, a 404) is the answer, not a fault.
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  console.error(error);
}
