import type { AppLoadContext } from "@remix-run/node";
import { env } from "~/env.server";
import { notFound } from "~/web/http.server";

/**
 * The /dev/ pages (the local outboxes, checkout and photo checks) exist only while the local
 * services are on, and answer only a connection from this very machine: a local server that is
 * reachable from outside must not hand anyone its mails and codes (docs/product/safety.md#fail-closed).
 */
export function requireLocalServices(context: Pick<AppLoadContext, "fromThisMachine">): void {
  if (!env().localServices || !context.fromThisMachine) notFound();
}
