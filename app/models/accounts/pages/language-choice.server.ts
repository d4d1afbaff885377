import type { AppLoadContext } from "@remix-run/node";
import { db } from "~/db.server";
import type { Language } from "~/domain/languages";
import { setMemberLanguage } from "~/models/accounts/account-settings.server";
import { localeCookie } from "~/web/cookies.server";

/**
 * Keeps the chosen interface language for a year (and on the member, whose language wins over the
 * cookie and is used for mails): the Set-Cookie value, for POST /api/language and PUT /api/user.php.
 */
export async function chooseLanguage(context: AppLoadContext, language: Language): Promise<string> {
  if (context.member) await setMemberLanguage(db(), context.member.id, language);
  return localeCookie.serialize(language);
}
