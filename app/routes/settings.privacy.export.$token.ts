import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { dataExportFile } from "~/models/accounts/data-export.server";
import { notFound } from "~/web/http.server";
import { requireMember } from "~/web/require-member.server";

/**
 * The link of the "your data is ready" mail: the ZIP, only for the member it belongs to and
 * while the link lives; anyone else (logged out: after logging in) gets a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const zip = await dataExportFile(db(), member.id, params.token ?? "");
  if (!zip) notFound();
  return new Response(new Uint8Array(zip), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${tenant.id}-my-data.zip"`,
      "Cache-Control": "private, no-store",
    },
  });
}
