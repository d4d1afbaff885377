import Lock from "lucide-react/icons/lock";
import { AppLink } from "~/components/ui/AppLink";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { SubmissionResult } from "@conform-to/react";
import { SignupForm } from "~/components/account/SignupForm";
import { Alert } from "~/components/ui/Field";
import { Icon } from "~/components/ui/Icon";
import { FictionalIcon } from "~/components/members/FictionalIcon";
import { InterestIcon } from "~/components/members/interest-icons";
import type { MemberLandingData } from "~/models/landers/pages/member-landing.server";

export interface SignupReply {
  result?: SubmissionResult<string[]>;
  suggestion?: string;
  waitMinutes?: number;
}

type Profile = MemberLandingData["profile"];

/** The profile's main photo: the first one, which every visitor may see. */
function mainPhoto(profile: Profile): string | null {
  const first = profile.photos[0];
  return first && !first.locked ? first.thumbUrl : null;
}

function Portrait({ profile, className }: { profile: Profile; className: string }) {
  const url = mainPhoto(profile);
  return url ? (
    <img src={url} alt="" width={320} height={320} className={`object-cover ${className}`} data-testid="landing-photo" />
  ) : (
    <span aria-hidden="true" className={`flex items-center justify-center bg-gradient-to-br from-primary/30 to-secondary/40 text-6xl font-bold text-white ${className}`}>
      {profile.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** Name, age, city, and the brand's warning on a fictional profile (docs/product/landers.md#member-landing-pages: it is always there). */
function Facts({ data, large = false }: { data: MemberLandingData; large?: boolean }) {
  const { t } = useTranslation("landers");
  const { profile, fictional } = data;
  return (
    <div>
      <h1 className={`${large ? "text-3xl" : "text-2xl"} font-extrabold`} data-testid="landing-name">
        {profile.name}
        {profile.age !== null ? <span className="font-normal">{`, ${profile.age}`}</span> : null}
      </h1>
      <p className="mt-1 text-gray-600">
        {profile.city ? t("member.lives", { city: profile.city }) : null}
        {profile.onlineRecently ? <span className="ml-2 font-semibold text-success">● {t("member.activeRecently")}</span> : null}
      </p>
      {profile.isFictional ? (
        <p className="mt-2 rounded-lg bg-warning/20 p-2 text-sm" data-testid="fictional-warning">
          <FictionalIcon className="mr-1" />
          {fictional.warning}
        </p>
      ) : null}
    </div>
  );
}

function Interests({ profile }: { profile: Profile }) {
  const { t } = useTranslation(["landers", "profile"]);
  if (profile.interests.length === 0) return null;
  return (
    <section className="mt-4">
      <h2 className="font-semibold">{t("member.interests", { name: profile.name })}</h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {profile.interests.map((interest) => (
          <li key={interest} className="rounded-full bg-primary/10 px-3 py-1 text-sm">
            <InterestIcon interest={interest} className="mr-1" />
            {t(`profile:interests.${interest}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Signing up in place: the form goes to /members/{id}/signup, which remembers whom it was for. */
export function LandingSignup({ data, reply }: { data: MemberLandingData; reply?: SignupReply }) {
  const { t } = useTranslation(["landers", "account"]);
  const { profile, signup } = data;
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="landing-signup" data-testid="landing-signup">
      <h2 id="landing-signup" className="text-xl font-bold">
        {t("member.signupTitle", { name: profile.name })}
      </h2>
      {signup.open ? (
        <>
          <p className="mb-4 mt-1 text-sm text-gray-600">{t("member.signupIntro", { name: profile.name })}</p>
          <SignupForm
            action={`/members/${profile.id}/signup`}
            minAge={signup.minAge}
            latestBirthDate={signup.latestBirthDate}
            lastResult={reply?.result}
            suggestion={reply?.suggestion}
            waitMinutes={reply?.waitMinutes}
          />
        </>
      ) : (
        <div className="mt-3 space-y-3">
          <Alert tone="info" testId="invite-only">
            {t("account:signup.inviteOnly")}
          </Alert>
          <AppLink to="/login" className="btn-primary">
            {t("login")}
          </AppLink>
        </div>
      )}
    </section>
  );
}

/** /members/{id}/landing and /members/{id}/signup: the profile beside the form. */
function ProfileBeside({ data, children }: { data: MemberLandingData; children: ReactNode }) {
  const { t } = useTranslation("landers");
  return (
    <div className="mx-auto grid max-w-5xl gap-6 p-4 md:grid-cols-2">
      <article>
        <Portrait profile={data.profile} className="aspect-square w-full rounded-3xl shadow-lg" />
        <div className="mt-4">
          <Facts data={data} large />
          {data.layout === "landing" ? (
            <a href="#landing-signup" className="btn-primary mt-4 md:hidden">
              {t("member.write", { name: data.profile.name })}
            </a>
          ) : null}
          {data.headline ? <p className="mt-3 text-lg font-semibold text-primary">{data.headline}</p> : null}
          {data.profile.about ? (
            <section className="mt-4">
              <h2 className="font-semibold">{t("member.about", { name: data.profile.name })}</h2>
              <p className="mt-1 whitespace-pre-line text-gray-700">{data.profile.about}</p>
            </section>
          ) : null}
          <Interests profile={data.profile} />
        </div>
      </article>
      <div>{children}</div>
    </div>
  );
}

/** landing2: the photo album first, the locked ones blurred until signup. */
function Album({ data, children }: { data: MemberLandingData; children: ReactNode }) {
  const { t } = useTranslation("landers");
  const { profile } = data;
  return (
    <div className="mx-auto max-w-3xl p-4">
      <div className="flex items-center gap-4">
        <Portrait profile={profile} className="h-20 w-20 rounded-full" />
        <Facts data={data} />
      </div>
      {data.headline ? <p className="mt-3 text-lg font-semibold text-primary">{data.headline}</p> : null}
      <h2 className="mt-6 font-semibold">{t("member.photos", { name: profile.name })}</h2>
      <ul className="mt-2 grid grid-cols-3 gap-2" data-testid="landing-album">
        {profile.photos.slice(0, 6).map((photo) => (
          <li key={photo.id} className="relative aspect-square overflow-hidden rounded-xl bg-gray-200">
            {photo.locked ? (
              <>
                {photo.preview ? <img src={photo.preview} alt="" width={320} height={320} className="h-full w-full scale-110 object-cover blur-md" /> : null}
                <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center text-3xl">
                  <Icon icon={Lock} />
                </span>
              </>
            ) : (
              <img src={photo.thumbUrl} alt="" width={320} height={320} className="h-full w-full object-cover" />
            )}
          </li>
        ))}
      </ul>
      <Interests profile={profile} />
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** landing3: one card for a phone: the face over the brand's colours, the form right under it. */
function Card({ data, children }: { data: MemberLandingData; children: ReactNode }) {
  const { t } = useTranslation("landers");
  return (
    <div className="mx-auto max-w-md">
      <div className="bg-gradient-to-br from-primary to-secondary px-4 pb-16 pt-8 text-center text-white">
        <p className="text-xl font-bold">{data.headline ?? t("member.write", { name: data.profile.name })}</p>
      </div>
      <div className="-mt-12 px-4 text-center">
        <Portrait profile={data.profile} className="mx-auto h-28 w-28 rounded-full border-4 border-white shadow-lg" />
        <div className="mt-2">
          <Facts data={data} />
        </div>
      </div>
      <div className="p-4">{children}</div>
    </div>
  );
}

const LAYOUTS = { landing: ProfileBeside, signup: ProfileBeside, landing2: Album, landing3: Card } as const;

/** A member landing page in its layout, with the signup in place. */
export function MemberLanding({ data, reply }: { data: MemberLandingData; reply?: SignupReply }) {
  const Layout = LAYOUTS[data.layout];
  return (
    <main data-testid={`member-${data.layout}`}>
      <Layout data={data}>
        <LandingSignup data={data} reply={reply} />
      </Layout>
    </main>
  );
}
