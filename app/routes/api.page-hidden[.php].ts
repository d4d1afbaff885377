import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { markPageHidden } from "~/models/notifications/presence.server";
import { requireApiMember } from "~/web/require-member.server";

/**
 * The beacon a page sends when it becomes hidden (docs/product/api.md): the member was last seen
 * now and no longer looks at a page in this browser. A beacon's answer is never read.
 */
export async function action({ context }: ActionFunctionArgs) {
  const { member, sessionId } = requireApiMember(context);
  await markPageHidden(db(), sessionId, member.id);
  return new Response(null, { status: 204 });
}

export function loader() {
  return redirect("/");
}
