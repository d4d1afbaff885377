import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SignupStepFrame, StepButtons } from "~/components/account/SignupStep";
import { Alert } from "~/components/ui/Field";
import { db } from "~/db.server";
import { continueAfter, isSkip } from "~/models/accounts/pages/complete-signup.server";
import { readPhotoForm } from "~/models/profiles/pages/photo-upload-form.server";
import { memberPhotos, photoLimit, uploadPhoto, type UploadResult } from "~/models/profiles/photos.server";
import { requireMember } from "~/web/require-member.server";
import { MAX_UPLOAD_BYTES } from "~/services/images/process-photo.server";
import { storage } from "~/services/storage/storage.server";
import { tooManyInit } from "~/web/too-many.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { member } = requireMember(request, context);
  return { photos: await memberPhotos(db(), member.id), limit: photoLimit(member.paidUser), maxMegabytes: MAX_UPLOAD_BYTES / 1024 / 1024 };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = requireMember(request, context);
  const upload = await readPhotoForm(request);
  if (!upload.ok) return data({ error: upload.error }, { status: 400 });
  if (isSkip(upload.form)) return continueAfter(member.id, "photo");
  if (!upload.file) {
    // Saving with photos already uploaded, but no new file, simply moves on.
    if ((await memberPhotos(db(), member.id)).length > 0) return continueAfter(member.id, "photo");
    return data({ error: "missing" as const }, { status: 400 });
  }
  const result: UploadResult = await uploadPhoto(db(), storage(), { memberId: member.id, paidUser: member.paidUser, data: upload.file });
  if (!result.ok) return data({ error: result.reason }, "retryAfterSeconds" in result ? tooManyInit(result.retryAfterSeconds) : { status: 400 });
  return continueAfter(member.id, "photo");
}

export default function PhotoStep() {
  const { photos, limit, maxMegabytes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  return (
    <SignupStepFrame step="photo">
      {photos.length > 0 ? (
        <ul className="mb-4 flex flex-wrap gap-3" data-testid="own-photos">
          {photos.map((photo) => (
            <li key={photo.id} className="relative">
              <img src={photo.thumbUrl} alt="" width={96} height={96} className="h-24 w-24 rounded-lg object-cover" />
              {photo.status === "pending" ? (
                <span className="absolute inset-x-0 bottom-0 rounded-b-lg bg-black/60 px-1 text-center text-xs text-white">{t("photos.pending")}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" encType="multipart/form-data">
        {actionData?.error ? (
          <div className="mb-4">
            <Alert tone="danger" testId="photo-error">
              {t(`photos.errors.${actionData.error}`, { limit, megabytes: maxMegabytes })}
            </Alert>
          </div>
        ) : null}
        <label htmlFor="photo" className="block text-sm font-medium">
          {t("photos.choose")}
        </label>
        <input id="photo" name="photo" type="file" accept="image/jpeg,image/png,image/webp,image/avif" className="mt-2 block w-full text-sm" />
        <p className="mt-2 text-xs text-gray-500">{t("photos.rules", { limit, megabytes: maxMegabytes })}</p>
        <StepButtons busy={navigation.state !== "idle"} saveLabel={t("photos.upload")} />
      </Form>
    </SignupStepFrame>
  );
}
