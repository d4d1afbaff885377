import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { markMatchSeen } from "~/models/likes/likes.server";
import { methodNotAllowed } from "~/web/http.server";
import { requireMember } from "~/web/require-member.server";

/** The member was shown a match: it is not shown again. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = requireMember(request, context);
  const other = Number((await request.formData()).get("member"));
  if (!Number.isSafeInteger(other) || other <= 0) return new Response(null, { status: 400 });
  await markMatchSeen(db(), member.id, other);
  return Response.json({ ok: true });
}

export function loader() {
  return methodNotAllowed("POST");
}
