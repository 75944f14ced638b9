// Page paths relative to the site base: no leading slash, a trailing slash, every segment
// percent-encoded, so names with spaces or CJK give links that resolve on any static host.

import { CATALOGS } from '../core/psyche/catalog.ts';

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
  let known = segments.get(name);
  if (known === undefined) segments.set(name, (known = escapeSegment(name)));
  return known;
}

// Every note's path is cut into segments for its page, its links, its tree and its route: once each.
const segments = new Map<string, string>();

function escapeSegment(name: string): string {
  const pieces = escapedPieces(name, false);
  // Letters that only compose as a sequence (Hangul jamo): escape every non-ASCII one.
  const parts = pieces.join('').normalize('NFC') === pieces.join('') ? pieces : escapedPieces(name, true);
  let out = parts.join('');
  // Escapes can make a name that fits the file system (255 bytes) too long for it: keep a readable
  // start and name the rest by a hash of the whole name, so it stays one page per note.
  if (utf8Bytes(out) > MAX_SEGMENT_BYTES) {
    let start = '';
    for (const part of parts) {
      if (utf8Bytes(start + part) > MAX_SEGMENT_BYTES - 20) break;
      start += part;
    }
    out = `${start}~h${fnv1a(name, 0x811c9dc5)}${fnv1a(name, 0x01000193)}`;
  }
  // A folder named index.html would take the place of the page file of the note beside it (a.md and a/index.html.md).
  return out === 'index.html' ? 'index~2Ehtml' : out;
}

/** Page segments stay under the 255-byte name limit of common file systems, with room to spare. */
const MAX_SEGMENT_BYTES = 200;
// Made on first use: a module-level constructor call would keep this whole module in every page's script.
let utf8: TextEncoder | undefined;
const utf8Bytes = (text: string): number => (utf8 ??= new TextEncoder()).encode(text).length;

/** Each character of a name as it goes into a page segment: kept, or escaped (every non-ASCII one when `ascii`). */
function escapedPieces(name: string, ascii: boolean): string[] {
  const out: string[] = [];
  for (const ch of name) {
    const cp = ch.codePointAt(0)!;
    const kept = KEPT.test(ch) && (cp < 0x80 || (!ascii && ch.normalize('NFC') === ch));
    out.push(kept ? ch : escapeChar(cp));
  }
  return out;
}

