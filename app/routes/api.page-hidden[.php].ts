import { db } from "~/db.server";
import { markPageHidden, pageBounce } from "~/models/notifications/presence.server";
import { apiRoute, type ApiCall } from "~/web/api/answers.server";
import { requireApiMember } from "~/web/require-member.server";

/**
 * The beacon a page sends when it becomes hidden (docs/product/api.md): the member was last seen
 * now and no longer looks at a page in this browser. A beacon's answer is never read, and its body
 * ({} or a page-bounce report) is optional: anything else in it is ignored.
 */
async function pageHidden({ request, context }: ApiCall) {
  const { tenant, member, sessionId } = requireApiMember(context);
  await markPageHidden(db(), sessionId, member.id);
  // With page-bounce logging on (?lb), how long the page stayed on screen (docs/product/notifications.md#presence).
  const bounce = pageBounce(await request.json().catch(() => null));
  if (bounce) console.log(`page-bounce site=${tenant.id} member=${member.id} path=${bounce.path} ms=${bounce.ms}`);
  return new Response(null, { status: 204 });
}

export const { loader, action } = apiRoute({ POST: pageHidden });
