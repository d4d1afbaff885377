import type { AppLoadContext } from "@remix-run/node";
import { notFound } from "~/web/http.server";
import type { Tenant } from "./schema";

/** The brand of this request; an unknown host never reaches a page. */
export function requireTenant(context: AppLoadContext): Tenant {
  if (!context.tenant) notFound();
  return context.tenant;
}
