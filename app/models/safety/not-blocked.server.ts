import { and, eq, notExists, or, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { blocks } from "../../../db/schema";

/**
 * Neither of the two members blocked the other: the condition every query that lets one member
 * see or reach another carries (docs/product/safety.md#blocks).
 */
export function notBlockedBetween(a: AnyColumn | number | Placeholder, b: AnyColumn | number | Placeholder, db: Executor): SQL {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(blocks)
      .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)))),
  );
}
