// Where the route table's pages are: the integration injects each route (src/data/urls.ts has the
// table) with its file from this package, so a user's project has no src/pages of ours.
import type { RouteEntry } from '../data/urls.ts';

export { ROUTES, routesFor } from '../data/urls.ts';

/** Where a route's file is in this package: src/routes, two folders up from this module in src/ and in lib/ alike. */
export function routeEntrypoint(route: RouteEntry): URL {
  return new URL(`../../src/routes/${route.file}`, import.meta.url);
}
