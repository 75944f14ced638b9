// The site's routes, read from src/pages, so a built page can be named by the route that made it: the
// bench measures one page per route, and the phone accessibility check visits one page per route.
import { readdirSync } from 'node:fs';
import path from 'node:path';

export interface Route {
  /** `/souls/[soul]/[preset]/`, as the files under src/pages spell it. */
  pattern: string;
  segments: string[];
}

/** Every page route under `pagesDir`: `.astro`, `.md` and `.mdx` files (endpoints such as `*.json.ts` make no pages). */
export function siteRoutes(pagesDir: string): Route[] {
  const routes: Route[] = [];
  const visit = (dir: string, prefix: string[]): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) visit(path.join(dir, entry.name), [...prefix, entry.name]);
      else if (/\.(astro|md|mdx)$/.test(entry.name)) {
        const base = entry.name.replace(/\.(astro|md|mdx)$/, '');
        const segments = base === 'index' ? prefix : [...prefix, base];
        routes.push({ pattern: `/${segments.join('/')}${segments.length ? '/' : ''}`, segments });
      }
    }
  };
  visit(pagesDir, []);
  return routes.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/**
 * How well each segment of a route fits a page's path segments, or null when the route cannot make
 * that page: 0 a static segment, 1 a [param], 2 a [...rest]. A [param] named like the segment it
 * meets counts as static: `[agents]` and `[history]` are routes with one page each (`agents/`,
 * `history/`, made only when the site has agents or history), and would otherwise both claim the other's.
 */
function fit(route: Route, parts: string[]): number[] | null {
  const ranks: number[] = [];
  for (let i = 0; i < route.segments.length; i++) {
    const seg = route.segments[i]!;
    if (seg.startsWith('[...')) return parts.length >= i ? [...ranks, 2] : null;
    if (i >= parts.length) return null;
    if (seg.startsWith('[')) ranks.push(seg === `[${parts[i]}]` ? 0 : 1);
    else if (seg === parts[i]) ranks.push(0);
    else return null;
  }
  return parts.length === route.segments.length ? ranks : null;
}

/** The route that made the page at these path segments (decoded, no base): static segments win over [param], [param] over [...rest], as in Astro's own routing. */
export function routeOf(routes: Route[], parts: string[]): Route | undefined {
  let best: { route: Route; ranks: number[] } | undefined;
  for (const route of routes) {
    const ranks = fit(route, parts);
    if (ranks === null) continue;
    if (best === undefined || compare(ranks, best.ranks) < 0) best = { route, ranks };
  }
  return best?.route;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -1) - (b[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/** The first page of each route, from a list of page paths (`/souls/pippa/`), in the list's order. */
export function firstPagePerRoute(routes: Route[], pages: string[]): Map<string, string> {
  const first = new Map<string, string>();
  for (const page of pages) {
    const parts = page.split('/').filter(Boolean).map((p) => decodeURIComponent(p));
    const route = routeOf(routes, parts);
    if (route && !first.has(route.pattern)) first.set(route.pattern, page);
  }
  return first;
}
