import type { AgentRead } from './store.ts';

// LingTai reads its files as Python's read_text(encoding="utf-8"): strict, and a BOM stays in the text.
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Strict UTF-8, or null when the bytes are not UTF-8. */
export function utf8OrNull(bytes: Uint8Array): string | null {
  try {
    return strict.decode(bytes);
  } catch {
    return null;
  }
}

/** A read's text: the string, or why there is none ('invalid_utf8' for bytes that do not decode). */
export type TextRead = { ok: true; text: string; bytes: number } | { ok: false; reason: Exclude<AgentRead, { ok: true }>['reason'] | 'invalid_utf8' };

export function asText(read: AgentRead): TextRead {
  if (!read.ok) return read;
  const text = utf8OrNull(read.bytes);
  return text === null ? { ok: false, reason: 'invalid_utf8' } : { ok: true, text, bytes: read.bytes.byteLength };
}

/** Python's str.strip(): whitespace off both ends. */
export const strip = (text: string): string => text.trim();

/** Python's " ".join(s.split()): runs of whitespace to one space, ends trimmed. */
export const collapse = (text: string): string => text.split(/\s+/u).filter(Boolean).join(' ');
