// Rendered note HTML kept between builds: a note's HTML is a function of its body, title and place,
// the renderer's own code, and what its soul:// links and code spans found among the note pages. With
// all of those unchanged, rendering it again (Sätteri and Shiki, most of a big build's Markdown time)
// would only give the same bytes, so the last build's HTML is reused. The pages it depends on are the
// ones its render looked up (render-pool.ts records them): keyed by the whole set of pages, a note
// added anywhere made every note render again, and every note page with it (at 5k notes, a rebuild
// as long as a cold build).
import { createHash } from 'node:crypto';
import type { RenderJob, RenderedNote } from './render-pool.ts';
import type { PageLookup } from './render-note.ts';
import { sourcesDigest, versionOf } from '../node/package-version.ts';
import { KeptFile } from '../node/kept-file.ts';

const FILE = 'soulpress-notes-html';

let renderer: string | undefined;

/**
 * The renderer's identity: this folder's sources and the versions of the Markdown and highlighting
 * packages. Any change to either makes every cached note a miss.
 */
export function rendererId(): string {
  return (renderer ??= `${sourcesDigest([new URL('./', import.meta.url)])} satteri@${versionOf('satteri')} shiki@${versionOf('shiki')}`);
}

/** A note as kept: its HTML, what its render looked up, and what those lookups found then, as one digest. */
interface KeptRender {
  html: string;
  lookups: string[];
  found: string;
}

/** The rendered notes by body key (and, as strings, what is made from their HTML, such as popover excerpts), in the cache folder (or in memory only, for a null `dir`). */
export type RenderCache = KeptFile<KeptRender | string>;

export function openRenderCache(dir: string | null): Promise<RenderCache> {
  return KeptFile.open<KeptRender | string>(dir, FILE, rendererId());
}

/** A note's body key: its body, title and place and the renderer; what its links find is checked apart (cachedRender). */
export function bodyKey(job: RenderJob): string {
  return createHash('sha256').update(rendererId()).update('\0').update(job.vault).update('\0').update(job.path).update('\0').update(job.title).update('\0').update(job.body).digest('base64url');
}

/** What `lookups` find in `pages` now, as one digest (a URI with no page counts as found missing). */
function foundDigest(lookups: readonly string[], pages: PageLookup): string {
  const hash = createHash('sha256');
  for (const uri of lookups) hash.update(uri).update('\0').update(pages.get(uri) ?? '\u0001').update('\u0002');
  return hash.digest('base64url');
}

/** The note's htmlKey: everything its HTML is made from, as one digest (keys over pages and search documents use it in place of the HTML). */
const htmlKeyOf = (key: string, found: string): string => createHash('sha256').update(key).update('\0').update(found).digest('base64url');

/** The HTML kept under `key` and its htmlKey, when what it looked up still finds the same pages; else undefined. */
export function cachedRender(cache: RenderCache, key: string, pages: PageLookup): { html: string; htmlKey: string } | undefined {
  const kept = cache.get(key);
  if (typeof kept !== 'object') return undefined;
  const found = foundDigest(kept.lookups, pages);
  return found === kept.found ? { html: kept.html, htmlKey: htmlKeyOf(key, found) } : undefined;
}

/** Keep a note rendered now under its body key; returns its htmlKey. */
export function keepRender(cache: RenderCache, key: string, note: RenderedNote, pages: PageLookup): string {
  const found = foundDigest(note.lookups, pages);
  cache.set(key, { html: note.html, lookups: note.lookups, found });
  return htmlKeyOf(key, found);
}
