import { Form, useLocation, useSearchParams } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProfileView as Profile, ViewPhoto } from "~/models/profiles/profile-view.server";
import type { FictionalTexts } from "~/models/profiles/fictional.server";
import { LikeButton } from "~/components/likes/LikeButton";
import { Alert } from "~/components/ui/Field";
import { SubmitButton } from "~/components/ui/SubmitButton";
import type { LikeState } from "~/models/likes/likes.server";
import { FictionalIcon } from "./FictionalIcon";
import { InterestIcon } from "./interest-icons";
import { MemberCardList } from "./MemberCard";
import { GiftPicker, type GiftChoice } from "./GiftPicker";
import { MessageLink } from "~/components/chat/MessageLink";
import { useSwipe } from "./use-swipe";
import type { MemberCard as CardData } from "~/models/members/member-cards.server";

/**
 * The profile view (docs/product/profiles.md#profile-view): header, main image, gallery (locked photos blurred with a
 * call to log in or go premium), buttons, fictional warning, details, interests, related profiles.
 */
export function ProfileView({
  profile,
  countryName,
  related,
  fictional,
  loggedIn,
  likes,
  gifts,
}: {
  profile: Profile;
  /** The profile's country in the page's language (the loader names it). */
  countryName: string | null;
  related: CardData[];
  fictional: FictionalTexts;
  loggedIn: boolean;
  likes: LikeState | null;
  gifts: GiftChoice | null;
}) {
  const { t } = useTranslation(["members", "profile"]);
  const place = [profile.city, profile.region, countryName].filter(Boolean).join(", ");
  const [selected, setSelected] = useState(0);
  const main = profile.photos[selected] ?? profile.photos[0];
  const count = profile.photos.length;
  const swipe = useSwipe((direction) => setSelected((index) => Math.min(count - 1, Math.max(0, index + direction))));
  return (
    // On a phone the actions sit in a bar at the bottom of the screen: room for it below the page.
    <main className={`mx-auto max-w-5xl px-4 py-4 md:py-8 ${profile.isOwn ? "" : "max-md:pb-28"}`} data-testid="profile-view" data-member-id={profile.id}>
      {profile.isOwn ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <Alert tone="info">{t("profile.own")}</Alert>
          <AppLink to="/profile" className="btn-outline">
            {t("profile.editOwn")}
          </AppLink>
        </div>
      ) : null}
      {profile.isFictional ? (
        <div className="mb-4" data-testid="fictional-warning">
          <Alert tone="warning">
            <span aria-hidden="true" className="mr-2">
              <FictionalIcon />
            </span>
            <strong>{fictional.label}.</strong> {fictional.warning}
          </Alert>
        </div>
      ) : null}
      <div className="grid gap-8 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-label={t("profile.photos")}>
          <div {...swipe}>{main ? <MainPhoto photo={main} name={profile.name} lock={profile.photoLock} /> : <NoPhoto name={profile.name} />}</div>
          {count > 1 ? <PhotoPosition count={count} selected={selected} onSelect={setSelected} /> : null}
          {count > 1 ? (
            // On a phone the photos turn by swiping, with the dots; wider, the gallery of thumbnails.
            <ul className="mt-3 grid grid-cols-4 gap-2 max-md:hidden sm:grid-cols-5" data-testid="gallery">
              {profile.photos.map((photo, index) => (
                <li key={photo.id}>
                  <button
                    type="button"
                    onClick={() => setSelected(index)}
                    className={`relative block w-full overflow-hidden rounded-lg ring-2 ${index === selected ? "ring-primary" : "ring-transparent"}`}
                    aria-label={t("profile.showPhoto", { number: index + 1 })}
                  >
                    {photo.locked ? (
                      <LockedImage preview={photo.preview} small />
                    ) : (
                      <img src={photo.thumbUrl} alt="" width={96} height={96} loading="lazy" className="aspect-square w-full object-cover" data-testid="gallery-photo" />
                    )}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <section>
          <h1 className="flex flex-wrap items-center gap-2 text-3xl font-bold">
            <span data-testid="profile-name">{profile.name}</span>
            {profile.age !== null ? <span className="font-normal text-gray-600" data-testid="profile-age">{t("profile.age", { age: profile.age })}</span> : null}
            {profile.isFictional ? (
              <span title={fictional.label} data-testid="fictional-mark">
                <FictionalIcon />
                <span className="sr-only">{fictional.label}</span>
              </span>
            ) : null}
          </h1>
          {place ? <p className="mt-1 text-gray-600">{place}</p> : null}
          {profile.onlineRecently ? <p className="mt-1 text-sm font-semibold text-success">{t("profile.online")}</p> : null}
          <ProfileActions profile={profile} loggedIn={loggedIn} likes={likes} gifts={gifts} />
          <Details profile={profile} />
        </section>
      </div>
      {profile.about ? (
        <section className="mt-8 rounded-2xl bg-white p-6 shadow-sm">
          <h2 className="text-lg font-bold">{t("profile.about")}</h2>
          <p className="mt-2 whitespace-pre-line text-gray-800" data-testid="profile-about">
            {profile.about}
          </p>
        </section>
      ) : null}
      {profile.interests.length > 0 ? (
        <section className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
          <h2 className="text-lg font-bold">{t("profile.interests")}</h2>
          <ul className="mt-3 flex flex-wrap gap-2" data-testid="profile-interests">
            {profile.interests.map((interest) => (
              <li key={interest} className="rounded-full bg-primary/10 px-3 py-1 text-sm">
                <InterestIcon interest={interest} className="mr-1" />
                {t(`profile:interests.${interest}`)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {related.length > 0 ? <MemberCardList members={related} fictional={fictional} title={t("profile.related")} testId="related-profiles" wide /> : null}
    </main>
  );
}

/** Where the member is among the photos on a phone; each dot also shows its photo. */
function PhotoPosition({ count, selected, onSelect }: { count: number; selected: number; onSelect: (index: number) => void }) {
  const { t } = useTranslation("members");
  return (
    <ol className="mt-1 flex justify-center md:hidden" data-testid="photo-dots">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <button type="button" onClick={() => onSelect(index)} className="flex h-6 w-6 items-center justify-center" aria-label={t("profile.showPhoto", { number: index + 1 })} aria-current={index === selected ? "true" : undefined}>
            <span className={`block h-2 w-2 rounded-full ${index === selected ? "bg-primary" : "bg-gray-300"}`} />
          </button>
        </li>
      ))}
    </ol>
  );
}

function MainPhoto({ photo, name, lock }: { photo: ViewPhoto; name: string; lock: Profile["photoLock"] }) {
  const { t } = useTranslation("members");
  if (!photo.locked) {
    return (
      <div className="relative overflow-hidden rounded-2xl bg-gray-100">
        {/* The page's largest paint on a phone: fetched first among the images (React 18 passes the
            attribute only in lowercase, which its types do not list). */}
        <img src={photo.url} alt={name} className="aspect-square w-full object-cover" data-testid="main-photo" {...{ fetchpriority: "high" }} />
        {photo.pending ? <span className="absolute bottom-3 left-3 rounded-full bg-black/70 px-3 py-1 text-sm text-white">{t("profile.pending")}</span> : null}
      </div>
    );
  }
  return (
    <div className="relative overflow-hidden rounded-2xl" data-testid="locked-photo">
      <LockedImage preview={photo.preview} />
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/30 p-6 text-center text-white">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-10 w-10 fill-current">
          <path d="M12 1a5 5 0 0 0-5 5v4H6a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-9a2 2 0 0 0-2-2h-1V6a5 5 0 0 0-5-5Zm-3 9V6a3 3 0 1 1 6 0v4H9Zm3 4a2 2 0 0 1 1 3.73V20h-2v-2.27A2 2 0 0 1 12 14Z" />
        </svg>
        <p className="font-semibold">{lock === "login" ? t("profile.lockedLogin") : t("profile.lockedPremium")}</p>
        <LockAction lock={lock} />
      </div>
    </div>
  );
}

function LockAction({ lock }: { lock: Profile["photoLock"] }) {
  const { t } = useTranslation("members");
  const location = useLocation();
  if (lock === "login") {
    return (
      <AppLink to={`/login?redirectTo=${encodeURIComponent(location.pathname)}`} className="btn-primary" data-testid="locked-login">
        {t("profile.login")}
      </AppLink>
    );
  }
  return (
    <AppLink to="/premium" className="btn-primary" data-testid="locked-premium">
      {t("profile.goPremium")}
    </AppLink>
  );
}

/** A locked photo: its tiny blurred copy stretched and blurred further, or a plain gradient. */
function LockedImage({ preview, small = false }: { preview: string | null; small?: boolean }) {
  return preview ? (
    <img src={preview} alt="" className={`aspect-square w-full scale-110 object-cover ${small ? "blur-sm" : "blur-xl"}`} data-testid="locked-image" />
  ) : (
    <span className="block aspect-square w-full bg-gradient-to-br from-gray-300 to-gray-500" data-testid="locked-image" />
  );
}

function NoPhoto({ name }: { name: string }) {
  return (
    <div className="flex aspect-square w-full items-center justify-center rounded-2xl bg-gradient-to-br from-primary/20 to-secondary/30 text-8xl font-bold text-secondary" aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </div>
  );
}

/**
 * The like, message and gift buttons: beside the profile on a wide screen; on a phone a bar at the
 * bottom of the screen, in reach of the thumb (docs/product/site.md#phone-layout).
 */
const ACTION_BAR =
  "flex flex-wrap items-start gap-2 max-md:fixed max-md:inset-x-0 max-md:z-30 max-md:grid max-md:auto-cols-fr max-md:grid-flow-col max-md:border-t max-md:border-gray-200 max-md:bg-white/95 max-md:px-3 max-md:py-2 max-md:items-stretch max-md:text-center max-md:backdrop-blur max-md:[&>a]:px-2 max-md:[&>details>summary]:h-full max-md:[&>details>summary]:px-2 max-md:[&>form>button]:h-full max-md:[&>form>button]:px-2";

/**
 * Visitors are asked to log in to like, chat or send a gift, and come back to do just that: the
 * like is finished, the conversation opens, the gift picker opens. Members like, write, send a
 * gift, block or unblock here.
 */
function ProfileActions({ profile, loggedIn, likes, gifts }: { profile: Profile; loggedIn: boolean; likes: LikeState | null; gifts: GiftChoice | null }) {
  const { t } = useTranslation(["members", "likes"]);
  const location = useLocation();
  const [searchParams] = useSearchParams();
  if (profile.isOwn) return null;
  if (!loggedIn) {
    const loginToLike = `/login?redirectTo=${encodeURIComponent(`${location.pathname}?like=1`)}`;
    const loginToWrite = `/login?redirectTo=${encodeURIComponent(`/members/${profile.id}/chat`)}`;
    const loginToGift = `/login?redirectTo=${encodeURIComponent(`${location.pathname}?gift=1`)}`;
    return (
      <div className="mt-5 space-y-3" data-testid="visitor-actions">
        <p className="text-sm text-gray-600">{t("profile.loginToContact")}</p>
        <div className={`${ACTION_BAR} max-md:bottom-0`} data-testid="profile-action-bar">
          <AppLink to={loginToLike} className="btn-primary" data-testid="action-like">
            {t("profile.like")}
          </AppLink>
          <AppLink to={loginToWrite} className="btn-outline" data-testid="action-message">
            {t("profile.message")}
          </AppLink>
          <AppLink to={loginToGift} className="btn-outline" data-testid="action-gift">
            {t("profile.gift")}
          </AppLink>
        </div>
      </div>
    );
  }
  if (profile.blockedByViewer) {
    return (
      <div className="mt-5 space-y-3">
        <Alert tone="info">{t("profile.youBlocked")}</Alert>
        <Form method="post">
          <input type="hidden" name="intent" value="unblock" />
          <SubmitButton className="btn-outline" data-testid="action-unblock">
            {t("profile.unblock")}
          </SubmitButton>
        </Form>
        <ReportLink memberId={profile.id} />
      </div>
    );
  }
  return (
    <div className="mt-5 space-y-4">
      {likes?.matched ? (
        <p className="font-semibold text-primary" data-testid="like-status">{t("likes:status.matched", { name: profile.name })}</p>
      ) : likes?.likedMe ? (
        <p className="font-semibold text-primary" data-testid="like-status">{t("likes:status.likedMe", { name: profile.name })}</p>
      ) : null}
      {/* Above the tab bar on a phone. */}
      <div className={`${ACTION_BAR} max-md:bottom-[calc(56px+env(safe-area-inset-bottom))]`} data-testid="profile-action-bar">
        <LikeButton memberId={profile.id} liked={likes?.liked ?? false} finishLike={searchParams.get("like") === "1"} />
        <MessageLink memberId={profile.id} />
        {gifts ? <GiftPicker name={profile.name} gifts={gifts} /> : null}
      </div>
      <div className="flex flex-wrap gap-4">
        <BlockMenu profile={profile} />
        <ReportLink memberId={profile.id} />
      </div>
    </div>
  );
}

/** "Report this profile" (docs/product/moderation.md#reports): a page of its own, so it works without JavaScript. */
function ReportLink({ memberId }: { memberId: number }) {
  const { t } = useTranslation("moderation");
  return (
    <AppLink to={`/members/${memberId}/report`} className="self-start text-sm text-gray-600 underline" data-testid="action-report">
      {t("report.link")}
    </AppLink>
  );
}

function BlockMenu({ profile }: { profile: Profile }) {
  const { t } = useTranslation("members");
  return (
    <details data-testid="block-menu">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 text-sm text-gray-600 underline" data-testid="action-block">
        {t("profile.block")}
      </summary>
      <Form method="post" className="mt-3 space-y-3 rounded-xl border border-gray-200 bg-white p-4">
        <p className="text-sm">{t("profile.blockConfirm", { name: profile.name })}</p>
        <input type="hidden" name="intent" value="block" />
        <SubmitButton className="btn-primary bg-danger" data-testid="confirm-block">
          {t("profile.blockSubmit")}
        </SubmitButton>
      </Form>
    </details>
  );
}

function Details({ profile }: { profile: Profile }) {
  const { t } = useTranslation(["members", "profile"]);
  const rows: Array<[string, string]> = [];
  if (profile.gender) rows.push([t("profile:fields.gender"), t(`profile:options.gender.${profile.gender}`)]);
  for (const [field, value] of Object.entries(profile.details)) {
    rows.push([t(`profile:fields.${field}`), t(`profile:options.${field}.${value}`)]);
  }
  if (rows.length === 0) return null;
  return (
    <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-2xl bg-white p-5 text-sm shadow-sm" data-testid="profile-details">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-gray-500">{label}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
