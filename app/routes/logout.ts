import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { logOut } from "~/models/accounts/pages/logout.server";

/** Ends this session and goes home. */
export async function action({ request, context }: ActionFunctionArgs) {
  return redirect("/", { headers: await logOut(request, context) });
}

export function loader() {
  return redirect("/");
}
