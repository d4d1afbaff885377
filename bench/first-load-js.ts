// What a browser downloads as JavaScript on a direct visit to each page of a Remix build, and
// whether it fits its budget: the measuring half of `npm run budget:js` (bench/js-budget.ts reads
// the build and prints), kept apart so a test can feed it a made-up build.

/** The client manifest (`window.__remixManifest`, the server build's `assets`), as far as it is read here. */
export interface ClientManifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] }>;
}

/** What the manifest does not say and the build does. */
export interface BuildFacts {
  /**
   * The bytes the server sends for the file at a `/build/…` URL: its Brotli copy to a browser that
   * takes Brotli (every browser that runs the site's modules), its gzip copy to the others
   * (server/precompress.mjs, docs/decisions/039-precompressed-build.md).
   */
  sent(url: string): Sent;
  /** The URLs a file imports statically (a browser fetches them before running it); not `import()`. */
  staticImports(url: string): string[];
  /** Whether the route renders a page (has a default export); resource routes do not. */
  rendersPage(routeId: string): boolean;
  /** The route's `handle.hydrate`: `false` makes app/root.tsx leave out every script. */
  hydrates(routeId: string): boolean;
}

export interface Sent {
  brotli: number;
  gzip: number;
}

/** A budget for the pages whose route id matches (none: every page); the first that applies wins. */
export interface Budget {
  kind: string;
  routes?: RegExp;
  kib: number;
  /**
   * For a page held above the target it misses today: the target. The page may not grow past
   * `kib`, and once it is within the target the exception is stale (and fails, to be removed).
   */
  target?: number;
  why: string;
}

export interface PageLoad {
  routeId: string;
  /** The page's URL pattern (`/members/:id`). */
  url: string;
  kind: string;
  /** Files fetched: none when a route of the chain does not hydrate. */
  files: string[];
  /** What the browser downloads, each file as the server sends it: the budget holds this. */
  brotliBytes: number;
  /** The same files for a client that takes gzip only. */
  gzipBytes: number;
  budgetKib: number;
  over: boolean;
  /** Within the target of an exception that is no longer needed. */
  stale: boolean;
}

/** The route and its parents, root first. */
export function routeChain(manifest: ClientManifest, routeId: string): string[] {
  const chain: string[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    if (!manifest.routes[id]) throw new Error(`route ${id} is not in the manifest`);
    if (chain.includes(id)) throw new Error(`route ${id} is its own parent`);
    chain.unshift(id);
  }
  return chain;
}

/**
 * The routes a visit can end on: those that render a page, answer at a URL of their own (a path or
 * an index route; a pathless layout never matches alone) and are the deepest match there, that is,
 * have no child that answers at the same URL (an index route or a pathless layout).
 */
export function pageRoutes(manifest: ClientManifest, facts: Pick<BuildFacts, "rendersPage">): string[] {
  const routes = Object.values(manifest.routes);
  return routes
    .filter((route) => facts.rendersPage(route.id) && (Boolean(route.path) || route.index === true))
    .filter((route) => !routes.some((child) => child.parentId === route.id && (child.index || !child.path)))
    .map((route) => route.id);
}

/** The URL pattern of a route: its chain's paths joined. */
export function urlPattern(manifest: ClientManifest, routeId: string): string {
  const segments = routeChain(manifest, routeId)
    .map((id) => manifest.routes[id]!.path)
    .filter((path): path is string => Boolean(path));
  return `/${segments.join("/")}`;
}

/** Entry, then every route of the chain, each with its imports, and all they import in turn; each file once. */
export function firstLoadFiles(manifest: ClientManifest, routeId: string, facts: Pick<BuildFacts, "staticImports">): string[] {
  const roots = [manifest.entry.module, ...(manifest.entry.imports ?? [])];
  for (const id of routeChain(manifest, routeId)) {
    const route = manifest.routes[id]!;
    roots.push(route.module, ...(route.imports ?? []));
  }
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    for (const imported of facts.staticImports(url)) visit(imported);
  };
  roots.forEach(visit);
  return [...seen];
}

export function budgetFor(budgets: Budget[], routeId: string): Budget {
  const budget = budgets.find((b) => b.routes === undefined || b.routes.test(routeId));
  if (!budget) throw new Error(`no budget applies to ${routeId}: the last budget should match every route`);
  return budget;
}

/** Every page's first-load JavaScript against its budget. */
export function measurePages(manifest: ClientManifest, facts: BuildFacts, budgets: Budget[]): PageLoad[] {
  const sizes = new Map<string, Sent>();
  const size = (url: string) => {
    if (!sizes.has(url)) sizes.set(url, facts.sent(url));
    return sizes.get(url)!;
  };
  return pageRoutes(manifest, facts).map((routeId) => {
    const chain = routeChain(manifest, routeId);
    const budget = budgetFor(budgets, routeId);
    const files = chain.every((id) => facts.hydrates(id)) ? firstLoadFiles(manifest, routeId, facts) : [];
    const brotliBytes = files.reduce((sum, url) => sum + size(url).brotli, 0);
    const gzipBytes = files.reduce((sum, url) => sum + size(url).gzip, 0);
    const stale = budget.target !== undefined && brotliBytes <= budget.target * 1024;
    return { routeId, url: urlPattern(manifest, routeId), kind: budget.kind, files, brotliBytes, gzipBytes, budgetKib: budget.kib, over: brotliBytes > budget.kib * 1024, stale };
  });
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

function status(page: PageLoad): string {
  if (page.over) return `**over by ${kib(page.brotliBytes - page.budgetKib * 1024)}**`;
  if (page.stale) return "**within the target: remove the exception**";
  return "ok";
}

/** Pages that fail the check: over their budget, or held by an exception they no longer need. */
export const failures = (pages: PageLoad[]) => pages.filter((page) => page.over || page.stale);

/** The Markdown table: one row per page, heaviest first within each kind, overruns marked. */
export function budgetTable(pages: PageLoad[]): string {
  const rows = [...pages].sort((a, b) => a.kind.localeCompare(b.kind) || b.brotliBytes - a.brotliBytes || a.url.localeCompare(b.url));
  return [
    "| route | page | kind | files | KiB sent (Brotli) | budget KiB | KiB gzip (other clients) | |",
    "|---|---|---|---|---|---|---|---|",
    ...rows.map((p) => `| ${p.url} | \`${p.routeId}\` | ${p.kind} | ${p.files.length} | ${kib(p.brotliBytes)} | ${p.budgetKib} | ${kib(p.gzipBytes)} | ${status(p)} |`),
  ].join("\n");
}
