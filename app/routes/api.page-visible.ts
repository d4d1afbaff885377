import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { markPageVisible, presencePath } from "~/models/notifications/presence.server";
import { requireApiMember } from "~/web/require-member.server";

/**
 * A visible page's heartbeat ({ path }): while it comes, no push is sent for the conversation on
 * screen and no notification mail waits for the member (docs/product/notifications.md#presence).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { sessionId } = requireApiMember(context);
  const body = (await request.json().catch(() => null)) as { path?: unknown } | null;
  const path = presencePath(body?.path);
  if (!path) return Response.json({ ok: false, error: "invalid_path" }, { status: 400 });
  await markPageVisible(db(), sessionId, path);
  return Response.json({ ok: true });
}

export function loader() {
  return redirect("/");
}
