import Heart from "lucide-react/icons/heart";
import House from "lucide-react/icons/house";
import MessageCircle from "lucide-react/icons/message-circle";
import Search from "lucide-react/icons/search";
import UserRound from "lucide-react/icons/circle-user-round";
import type { LucideIcon } from "lucide-react/types";
import { Icon } from "~/components/ui/Icon";

/** The tab bar's pictograms (docs/decisions/041-inline-svg-icons.md), a little larger than the text. */
const ICONS = { home: House, search: Search, heart: Heart, messages: MessageCircle, user: UserRound } satisfies Record<string, LucideIcon>;
export type TabIconName = keyof typeof ICONS;

export function TabIcon({ name }: { name: TabIconName }) {
  return <Icon icon={ICONS[name]} className="text-2xl" />;
}
