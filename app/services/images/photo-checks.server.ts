import sharp from "sharp";
import phash from "sharp-phash";

/** A short side under this many pixels is allowed but put first in the queue: often a cut-out or a screenshot. */
const SMALL_SIDE = 400;
/**
 * Mean standard deviation of the colour channels below which an image is one colour (a blank,
 * a filled square): measured on the re-encoded photo, so compression noise stays far under it.
 */
const ONE_COLOUR_STDEV = 6;

export type PhotoFlag = "small" | "one_colour";

export interface PhotoCheck {
  /** The 64-bit perceptual hash as a signed 64-bit integer (how PostgreSQL's bigint holds it). */
  phash: bigint;
  flags: PhotoFlag[];
}

/**
 * The automatic checks before a moderator looks (docs/product/moderation.md#image-checks), run
 * offline on the re-encoded photo: its perceptual hash (sharp-phash, ADR 026), whether it is
 * small, and whether it is mostly one colour.
 */
export async function checkPhoto(image: Buffer): Promise<PhotoCheck> {
  const [bits, stats, metadata] = await Promise.all([phash(image), sharp(image).stats(), sharp(image).metadata()]);
  const flags: PhotoFlag[] = [];
  if (Math.min(metadata.width ?? 0, metadata.height ?? 0) < SMALL_SIDE) flags.push("small");
  const colour = stats.channels.slice(0, 3);
  if (colour.reduce((sum, channel) => sum + channel.stdev, 0) / colour.length < ONE_COLOUR_STDEV) flags.push("one_colour");
  return { phash: BigInt.asIntN(64, BigInt(`0b${bits}`)), flags };
}

/** Bits that differ between two hashes. */
export function hashDistance(a: bigint, b: bigint): number {
  let rest = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (rest > 0n) {
    count += Number(rest & 1n);
    rest >>= 1n;
  }
  return count;
}
