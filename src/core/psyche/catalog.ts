// The knowledge and skills catalogs (PSYCHE.md 2.2): a folder holding the marker file is an entry,
// a folder of loose files without one is a problem, anything else is descended into.
import { compareCodePoints } from '../order.ts';
import { YamlError, parseYaml } from '../yaml.ts';
import { asText, collapse, failWords } from './read-text.ts';
import type { AgentStore } from './store.ts';
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

/** Python's str() of a YAML scalar, as LingTai's coercion gives it. */
function pyStr(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value === true) return 'True';
  if (value === false) return 'False';
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Frontmatter fields as LingTai reads them: collapsed strings; no match, bad YAML or no mapping give none. */
export function catalogFields(text: string): Record<string, string> {
  const match = FRONTMATTER.exec(text);
  if (!match) return {};
  let data: unknown;
  try {
    data = parseYaml(match[1]!);
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
  const walk = async (folder: string, shelf: CatalogShelf['shelf'], count: OutsideCount | null): Promise<void> => {
    const children = await store.list(folder);
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
      await walk(path, shelf, count);
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
