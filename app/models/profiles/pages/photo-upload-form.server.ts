import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { MAX_UPLOAD_BYTES } from "~/services/images/process-photo.server";

/** A photo form has one file and a couple of short fields (intent, skip). */
const MAX_PARTS = 8;
const MAX_FIELD_BYTES = 200;
/** Room for the fields and multipart boundaries next to the photo. */
const MAX_REQUEST_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

/**
 * Reads a multipart photo form holding at most one file of MAX_UPLOAD_BYTES in memory: a larger
 * request, a larger file, more parts or long fields are refused as they stream in, before any
 * decoding. Only the part named `photo` may carry a file; other files are skipped unread.
 */
export async function readPhotoForm(request: Request): Promise<{ ok: true; form: FormData; file: Buffer | null } | { ok: false; error: "tooLarge" | "notAnImage" }> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_REQUEST_BYTES) return { ok: false, error: "tooLarge" };
  // A form without a file (a plain post, its size already bounded by the request guard) has no photo.
  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    const form = await request.formData().catch(() => new FormData());
    return { ok: true, form, file: null };
  }
  const photo = createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES });
  const field = createMemoryUploadHandler({ maxPartSize: MAX_FIELD_BYTES });
  let parts = 0;
  let photoSeen = false;
  const handler: UploadHandler = async (part) => {
    parts += 1;
    if (parts > MAX_PARTS) throw new MaxPartSizeExceededError(part.name, MAX_PARTS);
    if (part.filename === undefined) return field(part);
    if (part.name !== "photo" || photoSeen) return undefined;
    photoSeen = true;
    return photo(part);
  };
  let form: FormData;
  try {
    form = await parseMultipartFormData(request, handler);
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { ok: false, error: "tooLarge" };
    // A body that says multipart but is not (found by the fuzz suite: it was a 500).
    if (error instanceof TypeError) return { ok: false, error: "notAnImage" };
    throw error;
  }
  const file = form.get("photo");
  return { ok: true, form, file: file instanceof Blob && file.size > 0 ? Buffer.from(await file.arrayBuffer()) : null };
}
