import type { Plugin } from 'vite';
import type { SiteData } from '../data/types.ts';

export const SITE_MODULE = 'virtual:soulpress/site';
const RESOLVED = `\0${SITE_MODULE}`;

/** Serve the precomputed site data to the pages as a module: data flows one way, from loader to page. */
export function siteModule(site: SiteData): Plugin {
  return {
    name: 'soulpress:site-data',
    resolveId(id) {
      return id === SITE_MODULE ? RESOLVED : undefined;
    },
    load(id) {
      return id === RESOLVED ? `export default JSON.parse(${JSON.stringify(JSON.stringify(site))});` : undefined;
    },
  };
}
