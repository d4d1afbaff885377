import { useLocation } from "@remix-run/react";
import type { AnchorHTMLAttributes } from "react";

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">;

/**
 * A link within the site: a plain anchor marked for `useAppLinkNavigation`, which turns its
 * clicks into client-side navigations once the page is hydrated (before that, and without
 * JavaScript, the browser follows the href). Rendering React Router's `<Link>` resolved the path
 * and ran a dozen hooks per link on the server (ADR 035).
 */
export function AppLink({ to, preventScrollReset, ...rest }: AnchorProps & { to: string; preventScrollReset?: boolean }) {
  // Attributes in the order `<Link>` wrote them, so the HTML reads as before.
  return <a {...rest} href={to} data-app-link={preventScrollReset ? "keep-scroll" : ""} />;
}

/** An `AppLink` that knows whether it leads to the page shown: `aria-current="page"` and the active class. */
export function AppNavLink({
  to,
  end = false,
  className,
  ...rest
}: Omit<AnchorProps, "className"> & { to: string; end?: boolean; className: string | ((state: { isActive: boolean }) => string) }) {
  const isActive = leadsTo(useLocation().pathname, to, end);
  return (
    <AppLink
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
      {...rest}
    />
  );
}

/** As React Router's NavLink decides it: the path itself, or (without `end`) a path below it. */
export function leadsTo(pathname: string, to: string, end: boolean): boolean {
  const target = to.split(/[?#]/)[0]!.replace(/\/+$/, "") || "/";
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path.toLowerCase() === target.toLowerCase()) return true;
  if (end || target === "/") return false;
  return path.toLowerCase().startsWith(`${target.toLowerCase()}/`);
}
