import { db } from "~/db.server";
import { ALL_BRANDS, countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import type { StaffMember } from "../staff-roles";

/** Counts one message a staff member sends (on any brand); the seconds to wait when over the limit, else null. */
export async function staffMessageWait(staff: StaffMember): Promise<number | null> {
  const counted = await countRequest(db(), ALL_BRANDS, [[RATE_LIMITS.staffMessagePerStaff, staff.id]]);
  return counted.ok ? null : counted.retryAfterSeconds;
}

/** Counts one decision (moderation, support, console); the seconds to wait when over the limit, else null. */
export async function staffDecisionWait(staff: StaffMember): Promise<number | null> {
  const counted = await countRequest(db(), ALL_BRANDS, [[RATE_LIMITS.staffDecisionPerStaff, staff.id]]);
  return counted.ok ? null : counted.retryAfterSeconds;
}
