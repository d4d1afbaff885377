import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { requireLocalServices } from "~/web/local-services.server";
import { pendingPhotos } from "~/models/profiles/photos.server";
import { decidePhoto } from "~/models/moderation/review-queue.server";
import { tenants } from "~/tenancy/tenants.server";
import { storage } from "~/services/storage/storage.server";
import { requireTenant } from "~/tenancy/require-tenant.server";

export const handle = { i18n: ["common"], hideLanguageSwitcher: true };

export async function loader({ context }: LoaderFunctionArgs) {
  requireLocalServices(context);
  const tenant = requireTenant(context);
  const t = await getFixedT(context.language, "common");
  return { brand: tenant.name, title: t("devPhotos.title", { brand: tenant.name }), photos: await pendingPhotos(db(), tenant.pool) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireLocalServices(context);
  const tenant = requireTenant(context);
  const form = await request.formData();
  const photoId = Number(form.get("photo"));
  const decision = form.get("decision");
  if (!Number.isSafeInteger(photoId) || (decision !== "active" && decision !== "rejected")) throw data(null, { status: 400 });
  // Only photos of this brand's member pool can be decided here.
  if (!(await pendingPhotos(db(), tenant.pool)).some((photo) => photo.id === photoId)) throw data(null, { status: 404 });
  // The staff queue's decision, by nobody: the real flow is /staff/moderation (docs/product/moderation.md).
  await decidePhoto(db(), storage(), tenants(), { staff: null, ip: context.clientIp }, decision === "active" ? { photoId, decision: "approve" } : { photoId, decision: "reject", reason: "quality" });
  return redirect("/dev/photos");
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** Local stand-in for photo moderation: approve or reject the pool's photos being checked. */
export default function DevPhotos() {
  const { brand, photos } = useLoaderData<typeof loader>();
  const { t } = useTranslation("common");
  return (
    <main className="mx-auto max-w-5xl p-4">
      <h1 className="text-xl font-bold">{t("devPhotos.title", { brand })}</h1>
      <p className="mt-1 text-sm text-gray-500">{t("devPhotos.notice")}</p>
      {photos.length === 0 ? <p className="mt-4 text-gray-600">{t("devPhotos.empty")}</p> : null}
      <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="pending-photos">
        {photos.map((photo) => (
          <li key={photo.id} className="rounded-xl bg-white p-3 shadow-sm" data-testid="pending-photo" data-member-id={photo.memberId}>
            <img src={photo.thumbUrl} alt="" width={160} height={160} className="aspect-square w-full rounded-lg object-cover" />
            <p className="mt-2 truncate text-sm font-semibold">{photo.memberName}</p>
            <Form method="post" className="mt-2 flex gap-2">
              <input type="hidden" name="photo" value={photo.id} />
              <button type="submit" name="decision" value="active" className="btn-primary px-3 py-1 text-sm" data-testid="approve-photo">
                {t("devPhotos.approve")}
              </button>
              <button type="submit" name="decision" value="rejected" className="btn-outline px-3 py-1 text-sm" data-testid="reject-photo">
                {t("devPhotos.reject")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </main>
  );
}
