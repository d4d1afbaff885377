import type { ActionFunctionArgs } from "@remix-run/node";
import { memberAutoLike } from "~/models/likes/pages/auto-like-call.server";
import { methodNotAllowed } from "~/web/http.server";
import { requireMember } from "~/web/require-member.server";

/**
 * A profile that liked the member, with its photo and match path (docs/product/likes.md#auto-like). A
 * POST, because it may create a fictional like: a GET would be called again by every revalidation.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  return Response.json({ profile: await memberAutoLike(tenant, member) });
}

export function loader() {
  return methodNotAllowed("POST");
}
