// Page paths relative to the site base: no leading slash, a trailing slash, every segment
// percent-encoded, so names with spaces or CJK give links that resolve on any static host.

const seg = (s: string): string => encodeURIComponent(s);

export function soulPath(soul: string, preset: string | null = null): string {
  return preset === null ? `souls/${seg(soul)}/` : `souls/${seg(soul)}/${seg(preset)}/`;
}

export function guestPath(guest: string): string {
  return `guests/${seg(guest)}/`;
}

/** `/notes/<vault>/<path without .md>/`. */
export function notePath(vault: string, path: string): string {
  const parts = path.replace(/\.md$/, '').split('/').map(seg);
  return `notes/${seg(vault)}/${parts.join('/')}/`;
}

/** The route param Astro writes to disk for a note page: decoded, `/`-separated. */
export function noteParam(vault: string, path: string): string {
  return `${vault}/${path.replace(/\.md$/, '')}`;
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

export const AGENTS_PATH = 'agents/';

export function agentPath(agent: string): string {
  return `agents/${seg(agent)}/`;
}

/** `/agents/<id>/knowledge/` or `/agents/<id>/skills/`: a catalog as a page. */
export function agentCatalogPath(agent: string, domain: 'knowledge' | 'skills'): string {
  return `agents/${seg(agent)}/${domain}/`;
}

/** The entry's folder below its domain: `sources/citation-style`, or `custom/research/source-triage` for a skill. */
export function agentEntryRel(domain: 'knowledge' | 'skills', folder: string): string {
  return domain === 'knowledge' ? folder.replace(/^knowledge\//, '') : folder.replace(/^\.library\//, '');
}

export function agentEntryPath(agent: string, domain: 'knowledge' | 'skills', folder: string): string {
  return `agents/${seg(agent)}/${domain}/${agentEntryRel(domain, folder).split('/').map(seg).join('/')}/`;
}
