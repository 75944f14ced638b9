// The Soulpress Astro integration: runs the real loader over the vault root once per build,
// before any page is rendered, and hands the pages plain data. A VaultError stops the build
// with the loader's own message, so no page of a broken soul is ever written.
import { mkdir, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import { AstroError } from 'astro/errors';
import { SiteBuildError } from '../build/errors.ts';
import { loadSite } from '../build/site.ts';
import type { LoadedSite } from '../build/site.ts';
import { LessonError, lessonsModule, readLessons } from './lessons.ts';
import { resolveOptions } from './options.ts';
import type { SoulpressOptions } from './options.ts';
import { ROUTES, routeEntrypoint, routesFor } from './routes.ts';
import type { RouteEntry } from '../data/urls.ts';
import { astroConfig, missingIntegrations } from './astro-config.ts';
import { indexNotes, isNoteIndexFile, writeSearchIndex } from './search-index.ts';
import { highlightAhead, highlightCounts, saveHighlightCache } from '../markdown/shiki.ts';
import { emptyOutDir, guardOutDir, releaseOutDir } from './failed-build.ts';
import { assetFiles, clearAllButPages, keepableOutDir, pruneOutDir, recordOutDir } from './kept-out-dir.ts';
import type { KeptOutDir } from './kept-out-dir.ts';
import { siteModule } from './virtual-site.ts';
import { STALE_PAGE_SCRIPT } from './stale-page.ts';
import { SHARE_STORE, prepareShareImages } from '../build/share-images.ts';
import type { SiteCards } from '../build/share-images.ts';

export type { SoulpressOptions } from './options.ts';
export { optionsSchema } from './options.ts';

/**
 * A build failure that prints as the loader's message: no stack trace, and a hint of our own.
 * toString stays free of the words Astro's hint heuristic reads as browser APIs ("document").
 */
class VaultBuildFailure extends AstroError {
  constructor(error: SiteBuildError | LessonError) {
    super(error.message, error instanceof LessonError ? 'Fix the lesson\'s frontmatter named above and build again.' : 'Fix the note named above (`soulpress check` lists every problem at once) and build again.');
    this.name = 'VaultError';
    this.stack = '';
  }

  override toString(): string {
    return 'VaultBuildFailure';
  }
}

/** Changed files as the vault store's keys (`vault/path`); files outside the vault root (the agents') have none. */
function vaultKeys(root: string, files: readonly string[]): string[] {
  return files.map((f) => path.relative(root, f)).filter((rel) => rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel)).map((rel) => rel.split(path.sep).join('/'));
}

/** What a page would get if `astro preview` or `sync` ever rendered one: a named error, not a hang. */
function notLoaded(command: string): Promise<never> {
  const never = Promise.reject(new Error(`Soulpress: astro ${command} does not load the vault, so no page can render here; run astro build or astro dev`));
  never.catch(() => undefined);
  return never;
}

/**
 * Start the build's share images (src/build/share-images.ts); a store that cannot be used leaves each
 * route to draw its own. What was drawn is told at build:done: a line logged while Astro lists the pages
 * it writes would land in the middle of one of its own.
 */
function drawShareImages(site: SiteCards, cacheDir: string, told: { line: string | null }): void {
  try {
    prepareShareImages(site, cacheDir).then(
      ({ drawn, stored, workers }) => (told.line = `share images: ${drawn} drawn${workers > 1 ? ` on ${workers} threads` : ''}, ${stored} kept from the last build`),
      () => undefined,
    );
  } catch (error) {
    told.line = `share images: drawn page by page, since ${path.join(cacheDir, SHARE_STORE)} cannot be used (${error instanceof Error ? error.message : String(error)})`;
  }
}

