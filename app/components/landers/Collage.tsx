import { useTranslation } from "react-i18next";
import type { LanderData } from "~/models/landers/pages/lander-page.server";
import { NoMembers, SignupCta } from "./LanderParts";

/** Where the larger tiles go in the 4-column collage. */
const LARGE = new Set([0, 5, 10]);

/** A photo collage of the pool with the headline laid over it (docs/product/landers.md#collagelanding). */
export function Collage({ data }: { data: LanderData }) {
  const { t } = useTranslation("landers");
  const photos = data.members.slice(0, 14);
  return (
    <section className="relative" aria-labelledby="lander-title">
      <div className="grid grid-flow-dense grid-cols-4 gap-1 bg-black" aria-hidden="true">
        {photos.map((member, index) => (
          <img
            key={member.id}
            src={member.photoUrl}
            alt=""
            width={320}
            height={320}
            loading={index < 6 ? "eager" : "lazy"}
            className={`aspect-square h-full w-full object-cover opacity-80 ${LARGE.has(index) ? "col-span-2 row-span-2" : ""}`}
          />
        ))}
      </div>
      <div className="absolute inset-0 flex items-center justify-center p-4">
        <div className="max-w-md rounded-3xl bg-white/95 p-6 text-center shadow-2xl">
          <h1 id="lander-title" className="text-2xl font-extrabold md:text-3xl" data-testid="lander-headline">
            {data.headline}
          </h1>
          <p className="mt-2 text-gray-700">{t("collagelanding.title")}</p>
          <div className="mt-5">
            <SignupCta open={data.signupOpen} />
          </div>
        </div>
      </div>
      {photos.length === 0 ? <NoMembers /> : null}
    </section>
  );
}
