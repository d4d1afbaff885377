import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { requireLocalServices } from "~/web/local-services.server";
import { findOutboxMail } from "~/services/mail/outbox.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { notFound } from "~/web/http.server";

/**
 * The HTML part of a kept mail, for the sandboxed frame on /dev/mail/:id. Its own policy: the
 * mail's inline styles are allowed, scripts never, and only our own pages may frame it.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  requireLocalServices(context);
  const tenant = requireTenant(context);
  const mail = await findOutboxMail(db(), tenant.id, Number(params.id));
  if (!mail) notFound();
  return new Response(mail.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}