/** 32-bit FNV-1a over UTF-16 units, as 8 hex digits: two seeds make the 64-bit name of a long segment. */
function fnv1a(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

export function soulPath(soul: string, preset: string | null = null): string {
  return preset === null ? `souls/${seg(soul)}/` : `souls/${seg(soul)}/${seg(presetParam(preset))}/`;
}

export function guestPath(guest: string): string {
  return `guests/${seg(guest)}/`;
}

/** The family history page: every commit that touched the vault root and the caches it broke. */
export const HISTORY_PATH = 'history/';
// Pure: the previews' workers import this module for other paths and drop it.
const HISTORY_SEGMENT = /* @__PURE__ */ HISTORY_PATH.slice(0, -1);

/** A bundle's history page, below its own page: `souls/<soul>/history/`, `souls/<soul>/<preset>/history/`, `guests/<guest>/history/`. */
export function historyPath(bundlePath: string): string {
  return `${bundlePath}${HISTORY_SEGMENT}/`;
}

/** A commit's entry on a history page. */
export function commitAnchor(id: string): string {
  return `commit-${id.slice(0, 12)}`;
}

/** `/notes/<vault>/<path without .md>/`. */
export function notePath(vault: string, path: string): string {
  return `notes/${seg(vault)}/${noteParam(vault, path).split('/').slice(1).map(seg).join('/')}/`;
}

/** The route param Astro writes to disk for a note page: page segments, `/`-separated, not percent-encoded. */
export function noteParam(vault: string, path: string): string {
  return `${vault}/${path.replace(/\.md$/, '').split('/').map(pageSegment).join('/')}`;
}

/** A member page's share image, beside its page: `souls/<soul>/og.png`, `agents/<id>/og.png`. */
export const SHARE_IMAGE = 'og.png';

export function shareImagePath(pagePath: string): string {
  return `${pagePath}${SHARE_IMAGE}`;
}

/**
 * The route param of a preset page. A preset named `history` or `og.png` escapes its first letter, so
 * it never takes the soul's history page or share image.
 */
export function presetParam(preset: string): string {
  const segment = pageSegment(preset);
  return segment === HISTORY_SEGMENT || segment === SHARE_IMAGE ? `${escapeChar(segment.codePointAt(0)!)}${segment.slice(1)}` : segment;
}

export function lessonPath(slug: string): string {
  return `lessons/${seg(slug)}/`;
}

export const SHARED_PATH = 'shared/';
/** The family map: every shared note against every soul, preset and guest, and the inheritance graph. */
export const FAMILY_PATH = 'family/';
export const LESSONS_PATH = 'lessons/';
export const SOULS_PATH = 'souls/';
export const GUESTS_PATH = 'guests/';
export const NOTES_PATH = 'notes/';
export const SEARCH_PATH = 'search/';
/** Pagefind's index of every page but the notes, and its script. */
export const PAGES_INDEX_PATH = 'pagefind/';
/** The folder of the note pages' search index, in shards (src/data/search-shards.ts): one folder each. */
export const NOTE_INDEXES_PATH = 'pagefind-notes/';
export function noteIndexPath(shard: number): string {
  return `${NOTE_INDEXES_PATH}${shard}/`;
}
/** The popover index, served by src/pages/data/notes.json.ts. */
export const NOTE_INDEX_PATH = 'data/notes.json';

/** Where a soul's or guest's preview snapshot is served. */
export function snapshotPath(soul: string): string {
  return `data/snapshots/${encodeURIComponent(soul)}.json`;
}

/** A vault's notes as a tree: `notes/<vault>/`. */
export function notesOfVault(vault: string): string {
  return `${NOTES_PATH}${seg(vault)}/`;
}

/** A folder of a vault in its notes tree: `notes/<vault>/#folder-core-safety`. */
export function notesFolderPath(vault: string, folder: string): string {
  return `${notesOfVault(vault)}#${seg(folderAnchor(folder))}`;
}

/** The id of a folder's entry in its vault's notes tree: page segments (one-to-one), spaces escaped too. */
export function folderAnchor(folder: string): string {
  return `folder-${folder.split('/').map(pageSegment).join('/').replaceAll(' ', '~20')}`;
}

/** What kind of page a path (relative to the base, decoded) is, in words, for search results. */
export function pageKind(path: string): string {
  const parts = path.split('/').filter(Boolean);
  switch (`${parts[0] ?? ''}/`) {
    case NOTES_PATH:
      return parts.length > 2 ? `Note in ${parts[1]}` : parts.length > 1 ? `Notes of ${parts[1]}` : 'Every note';
    case SOULS_PATH:
      if (parts.at(-1) === HISTORY_SEGMENT) return 'History of a soul';
      return parts.length > 2 ? 'Soul page, with a preset' : parts.length > 1 ? 'Soul page' : 'Souls';
    case GUESTS_PATH:
      return parts.length > 1 ? (parts.at(-1) === HISTORY_SEGMENT ? 'History of a guest' : 'Guest page') : 'Guests';
    case HISTORY_PATH:
      return 'Family history';
    case LESSONS_PATH:
      return 'Lesson';
    case SHARED_PATH:
      return 'Shared core catalog';
    case FAMILY_PATH:
      return 'Family map';
    case AGENTS_PATH: {
      if (parts.length < 3) return parts.length > 1 ? 'Agent page' : 'Agents';
      const skills = parts[2] === 'skills';
      return parts.length > 3 ? `${skills ? 'Skill' : 'Knowledge entry'} of ${parts[1]}` : `${skills ? 'Skills' : 'Knowledge'} catalog of ${parts[1]}`;
    }
    default:
      return 'Page';
  }
}

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

export const AGENTS_PATH = 'agents/';

/** The route param of an agent's pages: its folder name as a page segment (any name gets a page that resolves). */
export function agentParam(agent: string): string {
  return pageSegment(agent);
}

export function agentPath(agent: string): string {
  return `agents/${seg(agentParam(agent))}/`;
}

/** `/agents/<id>/knowledge/` or `/agents/<id>/skills/`: a catalog as a page. */
export function agentCatalogPath(agent: string, domain: 'knowledge' | 'skills'): string {
  return `${agentPath(agent)}${domain}/`;
}

/**
 * What an entry's page path leaves out of its folder: the one shelf's root (`knowledge/`), or the folder
 * that holds the domain's shelves (`.library/`), so a skill's path keeps its shelf (`custom/...`).
 */
function shelfParent(domain: 'knowledge' | 'skills'): string {
  const roots = CATALOGS[domain].shelves.map((s) => s.root);
  return roots.length === 1 ? `${roots[0]}/` : roots[0]!.slice(0, roots[0]!.lastIndexOf('/') + 1);
}

/** The route param of an entry's page: its folder below its domain (`sources/citation-style`, or `custom/research/source-triage` for a skill), as page segments. */
export function agentEntryParam(domain: 'knowledge' | 'skills', folder: string): string {
  const rel = folder.slice(shelfParent(domain).length);
  return rel.split('/').map(pageSegment).join('/');
}

export function agentEntryPath(agent: string, domain: 'knowledge' | 'skills', folder: string): string {
  return `${agentCatalogPath(agent, domain)}${agentEntryParam(domain, folder).split('/').map(seg).join('/')}/`;
}

/** The agent preview's snapshot, `/data/agents/<id>.json`. */
export function agentSnapshotPath(agent: string): string {
  return `data/agents/${seg(agentParam(agent))}.json`;
}

// ---------------------------------------------------------------- the route table

// Every page and endpoint Soulpress makes: the integration injects these routes, and the bench and the
// accessibility walk read the same table to name a built page by the route that made it.
/**
 * What must exist for a route to be injected: agents, history and lessons routes only with that content;
 * share images only when they are on and there is a `site`, since a page names its image by an absolute URL.
 */
export type RouteNeed = 'agents' | 'history' | 'lessons' | 'shareImages';

export interface RouteEntry {
  /** Astro's route pattern, as `injectRoute` takes it. */
  pattern: string;
  /** The page or endpoint file, relative to src/routes of this package. */
  file: string;
  /** Every one of these must exist. */
  needs?: RouteNeed | readonly RouteNeed[];
}

export const ROUTES: readonly RouteEntry[] = [
  { pattern: '/', file: 'index.astro' },
  { pattern: '/404', file: '404.astro' },
  { pattern: '/search', file: 'search.astro' },
  { pattern: '/shared', file: 'shared/index.astro' },
  // Every site has a family (a shared vault or a soul: requireFamily), so every site has its map.
  { pattern: '/family', file: 'family.astro' },
  { pattern: '/souls', file: 'souls/index.astro' },
  { pattern: '/souls/[soul]', file: 'souls/[soul]/index.astro' },
  { pattern: '/souls/[soul]/[preset]', file: 'souls/[soul]/[preset]/index.astro' },
  { pattern: '/souls/[soul]/history', file: 'souls/[soul]/history/index.astro', needs: 'history' },
  { pattern: '/souls/[soul]/[preset]/history', file: 'souls/[soul]/[preset]/history/index.astro', needs: 'history' },
  { pattern: '/guests', file: 'guests/index.astro' },
  { pattern: '/guests/[guest]', file: 'guests/[guest]/index.astro' },
  { pattern: '/guests/[guest]/history', file: 'guests/[guest]/history/index.astro', needs: 'history' },
  { pattern: '/notes', file: 'notes/index.astro' },
  { pattern: '/notes/[vault]', file: 'notes/[vault]/index.astro' },
  { pattern: '/notes/[...note]', file: 'notes/[...note].astro' },
  { pattern: '/history', file: 'history.astro', needs: 'history' },
  { pattern: '/lessons', file: 'lessons/index.astro', needs: 'lessons' },
  { pattern: '/lessons/[slug]', file: 'lessons/[slug].astro', needs: 'lessons' },
  { pattern: '/agents', file: 'agents/index.astro', needs: 'agents' },
  { pattern: '/agents/[agent]', file: 'agents/[agent]/index.astro', needs: 'agents' },
  { pattern: '/agents/[agent]/[domain]', file: 'agents/[agent]/[domain]/index.astro', needs: 'agents' },
  { pattern: '/agents/[agent]/[domain]/[...entry]', file: 'agents/[agent]/[domain]/[...entry].astro', needs: 'agents' },
  { pattern: '/souls/[soul]/og.png', file: 'souls/[soul]/og.png.ts', needs: 'shareImages' },
  { pattern: '/souls/[soul]/[preset]/og.png', file: 'souls/[soul]/[preset]/og.png.ts', needs: 'shareImages' },
  { pattern: '/guests/[guest]/og.png', file: 'guests/[guest]/og.png.ts', needs: 'shareImages' },
  { pattern: '/agents/[agent]/og.png', file: 'agents/[agent]/og.png.ts', needs: ['agents', 'shareImages'] },
  { pattern: '/favicon.svg', file: 'favicon.svg.ts' },
  { pattern: '/data/notes.json', file: 'data/notes.json.ts' },
  { pattern: '/data/snapshots/[soul].json', file: 'data/snapshots/[soul].json.ts' },
  { pattern: '/data/agents/[agent].json', file: 'data/agents/[agent].json.ts', needs: 'agents' },
];

/** The routes a site with this content gets. */
export function routesFor(has: Record<RouteNeed, boolean>): RouteEntry[] {
  return ROUTES.filter((r) => [r.needs ?? []].flat().every((need) => has[need]));
}
