import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProfileView } from "~/components/members/ProfileView";
import { loadProfilePage, profilePageAction } from "~/models/profiles/pages/profile-page.server";

export const handle = { i18n: ["common", "members", "profile", "likes", "chat", "gifts"] };

export function loader(args: LoaderFunctionArgs) {
  return loadProfilePage(args);
}

export function action(args: ActionFunctionArgs) {
  return profilePageAction(args);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

/** A member profile (docs/product/profiles.md#profile-view). */
export default function MemberProfilePage() {
  const { profile, countryName, related, fictional, loggedIn, likes, gifts } = useLoaderData<typeof loader>();
  return <ProfileView key={profile.id} profile={profile} countryName={countryName} related={related} fictional={fictional} loggedIn={loggedIn} likes={likes} gifts={gifts} />;
}
