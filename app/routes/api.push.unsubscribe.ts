import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { db } from "~/db.server";
import { deletePushSubscription } from "~/models/notifications/push-subscriptions.server";
import { requireApiMember } from "~/web/require-member.server";

const body = z.object({ endpoint: z.string().url().max(1000) });

/** The member turned push off in this browser: its subscription is forgotten. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = requireApiMember(context);
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ ok: false, error: "invalid_subscription" }, { status: 400 });
  await deletePushSubscription(db(), member.id, parsed.data.endpoint);
  return Response.json({ ok: true });
}

export function loader() {
  return redirect("/");
}
