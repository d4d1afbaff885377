import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
} from "@remix-run/node";
import { MAX_UPLOAD_BYTES } from "~/services/images/process-photo.server";

/**
 * Reads a multipart photo form, holding at most MAX_UPLOAD_BYTES of the file in memory: a larger
 * file is refused as it streams in, before it is ever decoded.
 */
export async function readPhotoForm(request: Request): Promise<{ ok: true; form: FormData; file: Buffer | null } | { ok: false; error: "tooLarge" }> {
  let form: FormData;
  try {
    form = await parseMultipartFormData(request, createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { ok: false, error: "tooLarge" };
    throw error;
  }
  const file = form.get("photo");
  return { ok: true, form, file: file instanceof Blob && file.size > 0 ? Buffer.from(await file.arrayBuffer()) : null };
}
