// The integration's options: one strict schema, and beside it every option's environment variable and
// default, so `soulpress()`, `soulpress.config.json` and the `soulpress` command read options one way.
import path from 'node:path';
import { z } from 'astro/zod';
import { AstroError } from 'astro/errors';
import type { ModelPrice, SiteOptions } from '../data/types.ts';
import { DEFAULT_FOLDERS, defaultFolder } from '../node/default-folders.ts';
import { DEFAULT_PRICES } from '../data/prices.ts';

/** A wrong option: its message and a hint, no stack trace. */
export class OptionError extends AstroError {
  constructor(message: string, hint: string) {
    super(message, hint);
    this.name = 'OptionError';
    this.stack = '';
  }
}

// The default price table lives with the data, so the CLI reads it without the schema.
export { DEFAULT_PRICES };

export const DEFAULT_HARNESS = 'webui';
export const DEFAULT_TITLE = 'Soulpress';
export const DEFAULT_HISTORY_DEPTH = 100;

const folder = z.string().trim().min(1, 'must name a folder');
const price = z.strictObject({
  provider: z.string().min(1),
  model: z.string().min(1),
  exactTokens: z.boolean(),
  input: z.number().nonnegative(),
  cacheRead: z.number().nonnegative(),
  cacheWrite: z.number().nonnegative().nullable(),
  source: z.string(),
});

/** Every option a user sets in `soulpress({...})` or soulpress.config.json: all optional, no other key. */
export const optionsSchema = z.strictObject({
  /** The vault root: a folder of vaults. */
  vault: folder.optional(),
  /** The agents root: one folder per LingTai agent. */
  agents: folder.optional(),
  /**
   * Folders outside the agents root whose files an agent page may publish (PSYCHE.md 3.5): a pin,
   * pointer or catalog folder leading anywhere else is shown by size only.
   */
  agentsPublish: z.array(folder).optional(),
  /** The lessons folder: MDX files. */
  lessons: folder.optional(),
  /** The family name; found from the one `*-shared` vault when omitted. */
  family: z.string().trim().min(1).optional(),
  /** The harness every bundle is loaded for. */
  harness: z.string().trim().min(1).optional(),
  /** Harness ids the live preview offers besides `harness`. */
  harnesses: z.array(z.string().trim().min(1)).optional(),
  /** The site title. */
  title: z.string().trim().min(1).optional(),
  /** The public origin the sitemap and shared links name, as Astro's `site`. */
  site: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://example.org' }).optional(),
  /** The path the site is served under, as Astro's `base` (`/my-repo` on GitHub Pages). */
  base: z.string().regex(/^\/[^?#\s]*$/, 'must be a path that starts with "/"').optional(),
  /** Write a Pagefind search index and show the search page. */
  search: z.boolean().optional(),
  /** Draw a share image (og:image) for each soul, preset, guest and agent page; needs `site`. */
  shareImages: z.boolean().optional(),
  /** History pages: false for none, true or `{ depth }` for the newest commits that touched the vault root. */
  history: z.union([z.boolean(), z.strictObject({ depth: z.int().min(0, 'must be 0 (off) or more commits') })], { error: 'must be true, false or { depth: N }' }).optional(),
  /** The models whose cost each soul page shows, in US dollars per million tokens; [] shows none. */
  prices: z.array(price).optional(),
  /** Where a build keeps what the next one reuses (rendered notes, token counts, search shards). */
  cacheDir: folder.optional(),
});

export type SoulpressOptions = z.input<typeof optionsSchema>;
type OptionName = keyof SoulpressOptions;

/** Each option's environment variable, read when the option is not set. */
export const OPTION_ENV: Partial<Record<OptionName, string>> = {
  vault: 'SOUL_VAULT_DIR',
  agents: 'SOULPRESS_AGENTS',
  agentsPublish: 'SOULPRESS_AGENTS_PUBLISH',
  lessons: 'SOULPRESS_LESSONS',
  family: 'SOULPRESS_FAMILY',
  harness: 'SOULPRESS_HARNESS',
  title: 'SOULPRESS_TITLE',
  site: 'SOULPRESS_SITE',
  base: 'SOULPRESS_BASE',
  search: 'SOULPRESS_SEARCH',
  shareImages: 'SOULPRESS_SHARE_IMAGES',
  history: 'SOULPRESS_HISTORY',
  cacheDir: 'SOULPRESS_CACHE_DIR',
};

/** What the site build and the integration need, every default applied. */
export interface ResolvedOptions extends SiteOptions {
  lessons: string;
  site: string | undefined;
  base: string | undefined;
  /** Set by the option or its variable; null leaves Astro's own cache folder. */
  ownCacheDir: string | null;
  /** Whether the agents root was named (option or variable): a named root that is missing is an error, the default may be absent. */
  agentsNamed: boolean;
}

function describe(issue: z.core.$ZodIssue, source: (key: string) => string): string {
  if (issue.code === 'unrecognized_keys') {
    const known = Object.keys(optionsSchema.shape);
    return issue.keys.map((k) => `${JSON.stringify(k)} is not a Soulpress option${near(k, known)}`).join('; ');
  }
  const key = issue.path.map(String).join('.');
  return `${source(key)} ${issue.message.replace(/^Invalid input: /, '')}`;
}

/** A known name close to a misspelt one: same letters but one, or one apart. */
function near(key: string, known: string[]): string {
  const lower = key.toLowerCase();
  const found = known.find((k) => k.toLowerCase() === lower || distance(k.toLowerCase(), lower) <= 2);
  return found ? ` (did you mean "${found}"?)` : ` (options: ${known.join(', ')})`;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const here = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = here;
    }
  }
  return row[b.length]!;
}

