// Where a link in a vault note may point. Notes are data, not code: only web and mail
// links leave the site; soul:// URIs and relative .md links become links to note pages;
// everything else (javascript:, data:, vbscript:, file:, unknown files) is dropped.
import { noteUri, parseUri, resolveSegments } from '../core/index.ts';

export type LinkTarget =
  | { kind: 'external'; href: string }
  | { kind: 'anchor'; href: string }
  | { kind: 'note'; uri: string; fragment: string }
  | { kind: 'drop' };

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

/** The scheme a browser would see: it ignores control characters and whitespace inside it. */
export function urlScheme(url: string): string | null {
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned);
  return match ? match[1]!.toLowerCase() : null;
}

export function isSafeUrl(url: string): boolean {
  const scheme = urlScheme(url);
  return scheme === null ? !/^[\s\u0000-\u001f]*\/\//.test(url) : SAFE_SCHEMES.has(scheme);
}

/** Resolve `other.md`, `./x/y.md`, `../core/z.md#part` against a note's folder in its vault. */
function resolveRelative(fromPath: string, target: string): string | null {
  return resolveSegments(fromPath.split('/').slice(0, -1), target)?.join('/') ?? null;
}

/** Classify a link found in note `vault`/`path`. */
export function linkTarget(url: string, vault: string, path: string): LinkTarget {
  const trimmed = url.trim();
  if (trimmed.startsWith('#')) return trimmed.length > 1 ? { kind: 'anchor', href: trimmed } : { kind: 'drop' };
  const scheme = urlScheme(trimmed);
  if (scheme === 'soul') {
    const hash = trimmed.indexOf('#');
    const uri = hash < 0 ? trimmed : trimmed.slice(0, hash);
    try {
      return { kind: 'note', uri: parseUri(uri).uri, fragment: hash < 0 ? '' : trimmed.slice(hash) };
    } catch {
      return { kind: 'drop' };
    }
  }
  if (scheme !== null) return SAFE_SCHEMES.has(scheme) ? { kind: 'external', href: trimmed } : { kind: 'drop' };
  if (trimmed.startsWith('/') || trimmed.startsWith('\\')) return { kind: 'drop' };
  const hash = trimmed.indexOf('#');
  const target = decodeSafe(hash < 0 ? trimmed : trimmed.slice(0, hash));
  if (target === null || !target.endsWith('.md')) return { kind: 'drop' };
  const resolved = resolveRelative(path, target);
  if (resolved === null) return { kind: 'drop' };
  try {
    return { kind: 'note', uri: parseUri(noteUri(vault, resolved)).uri, fragment: hash < 0 ? '' : trimmed.slice(hash) };
  } catch {
    return { kind: 'drop' };
  }
}

function decodeSafe(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}
