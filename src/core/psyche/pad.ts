// The pad (PSYCHE.md 2.3): system/pad.md, else init.json's seed, then the pinned references.
import { resolveSegments } from '../uri.ts';
import { JsonNumber, JsonSyntaxError, isObject, readJson } from './json.ts';
import type { JsonValue } from './json.ts';
import { asText, failWords, isBlank } from './read-text.ts';
import { PAD_DIVIDER } from './sections.ts';
import type { AgentStore } from './store.ts';
import type { PsycheProblem } from './types.ts';

export const PAD_PATH = 'system/pad.md';
export const PINS_PATH = 'system/pad_append.json';
export const INIT_PATH = 'init.json';

/** Where the pad's body came from. The seed's own text is only ever shown as the pad it became. */
export type PadBodySource = 'pad.md' | 'init.pad_file' | 'init.pad' | 'none';

export interface PadPin {
  /** The path as written in pad_append.json. */
  path: string;
  /** Resolved and appended, or the problem that kept it out. */
  status: 'appended' | 'not_found' | 'unreadable' | 'invalid_utf8' | 'too_large';
  /** The pin as a path relative to the agent directory, when it is one (for "the pad pins it"). */
  inside: string | null;
  /** The appended text, when it was appended (it is prompt text). */
  text?: string;
  /** The file's size, when it is too large to read. */
  size?: number;
}

/**
 * The pin's path where a page may print it, else null. An appended pin's path is prompt text (LingTai
 * writes `[append: <path>]` into the pad); a pin inside the agent directory names a file of the agent's.
 * Any other pin's path names a file of the machine that composed it: never shown, never published.
 */
export function shownPinPath(pin: Pick<PadPin, 'path' | 'status' | 'inside'>): string | null {
  return pin.status === 'appended' || pin.inside !== null ? pin.path : null;
}

export interface ComposedPad {
  /** The section's content (body, divider and pins), or null when the section is dropped. */
  text: string | null;
  body: string;
  source: PadBodySource;
  pins: PadPin[];
}

const PIN_REASONS: Record<Exclude<PadPin['status'], 'appended'>, string> = {
  not_found: 'pinned reference not found',
  unreadable: 'pinned reference could not be read',
  invalid_utf8: 'pinned reference is not valid UTF-8',
  too_large: 'pinned reference is too large to read as text',
};

/** Python's str() of a JSON value, for a pin that is not a string. */
export function pythonStr(value: JsonValue): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return value;
  if (value instanceof JsonNumber) {
    if (value.integer) return String(value.value);
    if (Number.isNaN(value.value)) return 'nan';
    if (!Number.isFinite(value.value)) return value.value > 0 ? 'inf' : '-inf';
    const text = String(value.value);
    return /[.e]/.test(text) ? text.replace(/e\+?/, 'e+').replace('e+-', 'e-') : `${text}.0`;
  }
  const repr = (v: JsonValue): string => (typeof v === 'string' ? `'${v}'` : pythonStr(v));
  if (Array.isArray(value)) return `[${value.map(repr).join(', ')}]`;
  return `{${Object.entries(value).map(([k, v]) => `'${k}': ${repr(v)}`).join(', ')}}`;
}

/** A pin as a plain relative path inside the directory, or null (absolute, `~`, or leaving it). */
export function insidePath(pin: string): string | null {
  if (pin.startsWith('/') || pin.startsWith('~')) return null;
  const parts = resolveSegments([], pin);
  return parts && parts.length ? parts.join('/') : null;
}

async function readJsonFile(store: AgentStore, path: string, jsonc: boolean): Promise<JsonValue | undefined> {
  const read = asText(await store.read(path));
  if (!read.ok) return undefined;
  try {
    return readJson(read.text, { jsonc, duplicates: 'last' });
  } catch (error) {
    if (error instanceof JsonSyntaxError) return undefined;
    throw error;
  }
}

/** The pad body when pad.md is missing or empty: init.json's readable pad_file, else its inline pad. */
async function seed(store: AgentStore, problems: PsycheProblem[]): Promise<{ body: string; source: PadBodySource }> {
  const init = await readJsonFile(store, INIT_PATH, true);
  if (init === undefined || !isObject(init)) return { body: '', source: 'none' };
  const file = init['pad_file'];
  if (typeof file === 'string' && file !== '') {
    const read = asText(await store.readPointer(file));
    if (read.ok) return { body: read.text, source: 'init.pad_file' };
    // The path is the owner's: say which key, never what it names.
    if (read.reason !== 'missing') problems.push({ domain: 'pad', path: INIT_PATH, reason: 'the file init.json pad_file names could not be read; the inline pad seed is used' });
  }
  const inline = init['pad'];
  return typeof inline === 'string' ? { body: inline, source: 'init.pad' } : { body: '', source: 'none' };
}

export async function composePad(store: AgentStore, problems: PsycheProblem[]): Promise<ComposedPad> {
  let body = '';
  let source: PadBodySource = 'none';
  const own = await store.read(PAD_PATH);
  if (own.ok && own.bytes.byteLength > 0) {
    const text = asText(own);
    if (text.ok) {
      body = text.text;
      source = 'pad.md';
    } else problems.push({ domain: 'pad', path: PAD_PATH, reason: `pad.md ${failWords(text)}` });
  } else if (!own.ok && own.reason !== 'missing' && own.reason !== 'not_file') {
    problems.push({ domain: 'pad', path: PAD_PATH, reason: `pad.md ${failWords(own)}` });
  } else ({ body, source } = await seed(store, problems));

  const list = await readJsonFile(store, PINS_PATH, false);
  const pins: PadPin[] = [];
  const parts: string[] = [];
  for (const item of Array.isArray(list) ? list : []) {
    const path = pythonStr(item);
    const read = asText(await store.readPointer(path));
    const status: PadPin['status'] = read.ok ? 'appended' : read.reason === 'missing' ? 'not_found' : read.reason === 'invalid_utf8' || read.reason === 'too_large' ? read.reason : 'unreadable';
    pins.push(read.ok ? { path, status, inside: insidePath(path), text: read.text } : read.size !== undefined ? { path, status, inside: insidePath(path), size: read.size } : { path, status, inside: insidePath(path) });
    if (read.ok) parts.push(`[append: ${path}]\n${read.text}`);
    else {
      // A problem's path is relative to the agent directory (PSYCHE.md 2.4): a pin that names a
      // place outside it is reported as the pin list's entry, and its host path is not repeated.
      const inside = insidePath(path);
      const size = !read.ok && read.size !== undefined ? ` (${read.size.toLocaleString('en-US')} bytes)` : '';
      const reason = PIN_REASONS[status as Exclude<PadPin['status'], 'appended'>] + size;
      problems.push(inside !== null ? { domain: 'pad', path, reason } : { domain: 'pad', path: PINS_PATH, reason: `${reason} (a pin outside the agent directory)` });
    }
  }
  const text = parts.length > 0 ? `${body}${PAD_DIVIDER}${parts.join('\n\n')}` : isBlank(body) ? null : body;
  return { text, body, source, pins };
}
