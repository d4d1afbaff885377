import sharp, { type Metadata, type Sharp } from "sharp";
import pLimit from "p-limit";

/** Uploads larger than this are refused before decoding. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const MAIN_SIZE = 1200;
const THUMB_SIZE = 320;
const PREVIEW_SIZE = 16;
/** Decoding bombs: refuse images with more pixels than this. */
const MAX_INPUT_PIXELS = 40_000_000;
const MIN_SIDE = 200;

export class PhotoRejected extends Error {
  constructor(readonly reason: "tooLarge" | "notAnImage" | "tooSmall") {
    super(reason);
  }
}

export interface ProcessedPhoto {
  main: Buffer;
  thumb: Buffer;
  /** A 16-pixel blurred copy as a data: URL: reveals nothing, fills the place of a locked photo. */
  preview: string;
  width: number;
  height: number;
}

/**
 * At most two photos are decoded at once per process: each holds up to 40 MP of pixels in
 * memory, and a burst of uploads must queue rather than exhaust the heap (review M-5).
 */
const decoding = pLimit(2);

/**
 * Checks an upload by decoding it (never by its name or declared type), turns it upright,
 * and re-encodes it as WebP in a main and a square thumbnail size. Re-encoding drops every
 * piece of metadata: EXIF, GPS location, camera details.
 */
export function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  return decoding(() => decodeAndEncode(input));
}

async function decodeAndEncode(input: Buffer): Promise<ProcessedPhoto> {
  if (input.byteLength > MAX_UPLOAD_BYTES) throw new PhotoRejected("tooLarge");
  let image: Sharp;
  let metadata: Metadata;
  try {
    image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
    metadata = await image.metadata();
  } catch {
    throw new PhotoRejected("notAnImage");
  }
  if (!metadata.width || !metadata.height || !["jpeg", "png", "webp", "heif", "avif", "gif"].includes(metadata.format ?? "")) {
    throw new PhotoRejected("notAnImage");
  }
  if (Math.min(metadata.width, metadata.height) < MIN_SIDE) throw new PhotoRejected("tooSmall");
  try {
    const { data: main, info } = await image
      .clone()
      .resize(MAIN_SIZE, MAIN_SIZE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await image.clone().resize(THUMB_SIZE, THUMB_SIZE, { fit: "cover", position: "attention" }).webp({ quality: 75 }).toBuffer();
    return { main, thumb, preview: await blurredPreview(thumb), width: info.width, height: info.height };
  } catch {
    throw new PhotoRejected("notAnImage");
  }
}

/** A 16-pixel blurred copy as a data: URL, for a photo that is locked for the viewer. */
export async function blurredPreview(image: Buffer): Promise<string> {
  const preview = await sharp(image).resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: "inside" }).blur(1).webp({ quality: 30 }).toBuffer();
  return `data:image/webp;base64,${preview.toString("base64")}`;
}
