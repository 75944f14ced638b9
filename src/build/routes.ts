// The site's page routes, from the integration's route table, so a built page can be named by the route
// that made it: the bench measures one page per route, and the accessibility walk visits one page per route.
import { ROUTES } from '../data/urls.ts';

export interface Route {
  /** `/souls/[soul]/[preset]/`, with a trailing slash as the built pages have it. */
  pattern: string;
  segments: string[];
}

/** Every page route (endpoints such as `data/notes.json` make no pages), whether or not this site has its content. */
export function siteRoutes(): Route[] {
  return ROUTES.filter((r) => r.file.endsWith('.astro'))
    .map((r) => {
      const segments = r.pattern.split('/').filter(Boolean);
      return { pattern: `/${segments.join('/')}${segments.length ? '/' : ''}`, segments };
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/**
 * How well each segment of a route fits a page's path segments, or null when the route cannot make
 * that page: 0 a static segment, 1 a [param], 2 a [...rest].
 */
function fit(route: Route, parts: string[]): number[] | null {
  const ranks: number[] = [];
  for (let i = 0; i < route.segments.length; i++) {
    const seg = route.segments[i]!;
    if (seg.startsWith('[...')) return parts.length >= i ? [...ranks, 2] : null;
    if (i >= parts.length) return null;
    if (seg.startsWith('[')) ranks.push(1);
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
