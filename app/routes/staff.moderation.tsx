import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { ReviewQueue } from "~/components/staff/ReviewQueue";
import { isOneOf, PHOTO_REJECT_REASONS, TEXT_REJECT_REASONS } from "~/domain/moderation-reasons";
import { decidePhoto, decideText, reviewQueue } from "~/models/moderation/review-queue.server";
import { staffDecisionWait } from "~/models/staff/pages/staff-limits.server";
import { storage } from "~/services/storage/storage.server";
import { tenants } from "~/tenancy/tenants.server";
import { requireStaff } from "~/web/require-staff.server";
import { tooManyInit } from "~/web/too-many.server";

export const handle = { i18n: ["common", "staff", "moderation"] };

export async function loader({ context }: LoaderFunctionArgs) {
  const staff = requireStaff(context, "moderator");
  const [queue, t] = await Promise.all([reviewQueue(db(), staff), getFixedT(context.language, "staff")]);
  return { ...queue, title: `${t("moderation.title")} | ${t("title")}` };
}

/** One decision: approve, or reject with a reason from the list (docs/product/moderation.md#the-queue). */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = requireStaff(context, "moderator");
  const form = await request.formData();
  const id = Number(form.get("id"));
  const decision = form.get("decision");
  const reason = form.get("reason");
  if (!Number.isSafeInteger(id) || id <= 0 || (decision !== "approve" && decision !== "reject")) throw data(null, { status: 400 });
  const wait = await staffDecisionWait(staff);
  if (wait !== null) return data({ error: "tooMany" as const }, tooManyInit(wait));
  const by = { staff, ip: context.clientIp };
  let done: boolean;
  if (form.get("type") === "photo") {
    if (decision === "reject" && !isOneOf(PHOTO_REJECT_REASONS, reason)) return data({ error: "reason" as const }, { status: 400 });
    done = await decidePhoto(db(), storage(), tenants(), by, decision === "approve" ? { photoId: id, decision } : { photoId: id, decision, reason: reason as (typeof PHOTO_REJECT_REASONS)[number] });
  } else if (form.get("type") === "text") {
    if (decision === "reject" && !isOneOf(TEXT_REJECT_REASONS, reason)) return data({ error: "reason" as const }, { status: 400 });
    done = await decideText(db(), tenants(), by, decision === "approve" ? { reviewId: id, decision } : { reviewId: id, decision, reason: reason as (typeof TEXT_REJECT_REASONS)[number] });
  } else {
    throw data(null, { status: 400 });
  }
  // Another moderator may have been first: not an error, the queue moves on.
  return data({ error: done ? null : ("decided" as const) });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function ModerationPage() {
  const { items, waiting } = useLoaderData<typeof loader>();
  return <ReviewQueue items={items} waiting={waiting} />;
}
