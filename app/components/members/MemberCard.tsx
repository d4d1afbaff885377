import { AppLink } from "~/components/ui/AppLink";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { MemberCard as MemberCardData } from "~/models/members/member-cards.server";
import { FictionalIcon } from "./FictionalIcon";

/** A search card, or a home-page teaser (which does not say who is online). */
export type CardData = Omit<MemberCardData, "onlineRecently"> & { onlineRecently?: boolean };

export interface FictionalMark {
  label: string;
}

/** A member in a list: photo (or initial), name, age, city, online dot, fictional mark. */
export function MemberCard({
  member,
  fictional,
  to = `/members/${member.id}`,
  badge,
  footer,
}: {
  member: CardData;
  fictional: FictionalMark;
  to?: string;
  badge?: string;
  /** Below the card's link: e.g. a like button. */
  footer?: ReactNode;
}) {
  const { t } = useTranslation("members");
  const online = member.onlineRecently ? t("card.online") : null;
  return (
    <li className="relative overflow-hidden rounded-xl bg-white shadow-sm transition hover:shadow-md" data-testid="member-card" data-member-id={member.id}>
      <AppLink to={to} className="block">
        {member.photoUrl ? (
          <img src={member.photoUrl} alt="" width={240} height={240} loading="lazy" className="aspect-square w-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex aspect-square w-full items-center justify-center bg-gradient-to-br from-primary/20 to-secondary/30 text-5xl font-bold text-secondary">
            {member.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="p-3">
          <p className="flex items-center gap-1.5 truncate font-semibold">
            {online ? (
              <span className="inline-block h-2.5 w-2.5 shrink-0 rounded-full bg-success" title={online}>
                <span className="sr-only">{online}</span>
              </span>
            ) : null}
            <span className="truncate">
              <span data-testid="card-name">{member.name}</span>
              {member.age !== null ? <span className="font-normal text-gray-600" data-testid="card-age">{`, ${member.age}`}</span> : null}
            </span>
          </p>
          {member.city ? <p className="truncate text-sm text-gray-500">{member.city}</p> : null}
        </div>
      </AppLink>
      {footer ? <div className="px-3 pb-3">{footer}</div> : null}
      {badge ? (
        <span className="absolute left-2 top-2 rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-white" data-testid="card-badge">
          {badge}
        </span>
      ) : null}
      {member.isFictional ? (
        <span className="absolute right-2 top-2 rounded-full bg-white/90 px-2 py-0.5 text-sm" title={fictional.label} data-testid="fictional-mark">
          <FictionalIcon />
          <span className="sr-only">{fictional.label}</span>
        </span>
      ) : null}
    </li>
  );
}

/** A grid of member cards, optionally under a heading (search results, similar and related profiles, home). */
export function MemberCardList({
  members,
  fictional,
  title,
  testId,
  wide = false,
  footer,
}: {
  members: CardData[];
  fictional: FictionalMark;
  title?: string;
  testId: string;
  wide?: boolean;
  footer?: (member: CardData) => ReactNode;
}) {
  const grid = (
    <ul className={`grid grid-cols-2 gap-4 sm:grid-cols-3 ${wide ? "lg:grid-cols-6" : "xl:grid-cols-4"} ${title ? "mt-4" : ""}`} data-testid={testId}>
      {members.map((member) => (
        <MemberCard key={member.id} member={member} fictional={fictional} footer={footer?.(member)} />
      ))}
    </ul>
  );
  if (!title) return grid;
  return (
    <section className="mt-10" aria-labelledby={`${testId}-title`}>
      <h2 id={`${testId}-title`} className="text-xl font-bold">
        {title}
      </h2>
      {grid}
    </section>
  );
}