export default function soulpress(options: SoulpressOptions = {}): AstroIntegration {
  // Set when the config is resolved; build:done reads it to know whether to index.
  let search = true;
  let outDir: string | null = null;
  // What the share images' drawing says, once it has something to say.
  const images: { line: string | null } = { line: null };
  // The note pages' search index, started once the vault is loaded and written while Astro renders.
  let notesIndex: { folder: string; cacheDir: string; shards: Promise<string[]>; count: number } | null = null;
  // A build keeps the last build's outDir when it is as that build left it (src/integration/kept-out-dir.ts):
  // where, what was in it, and the cache folder its record is kept in.
  let kept: { outDir: string; files: KeptOutDir } | null = null;
  let recordIn: string | null = null;
  return {
    name: 'soulpress',
    hooks: {
      'astro:config:setup': async ({ config, command, updateConfig, injectRoute, injectScript, logger }) => {
        const inject = (routes: readonly RouteEntry[]): void => {
          for (const route of routes) injectRoute({ pattern: route.pattern, entrypoint: routeEntrypoint(route), prerender: true });
        };
        const resolved = resolveOptions(options, fileURLToPath(config.root));
        // What a build keeps for the next one (rendered notes, search shards, Astro's own page cache)
        // lives in Astro's cache folder, or in the cacheDir option: builds of different vaults side by
        // side (the tests) each need their own, since Astro keeps cached pages by path.
        if (resolved.ownCacheDir) updateConfig({ cacheDir: pathToFileURL(resolved.ownCacheDir + path.sep) });
        const cacheDir = (resolved.cacheDir = resolved.ownCacheDir ?? fileURLToPath(config.cacheDir));
        // What every Soulpress site needs of Astro: its Markdown, URLs and output, MDX and a sitemap.
        updateConfig({ ...astroConfig(resolved, config.build.concurrency), integrations: await missingIntegrations(config.integrations) });
        search = resolved.search;
        // `astro preview` serves a dist/ that is already built, and `astro sync` only writes types:
        // neither renders a page, so neither loads the vault, and a broken note blocks neither.
        if (command === 'preview' || command === 'sync') {
          updateConfig({ vite: { plugins: [siteModule(notLoaded(command)), lessonsModule([])] } });
          // Every route, so `astro sync` types them all; preview serves what the build wrote.
          inject(ROUTES);
          return;
        }
        // Only a build writes the outDir, and a project that keeps its outDir itself is left to do so.
        const keeps = command === 'build' && config.vite?.build?.emptyOutDir !== false;
        const keepable = keeps ? keepableOutDir(fileURLToPath(config.outDir), cacheDir) : Promise.resolve(null);
        let loaded: LoadedSite;
        let lessons;
        try {
          // The lessons first (a few files): their code is highlighted ahead by the workers that render the notes.
          const read = await readLessons(resolved.lessons);
          lessons = read.lessons;
          highlightAhead(read.blocks);
          loaded = await loadSite(resolved);
        } catch (error) {
          if (error instanceof SiteBuildError || error instanceof LessonError) throw new VaultBuildFailure(error);
          throw error;
        }
        if (keeps) {
          recordIn = cacheDir;
          const files = await keepable;
          if (files) {
            kept = { outDir: fileURLToPath(config.outDir), files };
            updateConfig({ vite: { build: { emptyOutDir: false } } });
          }
        }
        const { site, rendered } = loaded;
        logger.info(`family ${site.family}: ${site.souls.length} souls, ${site.guests.length} guests, ${site.bundles.length} bundles, ${site.notes.length} notes (harness ${site.harness})`);
        if (loaded.kept.length > 0) logger.info(`kept ${loaded.kept.length} of ${site.souls.length + site.guests.length} souls' and guests' bundles from the last build: no note they read changed`);
        // A page names its share image by an absolute URL, so without `site` there are none to name or draw.
        const origin = resolved.site ?? config.site;
        if (resolved.shareImages !== false && !origin) logger.info('share images: off, since `site` is not set (an og:image needs an absolute URL; set `site` or SOULPRESS_SITE)');
        const shareImages = resolved.shareImages !== false && Boolean(origin);
        inject(routesFor({ agents: site.agents.length > 0, history: site.history !== null, lessons: lessons.length > 0, shareImages }));
        // In `astro dev`, an edit under the vault or agents root loads the site again and reloads the page.
        const live =
          command === 'dev'
            ? {
                paths: [resolved.vault, resolved.agents],
                // Only the changed files are read again: the store forgets them by their vault keys.
                reload: (files: readonly string[]) => loadSite(resolved, { changed: vaultKeys(resolved.vault, files) }).then((next) => next.rendered),
                report: (message: string) => logger.info(message),
              }
            : undefined;
        // A page that was reloading when its reload was sent asks for it once connected (stale-page.ts).
        if (live) injectScript('page', STALE_PAGE_SCRIPT);
        // A build draws its share images on worker threads, from when the site is loaded, at the helpers'
        // lower priority: the notes' rendering, Vite and Astro keep most of a core they share.
        if (shareImages && command === 'build') drawShareImages(site, cacheDir, images);
        updateConfig({ vite: { plugins: [siteModule(rendered, live), lessonsModule(lessons)] } });
        if (search && command === 'build') {
          // A folder of its own: builds running side by side may share one cache folder.
          await mkdir(cacheDir, { recursive: true });
          const folder = await mkdtemp(path.join(cacheDir, 'soulpress-search-'));
          const shards = rendered.then((whole) => indexNotes(whole.notes, folder, cacheDir));
          // Awaited at build:done; a build that fails before then must not also report this.
          shards.catch(() => undefined);
          notesIndex = { folder, cacheDir, shards, count: site.notes.length };
        }
      },
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      // From here on a failed build empties the outDir rather than leave half a site in it.
      'astro:build:start': () => {
        if (outDir === null) return;
        guardOutDir(outDir);
        if (!kept) return;
        // An integration after this one moved the outDir: the kept one is not it, so empty it as Astro would have.
        if (path.resolve(kept.outDir) !== path.resolve(outDir)) {
          emptyOutDir(outDir);
          kept = null;
        } else clearAllButPages(outDir, kept.files, search ? isNoteIndexFile : undefined);
      },
      'astro:build:done': async ({ dir, assets, logger }) => {
        const out = fileURLToPath(dir);
        const pages = assetFiles(out, assets);
        // First, before this hook writes anything: what the kept outDir held that this build did not write or keep.
        if (kept) logger.info(`kept the last build's pages in place: ${kept.files.pages.size} found, ${pruneOutDir(out, kept.files, pages)} of them no longer built and removed`);
        if (search && notesIndex) {
          const indexed = await writeSearchIndex(out, notesIndex.cacheDir, notesIndex.folder, notesIndex.shards, notesIndex.count);
          logger.info(`search index: ${indexed.pages} pages (${indexed.copied} of the ${indexed.others} pages other than notes read anew)`);
        }
        if (images.line !== null) logger.info(images.line);
        const code = highlightCounts;
        const blocks = code.kept + code.ahead + code.here;
        if (blocks > 0) logger.info(`code blocks highlighted on the main thread (the lessons', and the notes' when no worker renders them): ${blocks}, ${code.kept} of them kept from the last build, ${code.ahead} made ahead by the note workers`);
        await saveHighlightCache();
        if (recordIn !== null) await recordOutDir(out, recordIn, pages);
        releaseOutDir();
      },
    },
  };
}
