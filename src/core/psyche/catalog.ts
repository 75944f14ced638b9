// The knowledge and skills catalogs (PSYCHE.md 2.2): a folder holding the marker file is an entry,
// a folder of loose files without one is a problem, anything else is descended into.
import { compareCodePoints } from '../order.ts';
import { YamlError, parseYamlWith } from '../yaml.ts';
import { asText, collapse, failWords } from './read-text.ts';
import type { AgentEntry, AgentStore } from './store.ts';
import type { PsycheProblem } from './types.ts';

export type CatalogDomain = 'knowledge' | 'skills';

export interface CatalogShelf {
  /** The folder scanned, relative to the agent directory. */
  root: string;
  /** `intrinsic` or `custom` for skills; null for knowledge. */
  shelf: 'intrinsic' | 'custom' | null;
}

export const CATALOGS: Record<CatalogDomain, { marker: string; kind: string; shelves: CatalogShelf[] }> = {
  knowledge: { marker: 'KNOWLEDGE.md', kind: 'knowledge entry', shelves: [{ root: 'knowledge', shelf: null }] },
  skills: {
    marker: 'SKILL.md',
    kind: 'skill',
    shelves: [
      { root: '.library/intrinsic', shelf: 'intrinsic' },
      { root: '.library/custom', shelf: 'custom' },
    ],
  },
};

/** One catalog entry as the composer found it; the first three fields are what the prompt lists. */
export interface FoundEntry {
  name: string;
  /** The marker file, relative to the agent directory (LingTai writes an absolute path; the site never does). */
  location: string;
  description: string;
  domain: CatalogDomain;
  shelf: 'intrinsic' | 'custom' | null;
  /** The entry's folder, relative to the agent directory. */
  folder: string;
  /** The marker file's text as read (frontmatter included). */
  text: string;
}

const FRONTMATTER = /^---\s*\n([\s\S]*?\n)---\s*\n/u;

// PyYAML's implicit resolvers (YAML 1.1), as safe_load applies them to a plain scalar.
const Y11_BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const Y11_NULL = /^(?:~|null|Null|NULL|)$/;
const Y11_INT = /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const Y11_FLOAT = /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
/** PyYAML's reader refuses these anywhere in the stream: the frontmatter then has no fields. */
const Y11_REFUSE = /[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** A YAML 1.1 float, as PyYAML's construct_yaml_float makes it. */
class PyFloat {
  readonly value: number;
  constructor(value: number) {
    this.value = value;
  }
  /** As a mapping key the parser makes it text: Python's repr. */
  toString(): string {
    return pyFloat(this.value);
  }
}

/** A plain scalar as PyYAML's safe_load reads it: ints exact (BigInt), floats tagged, bools, None, else text. */
function resolve11(s: string): unknown {
  if (Y11_NULL.test(s)) return null;
  if (Y11_BOOL.test(s)) return /^(?:yes|true|on)$/i.test(s);
  // PyYAML raises (a ValueError, not a YAML error) where int() or float() refuses what the pattern
  // let through, e.g. `0x_` or `._`: the frontmatter then reads as no fields, never a crash here.
  const refused = (): never => {
    throw new YamlError(1, `${s} matches YAML 1.1's number pattern but is not a number`);
  };
  if (Y11_INT.test(s)) {
    let t = s.replace(/_/g, '');
    const sign = t.startsWith('-') ? -1n : 1n;
    if (t[0] === '-' || t[0] === '+') t = t.slice(1);
    try {
      if (t.includes(':')) return sign * t.split(':').reduce((n, part) => n * 60n + BigInt(part), 0n);
      if (t.startsWith('0b') || t.startsWith('0x')) return sign * BigInt(t);
      if (t.length > 1 && t[0] === '0') return sign * BigInt(`0o${t.slice(1)}`);
      return sign * BigInt(t);
    } catch {
      return refused();
    }
  }
  if (Y11_FLOAT.test(s)) {
    let t = s.replace(/_/g, '').toLowerCase();
    if (t.endsWith('.inf')) return new PyFloat(t[0] === '-' ? -Infinity : Infinity);
    if (t === '.nan') return new PyFloat(NaN);
    const sign = t[0] === '-' ? -1 : 1;
    if (t[0] === '-' || t[0] === '+') t = t.slice(1);
    const value = t.includes(':') ? t.split(':').reduce((n, part) => n * 60 + Number(part), 0) : Number(t);
    return Number.isNaN(value) ? refused() : new PyFloat(sign * value);
  }
  return s;
}

/** Python's repr() of a float: the shortest digits, fixed from 1e-4 up to 1e16, else with an exponent. */
function pyFloat(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa, exp] = x.toExponential().split('e') as [string, string];
  const e = Number(exp);
  const digits = mantissa.replace('-', '').replace('.', '');
  const sign = x < 0 ? '-' : '';
  if (e >= -5 + 1 && e < 16) {
    if (e >= 0) {
      const int = digits.slice(0, e + 1).padEnd(e + 1, '0');
      const frac = digits.slice(e + 1);
      return `${sign}${int}.${frac || '0'}`;
    }
    return `${sign}0.${'0'.repeat(-e - 1)}${digits}`;
  }
  const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${m}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
}

/** Python's repr() of a str: single quotes unless the text holds ' and no ", escapes as Python writes them. */
function pyRepr(text: string): string {
  const q = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = q;
  for (const c of text) {
    const code = c.codePointAt(0)!;
    if (c === '\\' || c === q) out += `\\${c}`;
    else if (c === '\n') out += '\\n';
    else if (c === '\r') out += '\\r';
    else if (c === '\t') out += '\\t';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += c;
  }
  return out + q;
}

