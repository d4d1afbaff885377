import type { AppLoadContext } from "@remix-run/node";
import { db } from "~/db.server";
import { clearSessionCookie, endSession } from "~/models/accounts/sessions.server";
import { recordSecurityEvent } from "~/models/safety/security-events.server";
import { searchCookie } from "~/web/cookies.server";

/**
 * Ends this session (the row is deleted, so the cookie is worthless even if kept) and returns the
 * headers that clear the browser's cookies: for POST /logout and GET /api/logout.php alike.
 */
export async function logOut(request: Request, context: AppLoadContext): Promise<Headers> {
  if (context.sessionId) await endSession(db(), context.sessionId);
  if (context.member) await recordSecurityEvent(db(), { memberId: context.member.id, siteId: context.member.siteId, kind: "logout", ip: context.clientIp, userAgent: request.headers.get("user-agent") });
  // The member's remembered search goes too: the next person on this browser starts afresh.
  const headers = new Headers();
  headers.append("Set-Cookie", await clearSessionCookie());
  headers.append("Set-Cookie", await searchCookie.serialize("", { maxAge: 0 }));
  return headers;
}
