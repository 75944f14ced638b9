import { VaultError } from './errors.ts';

export const VAULT_ID = /^[a-z0-9][a-z0-9-]*$/;
const SCHEME = 'soul://';

export interface NoteRef {
  vault: string;
  /** Path inside the vault, `/`-separated, never empty, never leaving the vault. */
  path: string;
  uri: string;
}

export function noteUri(vault: string, path: string): string {
  return `${SCHEME}${vault}/${path}`;
}

/** Why a relative path cannot name a note inside a vault, or null when it can. */
export function pathProblem(path: string): string | null {
  if (path.length === 0) return 'the path is empty';
  if (path.includes('\0')) return 'it contains a NUL byte';
  // A lone surrogate has no UTF-8 form: the file system would get U+FFFD and open some other name.
  if (!path.isWellFormed()) return 'it is not well-formed Unicode (a lone surrogate)';
  if (path.includes('\\')) return 'it contains a backslash';
  if (path.startsWith('/')) return 'it is absolute';
  for (const segment of path.split('/')) {
    if (segment === '') return 'it has an empty segment';
    if (segment === '.' || segment === '..') return `it has a "${segment}" segment`;
  }
  return null;
}

/** Parse and validate a `soul://<vault>/<path>` URI; anything that could leave the vault root is uri_invalid. */
export function parseUri(uri: string, operation = 'read'): NoteRef {
  const fail = (why: string): never => {
    throw new VaultError('uri_invalid', `${JSON.stringify(uri)} is not a valid note URI: ${why}`, { operation, note: uri });
  };
  if (typeof uri !== 'string' || !uri.startsWith(SCHEME)) fail(`it must start with ${SCHEME}`);
  const rest = uri.slice(SCHEME.length);
  const slash = rest.indexOf('/');
  if (slash < 0) fail('it names no note inside the vault');
  const vault = rest.slice(0, slash);
  const path = rest.slice(slash + 1);
  if (!VAULT_ID.test(vault)) fail(`the vault id ${JSON.stringify(vault)} must match [a-z0-9][a-z0-9-]*`);
  const problem = pathProblem(path);
  if (problem) fail(problem);
  if (!path.endsWith('.md')) fail('a note is a file ending in .md');
  if (path.split('/').some((s) => s.startsWith('.'))) fail('names starting with "." are not notes');
  return { vault, path, uri: noteUri(vault, path) };
}

/** `soul://pippa/core/a.md` → `pippa/core/a.md`: a note's key in a store that holds whole vault roots (the preview's). */
export function uriKey(uri: string): string {
  return uri.slice(SCHEME.length);
}

/** `pippa/core/a.md` → `soul://pippa/core/a.md`: the inverse of uriKey. */
export function keyUri(key: string): string {
  return SCHEME + key;
}

/**
 * `target`'s segments applied to `base` (folder segments): `.` and empty segments skipped, `..` going
 * up one; null when it would go above `base`'s root. Note links and LingTai's pad pins resolve so.
 */
export function resolveSegments(base: readonly string[], target: string): string[] | null {
  const parts = [...base];
  for (const segment of target.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(segment);
  }
  return parts;
}
