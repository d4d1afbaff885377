import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { clearSessionCookie, endSession } from "~/models/accounts/sessions.server";
import { searchCookie } from "~/web/cookies.server";
import { recordSecurityEvent } from "~/models/safety/security-events.server";

/** Ends this session (the row is deleted, so the cookie is worthless even if kept). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (context.sessionId) await endSession(db(), context.sessionId);
  if (context.member) await recordSecurityEvent(db(), { memberId: context.member.id, siteId: context.member.siteId, kind: "logout", ip: context.clientIp, userAgent: request.headers.get("user-agent") });
  // The member's remembered search goes too: the next person on this browser starts afresh.
  const headers = new Headers();
  headers.append("Set-Cookie", await clearSessionCookie());
  headers.append("Set-Cookie", await searchCookie.serialize("", { maxAge: 0 }));
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
