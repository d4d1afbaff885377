import { getFixedT } from "~/i18n/i18next.server";
import { apiUser } from "~/models/accounts/pages/api-user.server";
import { chooseLanguage } from "~/models/accounts/pages/language-choice.server";
import { checkedPassword, finishLogin, verifyPassword } from "~/models/accounts/pages/login.server";
import { findSessionMember, sessionIdFrom } from "~/models/accounts/sessions.server";
import { subscribeToPush } from "~/models/notifications/pages/push-subscription.server";
import { db } from "~/db.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { answer, apiError, apiRoute, parseInput, parseJsonBody, queryOf, type ApiCall } from "~/web/api/answers.server";
import {
  LanguageAnswerSchema,
  LanguageBodySchema,
  LoginBodySchema,
  LoginRefusedSchema,
  OkSchema,
  PushBodySchema,
  SecondStepSchema,
  UserAnswerSchema,
  UserGetHeadersSchema,
} from "~/web/api/schemas.server";
import { requireApiMember } from "~/web/require-member.server";
import { tooManyInit } from "~/web/too-many.server";

/** GET: the current member (docs/product/api.md#the-calls), asked with the header X-Request-Type: client. */
async function currentUser({ request, context }: ApiCall) {
  const tenant = requireTenant(context);
  const header = await parseInput(UserGetHeadersSchema, { "x-request-type": request.headers.get("x-request-type") ?? undefined }, context.language);
  if (!header.ok) return header.answer;
  return answer(UserAnswerSchema, { user: context.member ? await apiUser(tenant, context.member, context.language) : false });
}

/** POST: a login with e-mail and password, the login page's rules and texts; with ?push=1 a push subscription. */
async function post(call: ApiCall) {
  return queryOf(call.url).push === "1" ? pushSubscription(call) : logIn(call);
}

async function logIn({ request, context }: ApiCall) {
  const tenant = requireTenant(context);
  const body = await parseJsonBody(request, LoginBodySchema, context.language, "account");
  if (!body.ok) return body.answer;
  const outcome = await finishLogin(tenant, request, await checkedPassword(verifyPassword(tenant, context, body.data, request.headers.get("user-agent"))));
  const t = await getFixedT(context.language, "account");
  switch (outcome.kind) {
    case "session": {
      // The new session's member, as the next request's context will have it.
      const sessionId = await sessionIdFrom(outcome.cookie.split(";")[0]!);
      const member = sessionId ? await findSessionMember(db(), sessionId, tenant.id, tenant.settings.session_idle_days, tenant.timezone) : null;
      if (!member) throw new Error(`the session just started for member ${outcome.memberId} was not found`);
      return answer(UserAnswerSchema, { user: await apiUser(tenant, member, context.language) }, { headers: { "Set-Cookie": outcome.cookie } });
    }
    case "secondStep":
      return answer(SecondStepSchema, { user: false, second_step: "/login/code" }, { headers: { "Set-Cookie": outcome.cookie } });
    case "disabled": {
      const moderation = await getFixedT(context.language, "moderation");
      return answer(LoginRefusedSchema, { user: false, error: "account_disabled", message: moderation("ban.title"), reason: outcome.reason }, { status: 403, headers: { "Set-Cookie": outcome.cookie } });
    }
    case "refused": {
      const message = t(outcome.key, { minutes: outcome.minutes });
      if (outcome.key === "login.blocked") return answer(LoginRefusedSchema, { user: false, error: "login_blocked", message, minutes: outcome.minutes }, tooManyInit(outcome.minutes * 60));
      if (outcome.key === "login.deleting") return answer(LoginRefusedSchema, { user: false, error: "account_deleting", message }, { status: 403 });
      return answer(LoginRefusedSchema, { user: false, error: "login_failed", message }, { status: 401 });
    }
  }
}

async function pushSubscription({ request, context }: ApiCall) {
  const { member } = requireApiMember(context);
  const body = await parseJsonBody(request, PushBodySchema, context.language);
  if (!body.ok) return body.answer;
  if ((await subscribeToPush(member, body.data)) === "unknown_push_service") {
    return apiError(context.language, 400, "invalid_request", "api.invalidRequest", { fields: { endpoint: [(await getFixedT(context.language, "security"))("api.pushUnknownService")] } });
  }
  return answer(OkSchema, { ok: true });
}

/** PUT: the member's language (as the language menu saves it). */
async function saveLanguage({ request, context }: ApiCall) {
  requireApiMember(context);
  const body = await parseJsonBody(request, LanguageBodySchema, context.language);
  if (!body.ok) return body.answer;
  return answer(LanguageAnswerSchema, { language: body.data.language }, { headers: { "Set-Cookie": await chooseLanguage(context, body.data.language) } });
}

export const { loader, action } = apiRoute({ GET: currentUser, POST: post, PUT: saveLanguage });
