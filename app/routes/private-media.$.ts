import type { LoaderFunctionArgs } from "@remix-run/node";
import { isPrivateMediaKey, verifyMediaLink } from "~/services/storage/signed-media.server";
import { storage } from "~/services/storage/storage.server";

/**
 * A private file through its signed link (services/storage/signed-media.server.ts): chat photos
 * and a profile's photos beyond the first. A wrong, expired or tampered link is a 404; the file
 * is kept only in the browser's private cache until the link expires.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  const url = new URL(request.url);
  const left = isPrivateMediaKey(key) ? verifyMediaLink(key, url.searchParams.get("e"), url.searchParams.get("s")) : null;
  const file = left === null ? null : await storage().get(key);
  if (!file) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(new Uint8Array(file), {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": `private, max-age=${left}`,
      "Cross-Origin-Resource-Policy": "same-site",
    },
  });
}
