import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { dismissNotice } from "~/models/moderation/member-notices.server";
import { publishEvent } from "~/models/notifications/member-events.server";
import { safeRedirectPath } from "~/web/http.server";
import { requireMember } from "~/web/require-member.server";

/** Puts a moderation notice away; a plain form post, or through a fetcher. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = requireMember(request, context);
  const form = await request.formData();
  const id = Number(form.get("notice"));
  if (Number.isSafeInteger(id) && id > 0) {
    await db().transaction(async (tx) => {
      await dismissNotice(tx, member.id, id);
      // The layout's badges and notices are remembered per member until an event says otherwise.
      await publishEvent(tx, member.id, "notice", { id });
    });
  }
  return redirect(safeRedirectPath(form.get("redirectTo")), 303);
}

export function loader() {
  return redirect("/");
}
