// One module per icon (`lucide-react/icons/<name>`), not the package's index of every icon: the
// server loads only these, and the browser build needs no tree-shaking to stay small
// (docs/decisions/041-inline-svg-icons.md).
import Beer from "lucide-react/icons/beer";
import Bike from "lucide-react/icons/bike";
import BookOpen from "lucide-react/icons/book-open";
import Camera from "lucide-react/icons/camera";
import ChefHat from "lucide-react/icons/chef-hat";
import Clapperboard from "lucide-react/icons/clapperboard";
import Disc3 from "lucide-react/icons/disc-3";
import Dumbbell from "lucide-react/icons/dumbbell";
import Feather from "lucide-react/icons/feather";
import Gamepad2 from "lucide-react/icons/gamepad-2";
import Hand from "lucide-react/icons/hand";
import HandHeart from "lucide-react/icons/hand-heart";
import HeartHandshake from "lucide-react/icons/heart-handshake";
import Landmark from "lucide-react/icons/landmark";
import ChainLink from "lucide-react/icons/link";
import Lollipop from "lucide-react/icons/lollipop";
import MoonStar from "lucide-react/icons/moon-star";
import MountainSnow from "lucide-react/icons/mountain-snow";
import Mouth from "lucide-react/icons/mouth";
import Music from "lucide-react/icons/music";
import Palette from "lucide-react/icons/palette";
import PawPrint from "lucide-react/icons/paw-print";
import Plane from "lucide-react/icons/plane";
import Shirt from "lucide-react/icons/shirt";
import ShoppingBag from "lucide-react/icons/shopping-bag";
import Sparkles from "lucide-react/icons/sparkles";
import Sprout from "lucide-react/icons/sprout";
import Tent from "lucide-react/icons/tent";
import Theater from "lucide-react/icons/theater";
import TreePalm from "lucide-react/icons/tree-palm";
import Trees from "lucide-react/icons/trees";
import UtensilsCrossed from "lucide-react/icons/utensils-crossed";
import VenetianMask from "lucide-react/icons/venetian-mask";
import Vibrate from "lucide-react/icons/vibrate";
import Volleyball from "lucide-react/icons/volleyball";
import Wine from "lucide-react/icons/wine";
import ZodiacLeo from "lucide-react/icons/zodiac-leo";
import type { LucideIcon } from "lucide-react/types";
import { Icon } from "~/components/ui/Icon";
import type { Interest } from "~/domain/profile-fields";

/**
 * An icon per interest (docs/product/profiles.md#profile-fields: each interest has an icon), drawn
 * as inline SVG so that it shows on every system. Roleplay has the Venetian mask, not the theatre
 * masks: those mark fictional profiles (FictionalIcon).
 */
export const INTEREST_ICONS: Record<Interest, LucideIcon> = {
  relationship: HeartHandshake,
  one_night_stand: MoonStar,
  kissing: Mouth,
  hugging: HandHeart,
  massages: Hand,
  lingerie: Feather,
  sex_oral: Lollipop,
  sex_roleplay: VenetianMask,
  sex_toys: Vibrate,
  sex_outdoors: Trees,
  sex_bondage: ChainLink,
  gym: Dumbbell,
  sports: Volleyball,
  dancing: Disc3,
  travelling: Plane,
  music: Music,
  movies: Clapperboard,
  gaming: Gamepad2,
  politics: Landmark,
  outdoors: Tent,
  gardening: Sprout,
  hiking: MountainSnow,
  biking: Bike,
  reading: BookOpen,
  animals: PawPrint,
  beach: TreePalm,
  art: Palette,
  photography: Camera,
  theater: Theater,
  shopping: ShoppingBag,
  fashion: Shirt,
  astrology: ZodiacLeo,
  cooking: ChefHat,
  wine: Wine,
  beer: Beer,
  dining_out: UtensilsCrossed,
};

/** An interest a brand no longer offers may still be stored on a profile: it gets a neutral icon. */
export function interestIcon(interest: string): LucideIcon {
  return INTEREST_ICONS[interest as Interest] ?? Sparkles;
}

export function InterestIcon({ interest, className }: { interest: string; className?: string }) {
  return <Icon icon={interestIcon(interest)} className={className} />;
}
