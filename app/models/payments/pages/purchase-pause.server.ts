import { redirect } from "@remix-run/node";
import { db } from "~/db.server";
import { coolDownUntil } from "~/models/safety/member-care.server";

/**
 * Every way to buy starts here: a member in a cool-down (docs/product/staff.md#vulnerable-members)
 * is sent to /care, which says why and until when, instead of to a checkout.
 */
export async function assertMayBuy(memberId: number): Promise<void> {
  if (await coolDownUntil(db(), memberId)) throw redirect("/care");
}
