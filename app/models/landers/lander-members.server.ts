import type { Database } from "../../../db/client.server";
import type { Storage } from "~/services/storage/storage";
import type { Tenant } from "~/tenancy/schema";
import { TtlCache } from "~/utils/ttl-cache";
import { recentMemberTeasers, teasersAsShown, type MemberTeaser } from "~/models/search/member-teasers.server";

/** How many members a lander shows at most. */
export const LANDER_MEMBERS = 24;

/**
 * Landers are the pages ads send their traffic to, many visitors at once: the pool's faces are read
 * once a minute per brand and process, not per visit (docs/product/landers.md#speed).
 */
const cache = new TtlCache<string, MemberTeaser[]>(60_000);

/** The pool's recently active listed members with an approved photo, as this brand may show them. */
export async function landerMembers(db: Database, storage: Storage, tenant: Pick<Tenant, "id" | "pool" | "settings">): Promise<MemberTeaser[]> {
  const members = await cache.get(`${tenant.pool}\n${tenant.id}`, () => recentMemberTeasers(db, storage, { pool: tenant.pool, siteId: tenant.id }, LANDER_MEMBERS));
  return teasersAsShown(members, tenant.settings.visible_profile_fields);
}
