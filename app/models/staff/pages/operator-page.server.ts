import { and, asc, eq } from "drizzle-orm";
import { data } from "@remix-run/node";
import { conversationClaims, members, photos, profiles, staffMembers } from "../../../../db/schema";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { LANGUAGES, type Language } from "~/domain/languages";
import { conversationMessages } from "~/models/chat/conversations.server";
import { storage } from "~/services/storage/storage.server";
import { signedMediaUrl } from "~/services/storage/signed-media.server";
import type { Tenant } from "~/tenancy/schema";
import { tenants } from "~/tenancy/tenants.server";
import { ageOn } from "~/utils/age";
import { brandLanguages } from "../operator-inbox.server";
import { operatorConversation, protectionState, type OperatorConversation } from "../operator-conversation.server";
import { notesOn } from "../staff-notes.server";
import { brandText } from "~/models/console/brand-texts.server";
import type { StaffMember } from "../staff-roles";

/** Messages the conversation view shows: enough history for any conversation an operator takes over. */
const HISTORY = 200;

/** The conversation this operator may handle, with its brand, or a 404. */
export async function requireOperatorConversation(staff: StaffMember, idParam: string | undefined): Promise<{ conversation: OperatorConversation; tenant: Tenant }> {
  const id = Number(idParam);
  const conversation = Number.isSafeInteger(id) && id > 0 ? await operatorConversation(db(), staff, id, brandLanguages(tenants())) : null;
  const tenant = conversation ? tenants().get(conversation.siteId) : undefined;
  if (!conversation || !tenant) throw data(null, { status: 404 });
  return { conversation, tenant };
}

/** The member's language as a catalogue language (the brand's texts and the catalogues are per language). */
export function memberLanguage(conversation: OperatorConversation): Language {
  return (LANGUAGES as readonly string[]).includes(conversation.language) ? (conversation.language as Language) : "nl";
}

/** The texts an operator must send when asked, in the member's language: the brand's own, or the catalogue's. */
export async function protectiveTexts(tenant: Tenant, language: Language): Promise<{ honestAnswer: string; careWarning: string }> {
  const [t, honest, care] = await Promise.all([getFixedT(language, "chat"), brandText(db(), tenant, "honest_answer", language), brandText(db(), tenant, "care_warning", language)]);
  return {
    honestAnswer: honest ?? t("operator.honestAnswer", { siteName: tenant.name }),
    careWarning: care ?? t("operator.careWarning", { siteName: tenant.name }),
  };
}

async function person(memberId: number) {
  const [row] = await db()
    .select({ name: profiles.name, birthDate: profiles.birthDate, city: profiles.city, region: profiles.region, country: profiles.country, about: profiles.about, gender: profiles.gender, credits: members.credits, paidUser: members.paidUser, createdAt: members.createdAt })
    .from(profiles)
    .innerJoin(members, eq(members.id, profiles.memberId))
    .where(eq(profiles.memberId, memberId));
  if (!row) throw data(null, { status: 404 });
  const { birthDate, createdAt, ...shown } = row;
  return { ...shown, age: birthDate ? ageOn(birthDate) : null, createdAt: createdAt.toISOString() };
}

export type OperatorPage = Awaited<ReturnType<typeof operatorPage>>;

/** Everything the conversation view shows. */
export async function operatorPage(staff: StaffMember, conversation: OperatorConversation, tenant: Tenant) {
  const language = memberLanguage(conversation);
  const [history, profile, member, gallery, notes, protection, claim, texts] = await Promise.all([
    conversationMessages(db(), storage(), { conversationId: conversation.conversationId, clearedAt: null, historyDays: 3650, limit: HISTORY }),
    person(conversation.profileId),
    person(conversation.memberId),
    db()
      .select({ id: photos.id, thumbKey: photos.thumbKey })
      .from(photos)
      .where(and(eq(photos.memberId, conversation.profileId), eq(photos.status, "active")))
      .orderBy(asc(photos.position)),
    notesOn(db(), [conversation.profileId, conversation.memberId]),
    protectionState(db(), conversation),
    db()
      .select({ staffId: conversationClaims.staffId, expiresAt: conversationClaims.expiresAt, email: staffMembers.email })
      .from(conversationClaims)
      .innerJoin(staffMembers, eq(staffMembers.id, conversationClaims.staffId))
      .where(eq(conversationClaims.conversationId, conversation.conversationId)),
    protectiveTexts(tenant, language),
  ]);
  const holder = claim[0] && claim[0].expiresAt > new Date() ? claim[0] : null;
  return {
    conversation,
    brand: { id: tenant.id, name: tenant.name, timezone: tenant.timezone, maxLength: tenant.settings.message_length, gifts: tenant.settings.gifts },
    memberLocalTime: new Intl.DateTimeFormat("en-GB", { timeZone: tenant.timezone, hour: "2-digit", minute: "2-digit", weekday: "short" }).format(new Date()),
    messages: history.messages.map((message) => ({ ...message, createdAt: message.createdAt.toISOString(), fromProfile: message.senderId === conversation.profileId })),
    profile,
    member,
    gallery: gallery.map((photo) => ({ id: photo.id, url: signedMediaUrl(photo.thumbKey) })),
    personaNote: notes.get(conversation.profileId)?.body ?? "",
    memberNote: notes.get(conversation.memberId)?.body ?? "",
    protection,
    texts,
    claim: holder ? { mine: holder.staffId === staff.id, by: holder.email, expiresAt: holder.expiresAt.toISOString() } : null,
  };
}