/** Python's str() of a value safe_load gave, as LingTai's coercion makes it (`yes` → True). */
function pyStr(value: unknown, nested = false): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof PyFloat) return pyFloat(value.value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return nested ? pyRepr(value) : value;
  if (Array.isArray(value)) return `[${value.map((v) => pyStr(v, true)).join(', ')}]`;
  if (typeof value === 'object') return `{${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${pyRepr(k)}: ${pyStr(v, true)}`).join(', ')}}`;
  return String(value);
}

/** PyYAML's safe_load, as far as entry frontmatter needs it (PSYCHE.md 2.2). */
export function parsePyYaml(source: string): unknown {
  return parseYamlWith(source, { resolve: resolve11, lastKeyWins: true, maxDepth: 512, refuse: Y11_REFUSE });
}

/** Frontmatter fields as LingTai reads them: collapsed strings; no match, bad YAML or no mapping give none. */
export function catalogFields(text: string): Record<string, string> {
  const match = FRONTMATTER.exec(text);
  if (!match) return {};
  let data: unknown;
  try {
    data = parsePyYaml(match[1]!);
  } catch (error) {
    if (error instanceof YamlError) return {};
    throw error;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) out[key] = value === null ? '' : collapse(pyStr(value));
  return out;
}

const join = (a: string, b: string): string => (a === '' ? b : `${a}/${b}`);

/** What an outside folder holds, counted but not listed (PSYCHE.md 3.5). */
interface OutsideCount {
  entries: number;
  problems: number;
}

const plural = (n: number, one: string, many: string): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Scan one domain: entries in scan order (shelf by shelf) and the problems met on the way. Each real
 * folder is visited once per scan (a link back to one already visited is a problem, not a second
 * visit). A folder the store says lies outside the published folders is counted, not listed: one
 * problem says how many entry folders and problems it holds, and none of them is read.
 */
export async function scanCatalog(store: AgentStore, domain: CatalogDomain, problems: PsycheProblem[]): Promise<FoundEntry[]> {
  const { marker, kind, shelves } = CATALOGS[domain];
  const found: FoundEntry[] = [];
  const seen = new Set<string>();
  const visit = async (path: string): Promise<boolean> => {
    const key = store.folderKey ? await store.folderKey(path) : path;
    if (key === null) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  // `listed`: the folder's entries when the caller already listed it (a folder is listed once per visit).
  const walk = async (folder: string, shelf: CatalogShelf['shelf'], count: OutsideCount | null, listed?: AgentEntry[]): Promise<void> => {
    const children = listed ?? (await store.list(folder));
    if (!children) return;
    children.sort((a, b) => compareCodePoints(a.name, b.name));
    for (const child of children) {
      if (child.kind !== 'dir' || child.name.startsWith('.')) continue;
      const path = join(folder, child.name);
      if (!(await visit(path))) {
        if (count) count.problems++;
        else problems.push({ domain, path, reason: 'a link loop, not followed again' });
        continue;
      }
      if (!count && child.link && store.outside && (await store.outside(path))) {
        await countOutside(path, shelf);
        continue;
      }
      const inside = await store.list(path);
      const markerEntry = inside?.find((e) => e.name === marker);
      if (markerEntry?.kind === 'file') {
        if (count) {
          count.entries++;
          continue;
        }
        const location = join(path, marker);
        const read = asText(await store.read(location));
        if (!read.ok) {
          problems.push({ domain, path, reason: `cannot read ${marker}: ${read.reason === 'invalid_utf8' ? 'not valid UTF-8' : read.reason === 'too_large' ? `the file ${failWords(read)}` : 'the file could not be read'}` });
          continue;
        }
        if (read.outside !== undefined) {
          problems.push({ domain, path, reason: `${marker} lies outside the published folders (${plural(read.outside, 'byte', 'bytes')}): the entry is not listed here` });
          continue;
        }
        const fields = catalogFields(read.text);
        const name = fields['name'] ?? '';
        const description = fields['description'] ?? '';
        if (!name || !description) {
          problems.push({ domain, path, reason: `${marker} missing required frontmatter field: ${name ? 'description' : 'name'}` });
          continue;
        }
        found.push({ name, location, description, domain, shelf, folder: path, text: read.text });
        continue;
      }
      if (!inside) continue;
      if (inside.some((e) => e.kind !== 'dir' && !e.name.startsWith('.'))) {
        if (count) count.problems++;
        else problems.push({ domain, path, reason: `not a ${kind} (no ${marker}) and has loose files` });
        continue;
      }
      await walk(path, shelf, count, inside);
    }
  };
  const countOutside = async (folder: string, shelf: CatalogShelf['shelf']): Promise<void> => {
    const count: OutsideCount = { entries: 0, problems: 0 };
    await walk(folder, shelf, count);
    problems.push({ domain, path: folder, reason: `leads outside the published folders: ${plural(count.entries, `folder holding ${marker}`, `folders holding ${marker}`)} and ${plural(count.problems, 'problem', 'problems')}, not listed here` });
  };
  for (const { root, shelf } of shelves) {
    if (!(await visit(root))) {
      problems.push({ domain, path: root, reason: 'a link loop, not followed again' });
      continue;
    }
    if (store.outside && (await store.outside(root))) await countOutside(root, shelf);
    else await walk(root, shelf, null);
  }
  return found;
}

/** The catalog body without its preamble: an entry a block, joined by newlines, no trailing newline. */
export function catalogBody(entries: ReadonlyArray<Pick<FoundEntry, 'name' | 'location' | 'description'>>): string {
  const lines: string[] = [];
  for (const e of entries) {
    lines.push(`- name: ${e.name}`, `  location: ${e.location}`, '  description: |');
    for (const line of e.description.split(/\r\n|\r|\n/)) lines.push(line ? `    ${line}` : '    ');
  }
  return lines.join('\n');
}
