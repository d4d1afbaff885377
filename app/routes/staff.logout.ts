import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { endStaffSession } from "~/models/staff/staff-accounts.server";
import { recordStaffAction } from "~/models/staff/staff-audit.server";
import { staffSessionCookie } from "~/web/cookies.server";

/** Logging out ends the session row, not only the cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  const sessionId = (await staffSessionCookie.parse(request.headers.get("cookie"))) as unknown;
  if (typeof sessionId === "string") await endStaffSession(db(), sessionId);
  if (context.staff) await recordStaffAction(db(), { staffId: context.staff.id, action: "logout", ip: context.clientIp });
  throw redirect("/staff/login", { headers: { "Set-Cookie": await staffSessionCookie.serialize("", { maxAge: 0 }) } });
}

export function loader() {
  throw redirect("/staff");
}
