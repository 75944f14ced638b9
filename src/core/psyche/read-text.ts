import type { AgentRead } from './store.ts';

// LingTai reads its files as Python's read_text(encoding="utf-8"): strict, and a BOM stays in the text.
// (Pure: a bundle that takes another helper from here, such as the soul preview's worker, drops it.)
const strict = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Strict UTF-8, or null when the bytes are not UTF-8. */
export function utf8OrNull(bytes: Uint8Array): string | null {
  try {
    return strict.decode(bytes);
  } catch {
    return null;
  }
}

/** A read's text: the string, or why there is none ('invalid_utf8' for bytes that do not decode). */
export type TextRead = { ok: true; text: string; bytes: number; outside?: number } | { ok: false; reason: Exclude<AgentRead, { ok: true }>['reason'] | 'invalid_utf8'; size?: number };

export function asText(read: AgentRead): TextRead {
  if (!read.ok) return read;
  const text = utf8OrNull(read.bytes);
  if (text === null) return { ok: false, reason: 'invalid_utf8' };
  return read.outside === undefined ? { ok: true, text, bytes: read.bytes.byteLength } : { ok: true, text, bytes: read.bytes.byteLength, outside: read.outside };
}

/** Why a file gave no text, as the end of a sentence that starts with its name. */
export function failWords(read: Extract<TextRead, { ok: false }>): string {
  if (read.reason === 'invalid_utf8') return 'is not valid UTF-8';
  if (read.reason === 'too_large') return `is too large to read as text (${read.size === undefined ? 'over the limit' : `${read.size.toLocaleString('en-US')} bytes`})`;
  return 'could not be read';
}

// Python's str.isspace() characters: JavaScript's \s less U+FEFF (not whitespace in Python), plus
// the separators \x1c-\x1f and U+0085, which Python counts and JavaScript does not.
const PY_SPACE = /[\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
const RUNS = /[\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u;
const isSpace = (c: string): boolean => PY_SPACE.test(c);

/** Python's str.strip(): its whitespace off both ends (a BOM stays: JavaScript's trim() would take it). */
export function strip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text[start]!)) start++;
  while (end > start && isSpace(text[end - 1]!)) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Python's str.strip() leaves nothing. */
export const isBlank = (text: string): boolean => strip(text) === '';

/** Python's " ".join(s.split()): runs of whitespace to one space, ends trimmed. */
export const collapse = (text: string): string => text.split(RUNS).filter(Boolean).join(' ');
