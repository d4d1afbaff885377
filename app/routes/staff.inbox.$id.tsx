import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { GIFT_IDS, type GiftId } from "~/domain/gifts";
import { OperatorConversationView } from "~/components/staff/OperatorConversationView";
import { claimConversation, releaseClaim, replyAsProfile, type OperatorContent, type ReplyPurpose } from "~/models/staff/operator-conversation.server";
import { operatorPage, protectiveTexts, memberLanguage, requireOperatorConversation } from "~/models/staff/pages/operator-page.server";
import { recordStaffAction } from "~/models/staff/staff-audit.server";
import { saveNote } from "~/models/staff/staff-notes.server";
import { requireStaff } from "~/web/require-staff.server";
import { staffMessageWait } from "~/models/staff/pages/staff-limits.server";
import { tooManyInit } from "~/web/too-many.server";

export const handle = { i18n: ["common", "staff", "gifts"] };

export async function loader({ params, context }: LoaderFunctionArgs) {
  const staff = requireStaff(context, "operator");
  const { conversation, tenant } = await requireOperatorConversation(staff, params.id);
  const t = await getFixedT(context.language, "staff");
  return { ...(await operatorPage(staff, conversation, tenant)), title: `${t("conversation.title")} | ${t("title")}` };
}

/** What an operator's form sends: the content of a reply, or null when the form holds none. */
function replyContent(form: FormData): OperatorContent | null {
  const intent = form.get("intent");
  if (intent === "photo") {
    const photoId = Number(form.get("photo"));
    return Number.isSafeInteger(photoId) && photoId > 0 ? { kind: "photo", photoId } : null;
  }
  if (intent === "gift") {
    const giftId = String(form.get("gift"));
    return (GIFT_IDS as readonly string[]).includes(giftId) ? { kind: "gift", giftId: giftId as GiftId } : null;
  }
  return { kind: "text", body: String(form.get("body") ?? "") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = requireStaff(context, "operator");
  const { conversation, tenant } = await requireOperatorConversation(staff, params.id);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const audit = { staffId: staff.id, siteId: conversation.siteId, memberId: conversation.memberId, conversationId: conversation.conversationId, ip: context.clientIp };
  switch (intent) {
    case "claim":
    case "renew": {
      const claimed = await claimConversation(db(), staff.id, conversation.conversationId);
      if (intent === "claim" && claimed.ok) await recordStaffAction(db(), { ...audit, action: "claim" });
      return data({ intent, error: claimed.ok ? null : "claim.taken" }, { status: claimed.ok ? 200 : 409 });
    }
    case "release": {
      if (await releaseClaim(db(), staff.id, conversation.conversationId)) await recordStaffAction(db(), { ...audit, action: "release" });
      throw redirect("/staff/inbox");
    }
    case "persona-note":
    case "member-note": {
      const persona = intent === "persona-note";
      await saveNote(db(), { memberId: persona ? conversation.profileId : conversation.memberId, body: String(form.get("note") ?? ""), staffId: staff.id, siteId: conversation.siteId, kind: persona ? "persona" : "member", ip: context.clientIp });
      return data({ intent, error: null });
    }
    case "reply":
    case "photo":
    case "gift":
    case "honest_answer":
    case "care_warning": {
      const wait = await staffMessageWait(staff);
      if (wait !== null) return data({ intent, error: "reply.tooMany", body: String(form.get("body") ?? "") }, tooManyInit(wait));
      const purpose: ReplyPurpose = intent === "honest_answer" || intent === "care_warning" ? intent : "reply";
      // The honest answer and the care warning are the brand's texts, never the operator's own words.
      const texts = purpose === "reply" ? null : await protectiveTexts(tenant, memberLanguage(conversation));
      const content = texts ? { kind: "text" as const, body: purpose === "honest_answer" ? texts.honestAnswer : texts.careWarning } : replyContent(form);
      if (!content) return data({ intent, error: "reply.photo", body: "" }, { status: 400 });
      const outcome = await replyAsProfile(db(), { staff, conversation, content, purpose, maxLength: tenant.settings.message_length, ip: context.clientIp });
      if (outcome.ok) return data({ intent, error: null, body: "" });
      const body = content.kind === "text" && purpose === "reply" ? content.body : "";
      const error = outcome.reason === "contact" ? `reply.contact.${outcome.kind}` : `reply.${outcome.reason}`;
      return data({ intent, error, body }, { status: outcome.reason === "notClaimed" ? 409 : 400 });
    }
    default:
      return data({ intent, error: "reply.unknown", body: "" }, { status: 400 });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function OperatorConversationPage() {
  return <OperatorConversationView page={useLoaderData<typeof loader>()} />;
}
