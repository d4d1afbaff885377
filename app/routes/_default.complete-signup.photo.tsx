import {
  data,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SignupStepFrame, StepButtons } from "~/components/account/SignupStep";
import { Alert } from "~/components/ui/Field";
import { db } from "~/db.server";
import { continueAfter, isSkip } from "~/models/complete-signup.server";
import { memberPhotos, photoLimit, uploadPhoto, type UploadResult } from "~/models/photos.server";
import { requireMember } from "~/models/require-member.server";
import { MAX_UPLOAD_BYTES } from "~/services/images/process-photo.server";
import { storage } from "~/services/storage/storage.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { member } = requireMember(request, context);
  return { photos: await memberPhotos(db(), storage(), member.id), limit: photoLimit(member.paidUser), maxMegabytes: MAX_UPLOAD_BYTES / 1024 / 1024 };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = requireMember(request, context);
  let form: FormData;
  try {
    form = await parseMultipartFormData(request, createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return data({ error: "tooLarge" as const }, { status: 400 });
    throw error;
  }
  if (isSkip(form)) return continueAfter(member.id, "photo");
  const file = form.get("photo");
  if (!(file instanceof Blob) || file.size === 0) {
    // Saving with photos already uploaded, but no new file, simply moves on.
    if ((await memberPhotos(db(), storage(), member.id)).length > 0) return continueAfter(member.id, "photo");
    return data({ error: "missing" as const }, { status: 400 });
  }
  const result: UploadResult = await uploadPhoto(db(), storage(), { memberId: member.id, paidUser: member.paidUser, data: Buffer.from(await file.arrayBuffer()) });
  if (!result.ok) return data({ error: result.reason }, { status: 400 });
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
        <input id="photo" name="photo" type="file" accept="image/jpeg,image/png,image/webp,image/heic,image/avif" className="mt-2 block w-full text-sm" />
        <p className="mt-2 text-xs text-gray-500">{t("photos.rules", { limit, megabytes: maxMegabytes })}</p>
        <StepButtons busy={navigation.state !== "idle"} saveLabel={t("photos.upload")} />
      </Form>
    </SignupStepFrame>
  );
}
