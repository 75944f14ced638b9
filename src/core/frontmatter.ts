import { YamlError, parseYaml } from './yaml.ts';

export type FrontmatterData = Record<string, unknown>;

export interface SplitNote {
  /** The parsed mapping; empty when the note has no frontmatter. */
  data: FrontmatterData;
  /** The YAML source between the fences, or null when the note has none. */
  yaml: string | null;
  /** Everything after the closing fence. */
  body: string;
}

/** Raised by splitFrontmatter; the loader turns it into frontmatter_invalid with the note and role. */
export class FrontmatterProblem extends Error {}

const FENCE = /^---[ \t]*\r?$/;

/** Where the fences are: the YAML between them and the body after, or null without an opening fence. */
function fences(text: string): { yaml: string; body: string } | null {
  const firstEnd = text.indexOf('\n');
  const firstLine = firstEnd < 0 ? text : text.slice(0, firstEnd);
  if (!FENCE.test(firstLine)) return null;
  if (firstEnd < 0) throw new FrontmatterProblem('the opening --- has no closing line');
  let start = firstEnd + 1;
  while (start <= text.length) {
    const end = text.indexOf('\n', start);
    const line = end < 0 ? text.slice(start) : text.slice(start, end);
    if (FENCE.test(line)) return { yaml: text.slice(firstEnd + 1, start), body: end < 0 ? '' : text.slice(end + 1) };
    if (end < 0) break;
    start = end + 1;
  }
  throw new FrontmatterProblem('the opening --- has no closing line');
}

/**
 * Split a note (BOM already dropped) into frontmatter and body.
 * No opening fence: no frontmatter. An opening fence with no closing one, YAML that
 * does not parse (alias bombs included) or that is not a mapping: FrontmatterProblem.
 */
export function splitFrontmatter(text: string): SplitNote {
  const found = fences(text);
  if (!found) return { data: {}, yaml: null, body: text };
  return { data: parseMapping(found.yaml), yaml: found.yaml, body: found.body };
}

/** Parsed mappings by YAML source: the same frontmatter parses to the same value. */
const parsed = new Map<string, FrontmatterData>();
const PARSED_MAX = 4096;

/**
 * The frontmatter the loader reads, parsed once per distinct YAML source: every soul's load
 * reads the shared core's frontmatter again, and the preview re-assembles on every edit. Keyed
 * by the source itself, so a changed note is a new key; a problem is not kept, it is found again.
 * The value is shared: never mutate it.
 */
export function frontmatterData(text: string): Readonly<FrontmatterData> {
  const found = fences(text);
  if (!found) return {};
  let data = parsed.get(found.yaml);
  if (!data) {
    data = parseMapping(found.yaml);
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(found.yaml, data);
  }
  return data;
}

function parseMapping(yaml: string): FrontmatterData {
  let value: unknown;
  try {
    // parseYaml caps alias expansion, so a "billion laughs" note fails fast instead of hanging.
    value = parseYaml(yaml);
  } catch (error) {
    if (!(error instanceof YamlError)) throw error;
    // +1: the YAML starts on the note's second line, after the opening fence.
    throw new FrontmatterProblem(`the YAML does not parse: line ${error.line + 1} of the note: ${error.reason}`);
  }
  if (value === null || value === undefined) return {};
  // Only a plain mapping: tags such as !!omap, !!set or !!binary give a Map, Set or bytes whose keys the loader would not see.
  const proto = typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto !== Object.prototype && proto !== null) throw new FrontmatterProblem('the YAML is not a mapping');
  return value as FrontmatterData;
}

export type PromptLoading = 'inline' | 'on-demand' | undefined;

/** The one key that decides whole or pointer; any other value is a problem, not a guess. */
export function promptLoading(data: Readonly<FrontmatterData>): PromptLoading {
  if (!('prompt_loading' in data)) return undefined;
  const value = data['prompt_loading'];
  if (value === 'inline' || value === 'on-demand') return value;
  throw new FrontmatterProblem(`prompt_loading must be "inline" or "on-demand", not ${JSON.stringify(value)}`);
}

/** A one-line string field (summary, title), or undefined when absent or not a string. */
export function stringField(data: FrontmatterData, key: string): string | undefined {
  const value = data[key];
  return typeof value === 'string' ? value : undefined;
}
