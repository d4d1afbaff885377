import { ErrorPage } from "~/components/ErrorPage";
import { notFound } from "~/web/http.server";

/** Any path no route claims: a 404 inside the brand's layout. */
export function loader(): never {
  notFound();
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
