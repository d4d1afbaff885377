import type { Gender, Sexuality } from "../../app/domain/profile-fields";
import type { Niche } from "../../app/tenancy/niches";

/** Who the demo members of a niche are: share of women, ages per gender and sexualities. */
export interface NicheDemographics {
  femaleShare: number;
  ages: Record<Gender, [number, number]>;
  sexualities: Record<Gender, Array<[Sexuality, number]>>;
}

const MOSTLY_STRAIGHT: NicheDemographics["sexualities"] = {
  male: [["hetero", 0.88], ["bi", 0.12]],
  female: [["hetero", 0.85], ["bi", 0.15]],
};

export const NICHE_DEMOGRAPHICS: Record<Niche, NicheDemographics> = {
  general: {
    femaleShare: 0.5,
    ages: { male: [18, 65], female: [18, 62] },
    sexualities: { male: [["hetero", 0.85], ["bi", 0.08], ["gay", 0.07]], female: [["hetero", 0.82], ["bi", 0.12], ["lesbian", 0.06]] },
  },
  // A site for women: most profiles they browse are men.
  she: { femaleShare: 0.35, ages: { male: [22, 60], female: [22, 60] }, sexualities: MOSTLY_STRAIGHT },
  bdsm: {
    femaleShare: 0.45,
    ages: { male: [21, 62], female: [21, 58] },
    sexualities: { male: [["hetero", 0.7], ["bi", 0.2], ["gay", 0.1]], female: [["hetero", 0.6], ["bi", 0.35], ["lesbian", 0.05]] },
  },
  bbw: { femaleShare: 0.7, ages: { male: [21, 65], female: [21, 62] }, sexualities: MOSTLY_STRAIGHT },
  gilf: { femaleShare: 0.75, ages: { male: [40, 75], female: [60, 82] }, sexualities: MOSTLY_STRAIGHT },
  milf: { femaleShare: 0.75, ages: { male: [20, 45], female: [35, 55] }, sexualities: MOSTLY_STRAIGHT },
  gay: { femaleShare: 0, ages: { male: [18, 68], female: [18, 68] }, sexualities: { male: [["gay", 0.85], ["bi", 0.15]], female: [["lesbian", 1]] } },
};
