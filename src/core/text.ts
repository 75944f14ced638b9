import { VaultError } from './errors.ts';

// Pure annotations: a bundle that takes one helper from here drops what only the others use.
const decoder = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = /* @__PURE__ */ new TextEncoder();

export function encodeUtf8(text: string): Uint8Array {
  return encoder.encode(text);
}

// Like revisions below: an unchanged byte array (the preview's store) is decoded once. Failures are never kept.
const decoded = new WeakMap<Uint8Array, string>();

/** Decode strict UTF-8; the decoder's own exception never leaks, only integrity_error naming the note. */
export function decodeNote(bytes: Uint8Array, uri: string, role: string | undefined, operation: string): string {
  const known = decoded.get(bytes);
  if (known !== undefined) return known;
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    const where = role ? ` (${role})` : '';
    throw new VaultError('integrity_error', `note ${uri}${where} is not valid UTF-8`, { operation, note: uri, role });
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  decoded.set(bytes, text);
  return text;
}

const HEX: string[] = /* @__PURE__ */ Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Lowercase hex SHA-256 through WebCrypto, the same in Node and the browser. */
export async function sha256Hex(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  let out = '';
  for (const b of digest) out += HEX[b];
  return out;
}

// A store that hands back the same Uint8Array for an unchanged note (the browser preview's
// MemoryStore does) gets that note's hash reused on the next load instead of recomputed:
// re-assembly after one edit hashes one note, not five hundred. A store that reads afresh
// (the file store) returns a new array each time, so a stale hash can never be reused.
const revisions = new WeakMap<Uint8Array, Promise<string> | (() => string)>();

/**
 * For a store that computed the SHA-256 of a note while reading it (Node's file store, with
 * node:crypto, a fraction of a WebCrypto round trip): the core takes it as the revision of those
 * bytes instead of hashing them again. The browser keeps WebCrypto. The hex must be lowercase.
 * A function is called the first time the revision is asked for: a read that never needs one
 * (`soul-vault read`) never hashes.
 */
export function rememberRevision(bytes: Uint8Array, sha256: string | (() => string)): void {
  revisions.set(bytes, typeof sha256 === 'string' ? Promise.resolve(sha256) : sha256);
}

/** The revision of a note's raw bytes: sha256Hex, remembered per byte array. Byte arrays are never mutated. */
export function noteRevision(bytes: Uint8Array): Promise<string> {
  const known = revisions.get(bytes);
  if (typeof known === 'object') return known;
  const revision = known ? Promise.resolve(known()) : sha256Hex(bytes);
  revisions.set(bytes, revision);
  return revision;
}

// Reused across calls: encodeInto needs room for the worst case, three bytes a UTF-16 unit.
let scratch = new Uint8Array(1 << 16);
// Lengths already measured, by string. A string keeps its hash once computed, so the same string
// again (an unchanged note's text: decodeNote hands back the same one) is found without reading it.
const lengths = new Map<string, number>();
const LENGTHS_MAX = 1 << 14;

/**
 * UTF-8 byte length of a string. The native encoder into a reused buffer is many times faster
 * than a JavaScript loop over every code unit, and a page measures every document on each edit:
 * remembered per string, so after an edit only the changed notes are measured again.
 */
export function utf8Length(text: string): number {
  // Short texts (pointers, made afresh on every load) are cheaper to measure than to remember.
  if (text.length < 256) return encoder.encodeInto(text, scratch).written;
  let length = lengths.get(text);
  if (length === undefined) {
    length = utf8LengthOnce(text);
    if (lengths.size >= LENGTHS_MAX) lengths.clear();
    lengths.set(text, length);
  }
  return length;
}

/** UTF-8 length of a text measured once and not remembered: a slice made for one question. */
export function utf8LengthOnce(text: string): number {
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  return encoder.encodeInto(text, scratch).written;
}

const CHUNK = 2048;

/**
 * How many leading UTF-16 units two strings share. Whole chunks are compared as strings first
 * (V8 compares flat strings natively, many times faster than a JavaScript loop over each unit):
 * two 300 KB prompts that part near the end cost a few hundred string compares, not 300,000.
 */
export function commonPrefixLength(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i + CHUNK <= n && a.slice(i, i + CHUNK) === b.slice(i, i + CHUNK)) i += CHUNK;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}
