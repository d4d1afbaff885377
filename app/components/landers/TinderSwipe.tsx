import Heart from "lucide-react/icons/heart";
import X from "lucide-react/icons/x";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/Icon";
import type { LanderData } from "~/models/landers/pages/lander-page.server";
import { MemberCaption, NoMembers, SignupCta } from "./LanderParts";

const DECK = 8;
/** The stacking of the deck, top card first (classes, not style attributes: the content security policy allows no inline style). */
const STACK = ["z-[8]", "z-[7]", "z-[6]", "z-[5]", "z-[4]", "z-[3]", "z-[2]", "z-[1]"];

/**
 * A deck of the pool's members to swipe through (docs/product/landers.md#tinderswipe), without a
 * line of JavaScript: each card's cross and heart are labels of checkboxes that send it left or right
 * (app/tailwind.css, .swipe-*); under the last card waits the way into signup.
 */
export function TinderSwipe({ data }: { data: LanderData }) {
  const { t } = useTranslation("landers");
  const cards = data.members.slice(0, DECK);
  return (
    <section className="px-4 py-8" aria-labelledby="lander-title">
      <h1 id="lander-title" className="text-center text-2xl font-extrabold md:text-3xl" data-testid="lander-headline">
        {data.headline}
      </h1>
      <p className="mt-1 text-center text-gray-600">{t("tinderswipe.title")}</p>
      <div className="relative mx-auto mt-6 h-[27rem] w-full max-w-xs" data-testid="swipe-deck">
        <div className="absolute inset-0 flex flex-col items-center justify-center rounded-3xl bg-white p-6 text-center shadow-inner">
          <p className="text-xl font-bold">{t("tinderswipe.endTitle")}</p>
          <p className="mt-2 text-gray-600">{t("tinderswipe.endBody")}</p>
          <div className="mt-5">
            <SignupCta open={data.signupOpen} />
          </div>
        </div>
        {cards.map((member, index) => (
          <div key={member.id} className={`swipe-item pointer-events-none absolute inset-0 ${STACK[index]}`}>
            <input type="checkbox" id={`nope-${member.id}`} className="swipe-nope sr-only" aria-label={t("tinderswipe.nope", { name: member.name })} />
            <input type="checkbox" id={`like-${member.id}`} className="swipe-like sr-only" aria-label={t("tinderswipe.like", { name: member.name })} />
            <article className="swipe-card pointer-events-auto absolute inset-0 overflow-hidden rounded-3xl bg-gray-200 shadow-xl" data-testid="swipe-card">
              <img src={member.photoUrl} alt="" width={320} height={320} loading={index < 2 ? "eager" : "lazy"} className="h-full w-full object-cover" />
              <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-4 pb-20 text-white">
                <MemberCaption member={member} fictional={data.fictional} />
              </div>
              <div className="absolute inset-x-0 bottom-4 flex justify-center gap-6">
                <label htmlFor={`nope-${member.id}`} className="swipe-nope-label flex h-14 w-14 cursor-pointer items-center justify-center rounded-full bg-white text-2xl text-gray-700 shadow-lg" aria-hidden="true">
                  <Icon icon={X} />
                </label>
                <label htmlFor={`like-${member.id}`} className="swipe-like-label flex h-14 w-14 cursor-pointer items-center justify-center rounded-full bg-primary text-2xl text-white shadow-lg" aria-hidden="true">
                  <Icon icon={Heart} className="fill-current" />
                </label>
              </div>
            </article>
          </div>
        ))}
      </div>
      {cards.length === 0 ? <NoMembers /> : null}
    </section>
  );
}
