import { db } from "~/db.server";
import { ping } from "../../db/client.server";

/** For load balancers: the process is up and its database answers. */
export async function loader() {
  const ok = await ping(db()).catch(() => false);
  return Response.json({ ok }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
