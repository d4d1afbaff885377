import { redirect } from "@remix-run/node";

/** /likes is the overview: it opens on the likes received. */
export function loader() {
  return redirect("/likes/received");
}
