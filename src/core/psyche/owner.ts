// settings/psyche.json, the owner document (PSYCHE.md 3.1, 3.2). Strict: anything off rejects the
// whole reconstruction with one code. Messages never quote a value or a pointer path: they reach
// pages and the command line, and the owner's values are secret unless they become prompt text.
import { JsonDuplicateKey, JsonNumber, JsonSyntaxError, isObject, readJson } from './json.ts';
import type { JsonObject } from './json.ts';
import { asText, failWords } from './read-text.ts';
import type { AgentStore } from './store.ts';

export const OWNER_PATH = 'settings/psyche.json';
export const OWNER_MAX_BYTES = 65_536;

export const OWNER_ERROR_CODES = [
  'duplicate_key',
  'unknown_key',
  'schema_version_missing',
  'schema_version_not_1',
  'value_not_string',
  'too_large',
  'invalid_utf8',
  'invalid_json',
  'not_object',
  'not_regular_file',
  'unstable',
  'unreadable',
  'pointer_unreadable',
] as const;

export type OwnerErrorCode = (typeof OWNER_ERROR_CODES)[number];

export interface OwnerError {
  code: OwnerErrorCode;
  message: string;
  /** The known key a value or pointer error names (never a value): the preview's stand-in needs it. */
  key?: string;
}

export const OWNER_PAIRS = ['base_prompt', 'covenant', 'comment'] as const;
export type OwnerPair = (typeof OWNER_PAIRS)[number];
/** The document's keys besides schema_version, in LingTai's order. */
export const OWNER_VALUE_KEYS = OWNER_PAIRS.flatMap((k) => [k, `${k}_file`]);

/** Where an owner value came from; never the path itself. */
export type OwnerSource = 'file' | 'inline' | 'absent';

export interface OwnerValue {
  text: string;
  source: OwnerSource;
}

export type OwnerRead =
  | { ok: true; present: boolean; values: Record<OwnerPair, OwnerValue> }
  | { ok: false; error: OwnerError };

const fail = (code: OwnerErrorCode, message: string): OwnerRead => ({ ok: false, error: { code, message } });

/** Read, validate and resolve the owner document: its values, or the first reason LingTai would refuse it. */
export async function readOwner(store: AgentStore): Promise<OwnerRead> {
  const read = await store.read(OWNER_PATH, { noFollow: true, limit: OWNER_MAX_BYTES });
  const absent: Record<OwnerPair, OwnerValue> = { base_prompt: { text: '', source: 'absent' }, covenant: { text: '', source: 'absent' }, comment: { text: '', source: 'absent' } };
  if (!read.ok) {
    switch (read.reason) {
      case 'missing':
        return { ok: true, present: false, values: absent };
      case 'link':
      case 'not_file':
        return fail('not_regular_file', `${OWNER_PATH} is not a regular file (a symlink, folder or device is refused)`);
      case 'too_large':
        return fail('too_large', `${OWNER_PATH} is over the ${OWNER_MAX_BYTES.toLocaleString('en-US')}-byte (64 KiB) limit`);
      case 'unstable':
        return fail('unstable', `${OWNER_PATH} changed while it was being read`);
      default:
        return fail('unreadable', `${OWNER_PATH} could not be read`);
    }
  }
  const text = asText(read);
  if (!text.ok) return fail('invalid_utf8', `${OWNER_PATH} is not valid UTF-8`);
  let data;
  try {
    data = readJson(text.text, { duplicates: 'reject' });
  } catch (error) {
    if (error instanceof JsonDuplicateKey) return fail('duplicate_key', `${OWNER_PATH} has a key twice in one object`);
    if (error instanceof JsonSyntaxError) return fail('invalid_json', `${OWNER_PATH} is not valid JSON (${error.message})`);
    throw error;
  }
  if (!isObject(data)) return fail('not_object', `the top level of ${OWNER_PATH} is not a JSON object`);
  const allowed = new Set(['schema_version', ...OWNER_VALUE_KEYS]);
  if (Object.keys(data).some((k) => !allowed.has(k))) {
    return fail('unknown_key', `${OWNER_PATH} has a key LingTai does not know; only schema_version, ${OWNER_VALUE_KEYS.join(', ')} are allowed`);
  }
  if (!('schema_version' in data)) return fail('schema_version_missing', `${OWNER_PATH} has no schema_version (it must be the integer 1)`);
  const version = data['schema_version']!;
  if (!(version instanceof JsonNumber && version.integer && version.value === 1)) {
    return fail('schema_version_not_1', `${OWNER_PATH}'s schema_version is not the integer 1 (true, 1.0 and "1" are refused too)`);
  }
  for (const key of OWNER_VALUE_KEYS) {
    if (key in data && typeof data[key] !== 'string') return { ok: false, error: { code: 'value_not_string', message: `${OWNER_PATH}'s ${key} is not a string`, key } };
  }
  const values = { ...absent };
  for (const pair of OWNER_PAIRS) {
    const resolved = await resolvePair(store, data, pair);
    if ('code' in resolved) return { ok: false, error: resolved };
    values[pair] = resolved;
  }
  return { ok: true, present: true, values };
}

/** A readable `*_file` wins; an empty or missing one falls back to inline; one that exists but fails rejects. */
async function resolvePair(store: AgentStore, data: JsonObject, pair: OwnerPair): Promise<OwnerValue | OwnerError> {
  const pointer = data[`${pair}_file`] as string | undefined;
  const inline = data[pair] as string | undefined;
  if (pointer) {
    const read = asText(await store.readPointer(pointer));
    if (read.ok) return { text: read.text, source: 'file' };
    if (read.reason !== 'missing') {
      const why = failWords(read);
      return { code: 'pointer_unreadable', message: `the file ${OWNER_PATH}'s ${pair}_file names ${why}`, key: `${pair}_file` };
    }
  }
  return inline === undefined ? { text: '', source: 'absent' } : { text: inline, source: 'inline' };
}
