import { watch } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { esc } from '../render/escape.ts';
import type { SiteData } from '../data/types.ts';
import { GENERATION_EVENT, errorPageScript, generationHeader } from './stale-page.ts';

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
/** In `astro dev`: the folders whose edits reload the data, and how to load it again. */
export interface LiveData {
  paths: string[];
  /** Load again; `changed` holds the absolute paths of the files that changed since the last load. */
  reload: (changed: readonly string[]) => Promise<SiteData>;
  /** Told when a reload starts and how it ended, for the dev server's log. */
  report: (message: string) => void;
}

/**
 * What the module hands the pages: the site as last loaded. The dev server swaps `current` after a
 * reload instead of dropping the module, so the pages and components that import it (most of
 * them) are not evaluated again on every edit; Astro's route cache is cleared instead.
 */
export interface SiteSlot {
  /** Settles once the first load has: until then there is no page to render. */
  ready: Promise<unknown>;
  current: SiteData | undefined;
}

export function siteModule(site: Promise<SiteData>, live?: LiveData): Plugin {
  const key = `soulpress:site:${instances++}`;
  const holder: SiteSlot = { ready: site.then((data) => (holder.current = data)), current: undefined };
  holder.ready.catch(() => undefined);
  (globalThis as Record<symbol, unknown>)[Symbol.for(key)] = holder;
  return {
    name: 'soulpress:site-data',
    resolveId(id) {
      return id === SITE_MODULE ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      const name = JSON.stringify(key);
      return `const slot = globalThis[Symbol.for(${name})];
if (slot === undefined) throw new Error(${JSON.stringify(`Soulpress: the site data (${key}) is not in this process: pages must render where the integration loaded the vault`)});
// The notes' HTML may still be rendering while Vite bundles: the first page waits for it.
await slot.ready;
export default slot;`;
    },
    configureServer(server) {
      if (!live) return;
      // While the last reload failed, every page answers with the loader's message instead of a
      // blank error, and the dev client on it reloads the page once a fix loads (or, if it missed that
      // reload, once it connects).
      let failure: string | null = null;
      // Counts the data's reloads: a page names the one it was rendered from (stale-page.ts).
      let generation = 0;
      server.middlewares.use((req, res, next) => {
        if (!(req.headers.accept ?? '').includes('text/html')) return next();
        res.setHeader('Server-Timing', generationHeader(generation));
        if (failure === null) return next();
        res.statusCode = 500;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(errorPage(failure, server.config.base));
      });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const pending = new Set<string>();
      // Reloads start in order (loadSite chains them) but can finish out of it: one that finds less to
      // redo can overtake the one before. Only the latest started may set the data, or an older state
      // would replace a newer one and stay until the next save.
      let latest = 0;
      const changed = (file: string): void => {
        pending.add(file);
        // A save is often several events (write, rename, chmod): one reload for the burst.
        clearTimeout(timer);
        timer = setTimeout(() => {
          const started = Date.now();
          const files = [...pending];
          pending.clear();
          const seq = ++latest;
          const next = live.reload(files);
          // Until the new data is in, pages render the last one; then Astro's route cache (every
          // getStaticPaths result, note pages' props among them) is cleared and the open pages reload.
          // While the load fails, the middleware above answers instead.
          const reload = (): void => {
            // Every page rendered before now is behind, whether this load set new data or a failure.
            generation++;
            for (const [name, environment] of Object.entries(server.environments)) {
              if (name === 'client') environment.hot.send({ type: 'full-reload', path: '*' });
              else environment.hot.send('astro:content-changed', {});
            }
          };
          next.then(
            (data) => {
              if (seq !== latest) return;
              holder.current = data;
              failure = null;
              live.report(`vault reloaded in ${Date.now() - started} ms`);
              reload();
            },
            (error: unknown) => {
              if (seq !== latest) return;
              failure = error instanceof Error ? error.message : String(error);
              live.report(`vault reload failed: ${failure}`);
              reload();
            },
          );
        }, 40);
      };
      // A page asks for the current count when its socket connects (stale-page.ts).
      server.environments.client.hot.on(GENERATION_EVENT, (_data, client) => client.send(GENERATION_EVENT, { generation }));
      // Node's own recursive watch (inotify on Linux), one per root, set up before the server answers:
      // Vite's watcher scans an added folder in the background and can miss the first save after start.
      const watchers = live.paths.map((root) => {
        try {
          return watch(root, { recursive: true }, (_event, name) => {
            if (name !== null) changed(path.join(root, name.toString()));
          });
        } catch {
          return null; // a root that does not exist (no agents): nothing to watch
        }
      });
      server.httpServer?.once('close', () => watchers.forEach((w) => w?.close()));
    },
  };
}

/** The dev server's page while the vault does not load: the loader's own message, and a way back. */
function errorPage(message: string, base: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vault error · Soulpress</title><script type="module">${errorPageScript(base)}</script></head><body style="font-family:system-ui,sans-serif;max-width:48rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1>The vault does not load</h1><p>The dev server is still running. Fix the note named below and this page reloads by itself; <code>npx soul-vault check</code> lists every problem at once.</p><pre style="white-space:pre-wrap;background:#fff1e0;border-left:4px solid #9a4d00;padding:0.75rem 1rem" data-vault-error>${esc(message)}</pre></body></html>`;
}