/** Check options against the schema; `from` names where they came from (`soulpress()`, a file, the environment). */
export function checkOptions(input: unknown, from: string, source: (key: string) => string = (k) => `option "${k}"`): SoulpressOptions {
  const result = optionsSchema.safeParse(input ?? {});
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => describe(i, source));
  throw new OptionError(`Soulpress: ${from}: ${problems.join('; ')}`, `The options are ${Object.keys(optionsSchema.shape).join(', ')}; the README's "Options" table says what each takes.`);
}

/** The options the environment sets, as option values (`off`/`on` for switches, a number for the history depth). */
export function envOptions(env: NodeJS.ProcessEnv): SoulpressOptions {
  const raw: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(OPTION_ENV) as [OptionName, string][]) {
    const value = env[variable];
    if (value === undefined || value === '') continue;
    if (name === 'search' || name === 'shareImages' || name === 'history') {
      const depth = name === 'history' && /^\d+$/.test(value) ? { depth: Number(value) } : undefined;
      if (value !== 'on' && value !== 'off' && depth === undefined) {
        const takes = name === 'history' ? 'off, on or a whole number of commits' : 'off or on';
        throw new OptionError(`Soulpress: $${variable} must be ${takes}, not ${JSON.stringify(value)}`, `Unset ${variable} or give it one of: ${takes}.`);
      }
      raw[name] = depth ?? value === 'on';
    } else if (name === 'agentsPublish') raw[name] = value.split(path.delimiter).filter((p) => p !== '');
    else raw[name] = value;
  }
  const byOption = Object.fromEntries(Object.entries(OPTION_ENV).map(([o, v]) => [o, v]));
  return checkOptions(raw, 'the environment', (key) => `$${byOption[key.split('.')[0]!] ?? key}`);
}

/** Options resolved against the project root: the option, else its environment variable, else the default. */
export function resolveOptions(options: SoulpressOptions, root: string, env: NodeJS.ProcessEnv = process.env): ResolvedOptions {
  const given = checkOptions(options, 'soulpress()');
  const fromEnv = envOptions(env);
  const o: SoulpressOptions = { ...fromEnv, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) };
  const dir = (name: keyof typeof DEFAULT_FOLDERS): string => (o[name] ? path.resolve(root, o[name]) : defaultFolder(name, root));
  const history = o.history ?? true;
  return {
    vault: dir('vault'),
    agents: dir('agents'),
    agentsNamed: o.agents !== undefined,
    agentsPublish: (o.agentsPublish ?? []).map((p) => path.resolve(root, p)),
    lessons: dir('lessons'),
    family: o.family,
    harness: o.harness ?? DEFAULT_HARNESS,
    harnesses: o.harnesses,
    title: o.title ?? DEFAULT_TITLE,
    site: o.site,
    base: o.base,
    search: o.search ?? true,
    shareImages: o.shareImages ?? true,
    historyDepth: history === true ? DEFAULT_HISTORY_DEPTH : history === false ? 0 : history.depth,
    prices: o.prices ?? DEFAULT_PRICES,
    cacheDir: null,
    ownCacheDir: o.cacheDir ? path.resolve(root, o.cacheDir) : null,
  };
}
