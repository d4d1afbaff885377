import { Form, useNavigation } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/Field";
import { SubmitButton } from "~/components/ui/SubmitButton";
import type { OwnPhoto } from "~/models/profiles/photos.server";

/**
 * The member's photos on /profile: upload (up to the free or premium limit), make one the main
 * photo, delete. Photos being checked are marked; only approved ones can become the main photo.
 */
export function PhotoManager({ photos, limit, paidUser, maxMegabytes, error }: { photos: OwnPhoto[]; limit: number; paidUser: boolean; maxMegabytes: number; error?: string }) {
  const { t } = useTranslation(["profile", "account"]);
  const navigation = useNavigation();
  const uploading = navigation.state !== "idle" && navigation.formEncType === "multipart/form-data";
  const full = photos.length >= limit;
  return (
    <section id="photos" className="scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm" aria-labelledby="photos-title" data-testid="profile-section-photos">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="photos-title" className="text-lg font-bold">
          {t("edit.photos.title")}
        </h2>
        <p className="text-sm text-gray-600" data-testid="photo-count">
          {t("edit.photos.count", { count: photos.length, limit })}
        </p>
      </div>
      {photos.length > 0 ? (
        <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="own-photos">
          {photos.map((photo) => (
            <li key={photo.id} className="space-y-2" data-testid="own-photo" data-status={photo.status}>
              <div className="relative">
                <img src={photo.thumbUrl} alt="" width={160} height={160} className="aspect-square w-full rounded-lg object-cover" />
                {photo.isMain ? <span className="absolute left-1 top-1 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-white">{t("edit.photos.main")}</span> : null}
                {photo.status === "pending" ? (
                  <span className="absolute inset-x-0 bottom-0 rounded-b-lg bg-black/60 px-1 py-0.5 text-center text-xs text-white">{t("account:photos.pending")}</span>
                ) : null}
              </div>
              <div className="flex flex-wrap gap-2 text-xs">
                {!photo.isMain && photo.status === "active" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="main-photo" />
                    <input type="hidden" name="photo" value={photo.id} />
                    <SubmitButton className="underline" data-testid="make-main">
                      {t("edit.photos.makeMain")}
                    </SubmitButton>
                  </Form>
                ) : null}
                <Form method="post">
                  <input type="hidden" name="intent" value="delete-photo" />
                  <input type="hidden" name="photo" value={photo.id} />
                  <SubmitButton className="text-danger underline" data-testid="delete-photo">
                    {t("edit.photos.delete")}
                  </SubmitButton>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-gray-600">{t("edit.photos.none")}</p>
      )}
      {error ? (
        <div className="mt-4">
          <Alert tone="danger" testId="photo-error">
            {photoError(t, error, { limit, paidUser, megabytes: maxMegabytes })}
          </Alert>
        </div>
      ) : null}
      {full ? (
        <div className="mt-4">
          <Alert tone="info" testId="photo-limit">
            {paidUser ? t("edit.photos.limitPremium", { limit }) : t("edit.photos.limitFree", { limit })}{" "}
            {paidUser ? null : (
              <AppLink to="/premium" className="font-semibold underline">
                {t("edit.photos.goPremium")}
              </AppLink>
            )}
          </Alert>
        </div>
      ) : (
        <Form method="post" encType="multipart/form-data" className="mt-4 space-y-2">
          <input type="hidden" name="intent" value="upload-photo" />
          <label htmlFor="photo" className="block text-sm font-medium">
            {t("account:photos.choose")}
          </label>
          <input id="photo" name="photo" type="file" required accept="image/jpeg,image/png,image/webp,image/avif" className="block w-full text-sm" />
          <p className="text-xs text-gray-500">{t("account:photos.rules", { limit, megabytes: maxMegabytes })}</p>
          <button type="submit" className="btn-primary" disabled={uploading} data-testid="upload-photo">
            {t("account:photos.upload")}
          </button>
        </Form>
      )}
    </section>
  );
}

/** The message for a refused upload or photo action; limits are worded for free or premium members. */
function photoError(t: TFunction<["profile", "account"]>, error: string, values: { limit: number; paidUser: boolean; megabytes: number }): string {
  if (error === "limit") return values.paidUser ? t("edit.photos.limitPremium", values) : t("edit.photos.limitFree", values);
  if (error === "missing" || error === "unavailable") return t(`edit.photos.${error}`);
  return t(`account:photos.errors.${error}`, values);
}
