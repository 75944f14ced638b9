// Page paths relative to the site base: no leading slash, a trailing slash, every segment
// percent-encoded, so names with spaces or CJK give links that resolve on any static host.

const seg = (s: string): string => encodeURIComponent(s);

/** Kept as they are in a page segment: letters and digits of any script, space, `-`, `_`, `.`. */
const KEPT = /^[\p{L}\p{N} ._-]$/u;

const hex = (cp: number, width: number): string => cp.toString(16).toUpperCase().padStart(width, '0');

/** `~` and two, `~u` and four, or `~U` and six hex digits: fixed widths, so every escape reads back one way. */
function escapeChar(cp: number): string {
  if (cp < 0x100) return `~${hex(cp, 2)}`;
  if (cp < 0x10000) return `~u${hex(cp, 4)}`;
  return `~U${hex(cp, 6)}`;
}

/**
 * A note or preset name as a page folder name. Astro NFC-normalises route params and builds
 * file names through URLs, so a name with `#`, `?`, `%`, a tab, a combining mark or any letter
 * that NFC would change either lands on another page, collides with its NFC twin or stops the
 * build. Such characters (and `~`, the escape itself) become `~XX` escapes: the mapping is
 * one-to-one, so two notes never share a page, and the result is stable under NFC, so what
 * Astro writes is what the link names. Plain names (`Quill Ashford`, `灵台`, `code-review`) are kept.
 */
export function pageSegment(name: string): string {
  let out = '';
  for (const ch of name) {
    const cp = ch.codePointAt(0)!;
    const kept = KEPT.test(ch) && (cp < 0x80 || ch.normalize('NFC') === ch);
    out += kept ? ch : escapeChar(cp);
  }
  // Letters that only compose as a sequence (Hangul jamo): escape every non-ASCII one.
  if (out.normalize('NFC') !== out) {
    out = '';
    for (const ch of name) {
      const cp = ch.codePointAt(0)!;
      out += cp < 0x80 && KEPT.test(ch) ? ch : escapeChar(cp);
    }
  }
  // A folder named index.html would take the place of the page file of the note beside it (a.md and a/index.html.md).
  return out === 'index.html' ? 'index~2Ehtml' : out;
}

export function soulPath(soul: string, preset: string | null = null): string {
  return preset === null ? `souls/${seg(soul)}/` : `souls/${seg(soul)}/${seg(pageSegment(preset))}/`;
}

export function guestPath(guest: string): string {
  return `guests/${seg(guest)}/`;
}

/** `/notes/<vault>/<path without .md>/`. */
export function notePath(vault: string, path: string): string {
  return `notes/${seg(vault)}/${noteParam(vault, path).split('/').slice(1).map(seg).join('/')}/`;
}

/** The route param Astro writes to disk for a note page: page segments, `/`-separated, not percent-encoded. */
export function noteParam(vault: string, path: string): string {
  return `${vault}/${path.replace(/\.md$/, '').split('/').map(pageSegment).join('/')}`;
}

/** The route param of a preset page. */
export function presetParam(preset: string): string {
  return pageSegment(preset);
}

export function lessonPath(slug: string): string {
  return `lessons/${seg(slug)}/`;
}

export const SHARED_PATH = 'shared/';
export const LESSONS_PATH = 'lessons/';
export const SOULS_PATH = 'souls/';

/** An id for an element, from a note URI: readable, Unicode letters kept, stable across builds. */
export function uriAnchor(uri: string): string {
  const body = uri
    .replace(/^soul:\/\//, '')
    .replace(/\.md$/, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `doc-${body}`;
}
