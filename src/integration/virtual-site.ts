import type { Plugin } from 'vite';
import type { SiteData } from '../data/types.ts';

export const SITE_MODULE = 'virtual:soulpress/site';
const RESOLVED = `\0${SITE_MODULE}`;

// One key per integration instance, so two builds in one process never read each other's data.
let instances = 0;

/**
 * Serve the precomputed site data to the pages: data flows one way, from loader to page.
 * The pages render in the process that ran the loader (Astro prerenders in-process, and the
 * dev server's module runner is in-process too), so the module hands over the object itself
 * through a global slot. Serialising it into the module's source instead cost more than
 * rendering every page (bench, 5k notes: ~6 s to stringify 74 MB, ~3 s for Rolldown and V8 to
 * take in the source, ~2 s to parse it back) and kept three copies in memory.
 */
export function siteModule(site: Promise<SiteData>): Plugin {
  const key = `soulpress:site:${instances++}`;
  (globalThis as Record<symbol, unknown>)[Symbol.for(key)] = site;
  return {
    name: 'soulpress:site-data',
    resolveId(id) {
      return id === SITE_MODULE ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      const slot = JSON.stringify(key);
      return `const pending = globalThis[Symbol.for(${slot})];
if (pending === undefined) throw new Error(${JSON.stringify(`Soulpress: the site data (${key}) is not in this process: pages must render where the integration loaded the vault`)});
// The notes' HTML may still be rendering while Vite bundles: the first page waits for it.
export default await pending;`;
    },
  };
}
