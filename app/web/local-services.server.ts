import { env } from "~/env.server";
import { notFound } from "~/web/http.server";

/** The /dev/ pages exist only while the local services are on (never by accident in production). */
export function requireLocalServices(): void {
  if (!env().localServices) notFound();
}
