// Rendered note HTML kept between builds: a note's HTML is a function of its body, title and place,
// the set of note pages its soul:// links may resolve to, and the renderer's own code. With all of
// those unchanged, rendering it again (Sätteri and Shiki, most of a big build's Markdown time)
// would only give the same bytes, so the last build's HTML is reused.
import { createHash } from 'node:crypto';
import type { RenderJob } from './render-pool.ts';
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

/** Every note's page path by URI, as one digest: a note added, removed or moved changes every key. */
export function pagesDigest(pages: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const [uri, href] of pages) hash.update(uri).update('\0').update(href).update('\u0001');
  return hash.digest('hex');
}

/** The rendered notes' HTML by render key, in the cache folder (or in memory only, for a null `dir`). */
export type RenderCache = KeptFile<string>;

export function openRenderCache(dir: string | null): Promise<RenderCache> {
  return KeptFile.open<string>(dir, FILE, rendererId());
}

/** A note's key: its body, title and place, the set of note pages (`pages`, from pagesDigest) and the renderer. */
export function renderKey(job: RenderJob, pages: string): string {
  return createHash('sha256').update(rendererId()).update('\0').update(pages).update('\0').update(job.vault).update('\0').update(job.path).update('\0').update(job.title).update('\0').update(job.body).digest('base64url');
}
