import Drama from "lucide-react/icons/drama";
import { Icon } from "~/components/ui/Icon";

/**
 * The mark of a fictional profile in the pages (docs/product/profiles.md#fictional-profiles): the
 * theatre masks, drawn as SVG. The brand's `settings.fictional_icon` is the same mark as a
 * character, for the JSON API's apps; a page would show that as an empty box where no emoji font is.
 */
export function FictionalIcon({ className }: { className?: string }) {
  return <Icon icon={Drama} className={className} />;
}
