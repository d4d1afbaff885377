import { createAvatar } from "@dicebear/core";
import { avataaars } from "@dicebear/collection";
import sharp from "sharp";
import type { Gender } from "../../app/domain/profile-fields";

export const PHOTO_SIZE = 480;
export const THUMB_SIZE = 160;

const LONG_HAIR = ["bob", "bun", "curly", "curvy", "bigHair", "longButNotTooLong", "miaWallace", "straight01", "straight02", "straightAndStrand", "frida"] as const;
const SHORT_HAIR = ["shortCurly", "shortFlat", "shortRound", "shortWaved", "sides", "theCaesar", "theCaesarAndSidePart", "shaggy", "frizzle", "dreads01"] as const;
const GREY = "e8e1e1";
/** Natural skin tones only; the style also has cartoon yellow and orange. */
const SKIN = ["614335", "d08b5b", "ae5d29", "edb98a", "ffdbb4"];
const BACKGROUNDS = ["b6e3f4", "c0aede", "d1d4f9", "ffd5dc", "ffdfbf", "c7f0d8", "f4e3b6"];

export interface AvatarInput {
  seed: string;
  gender: Gender;
  /** Older members get grey hair more often. */
  age: number;
}

/** A friendly cartoon portrait drawn locally (no network), as WebP in a main and a thumbnail size. */
export async function renderAvatar(input: AvatarInput): Promise<{ main: Buffer; thumb: Buffer }> {
  const female = input.gender === "female";
  const greyChance = input.age >= 60 ? 0.8 : input.age >= 50 ? 0.35 : 0;
  const grey = hashFraction(`${input.seed}:grey`) < greyChance;
  const svg = createAvatar(avataaars, {
    seed: input.seed,
    size: PHOTO_SIZE,
    top: female ? [...LONG_HAIR] : [...SHORT_HAIR],
    topProbability: 100,
    facialHairProbability: female ? 0 : 45,
    accessoriesProbability: 15,
    accessories: ["prescription01", "prescription02", "round", "wayfarers"],
    eyes: ["default", "happy", "wink", "side", "squint"],
    eyebrows: ["default", "defaultNatural", "raisedExcited", "raisedExcitedNatural", "flatNatural"],
    mouth: ["smile", "default", "twinkle", "serious"],
    skinColor: SKIN,
    backgroundColor: BACKGROUNDS,
    ...(grey ? { hairColor: [GREY], facialHairColor: [GREY] } : {}),
  }).toString();
  const image = sharp(Buffer.from(svg));
  const [main, thumb] = await Promise.all([
    image.clone().resize(PHOTO_SIZE, PHOTO_SIZE).webp({ quality: 78 }).toBuffer(),
    image.clone().resize(THUMB_SIZE, THUMB_SIZE).webp({ quality: 70 }).toBuffer(),
  ]);
  return { main, thumb };
}

/** A stable number in [0, 1) for a string. */
export function hashFraction(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0) / 4294967296;
}
