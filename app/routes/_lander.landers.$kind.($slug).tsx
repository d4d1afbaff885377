import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ComponentType } from "react";
import { AloneTonight } from "~/components/landers/AloneTonight";
import { Collage } from "~/components/landers/Collage";
import { Gallery } from "~/components/landers/Gallery";
import { IconsLanding } from "~/components/landers/IconsLanding";
import { MapLanding } from "~/components/landers/MapLanding";
import { SocialNetwork } from "~/components/landers/SocialNetwork";
import { TinderSwipe } from "~/components/landers/TinderSwipe";
import { TransitionsVideo } from "~/components/landers/TransitionsVideo";
import { VideoLander } from "~/components/landers/VideoLander";
import type { LanderKind } from "~/domain/landers";
import { loadLander, type LanderData } from "~/models/landers/pages/lander-page.server";

// Plain HTML: a lander loads no JavaScript (docs/product/landers.md#speed).
export const handle = { i18n: ["common", "landers", "home", "profile"], hydrate: false };

export function loader(args: LoaderFunctionArgs) {
  return loadLander(args);
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

const LANDERS: Record<LanderKind, ComponentType<{ data: LanderData }>> = {
  tinderswipe: TinderSwipe,
  alonetonight: AloneTonight,
  collagelanding: Collage,
  gallery: Gallery,
  iconslanding: IconsLanding,
  maplanding: MapLanding,
  socialnetwork: SocialNetwork,
  transitionsvideolanding: TransitionsVideo,
  video: VideoLander,
};

/** An advertising lander (docs/product/landers.md), chosen by the path. */
export default function Lander() {
  const data = useLoaderData<typeof loader>();
  const Page = LANDERS[data.kind];
  return (
    <main data-testid={`lander-${data.kind}`}>
      <Page data={data} />
    </main>
  );
}
