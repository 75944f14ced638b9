// Cache keys for Astro's incremental build (experimental.incrementalBuild): a page whose key and
// code are unchanged since the last build is copied from it instead of rendered again. Pages only
// render the props they are handed plus the layout's few site-wide fields, so a key over exactly
// those is a key over everything the page's bytes depend on.
import { hash } from 'node:crypto';
import type { BundleView, NoteView, SiteData } from '../data/types.ts';

const chromeKeys = new WeakMap<SiteData, string>();

/** What the layout (Base, header and its search box, footer) reads from the site, as one digest. Keep it in step with them. */
function chromeKey(site: SiteData): string {
  let key = chromeKeys.get(site);
  if (key === undefined) {
    const chrome = { title: site.title, family: site.family, harness: site.harness, search: site.search, shareImages: site.shareImages, noteIndexes: site.noteIndexes, agents: site.agents.length > 0, history: site.history !== null };
    key = hash('sha256', JSON.stringify(chrome), 'hex');
    chromeKeys.set(site, key);
  }
  return key;
}

// A prop many pages share (a folder's tree branch, the tokenizer) is digested once, not once per page.
const digests = new WeakMap<object, string>();

// A string this long at the top of a prop (a note's HTML) is hashed as it is, in place of going through
// JSON.stringify: escaping and copying every note's body into a JSON string was most of the keys' time.
const LONG = 1024;

function digest(value: unknown): string {
  const shared = typeof value === 'object' && value !== null;
  let known = shared ? digests.get(value) : undefined;
  if (known === undefined) {
    known = hash('sha256', JSON.stringify(shared && !Array.isArray(value) ? withLongStringsHashed(value as Record<string, unknown>) : value) ?? 'undefined', 'base64url');
    if (shared) digests.set(value, known);
  }
  return known;
}

/** The object with each long string field replaced by an object naming its SHA-256, which no prop's own value has the shape of. */
function withLongStringsHashed(value: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (typeof v !== 'string' || v.length < LONG) continue;
    out ??= { ...value };
    out[key] = { '\u0000sha256': hash('sha256', v, 'base64url') };
  }
  return out ?? value;
}

/**
 * A note as a page key needs it: without its HTML, which its htmlKey names, and its stored text,
 * which its revision names (the SHA-256 of the bytes it is decoded from). Hashing both again for every
 * note page was most of the keys' time at 5k notes. Its popover excerpt is left out too: the note's page
 * does not show it (other pages' popovers do, from the snapshots, whose keys have it), and it is made
 * from the HTML, so its htmlKey names it as well.
 */
export function noteForKey(note: NoteView): Omit<NoteView, 'html' | 'source' | 'excerpt'> {
  const { html: _html, source: _source, excerpt: _excerpt, ...named } = note;
  return named;
}

/**
 * A bundle as a page key needs it: without its prompt's text, which its revision names (the SHA-256 of
 * the prompt's bytes). The text is not read at all: a kept member joins its prompts only when asked.
 */
export function bundleForKey(bundle: BundleView): Omit<BundleView, 'promptText'> {
  const named: Record<string, unknown> = {};
  for (const key of Object.keys(bundle)) if (key !== 'promptText') named[key] = bundle[key as keyof BundleView];
  return named as Omit<BundleView, 'promptText'>;
}

/** The key of a page rendered from `props` under this site's layout. Props are not changed once a page has them. */
export function pageCacheKey(site: SiteData, props: Record<string, unknown>): string {
  // One string hashed in one call (crypto.hash), in place of a hash object fed prop by prop.
  let parts = chromeKey(site);
  for (const name of Object.keys(props).sort()) parts += `\0${name}\0${digest(props[name])}`;
  return hash('sha256', parts, 'base64url');
}
