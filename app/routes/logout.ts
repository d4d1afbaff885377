import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { clearSessionCookie, endSession } from "~/models/sessions.server";

/** Ends this session (the row is deleted, so the cookie is worthless even if kept). */
export async function action({ context }: ActionFunctionArgs) {
  if (context.sessionId) await endSession(db(), context.sessionId);
  return redirect("/", { headers: { "Set-Cookie": await clearSessionCookie() } });
}

export function loader() {
  return redirect("/");
}
