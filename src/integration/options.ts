import path from 'node:path';
import { agentsRoot, agentsRootNamed, vaultRoot } from '../node/index.ts';
import type { ModelPrice, SiteOptions } from '../data/types.ts';
import { AstroError } from 'astro/errors';

/** A wrong option: its message and a hint, no stack trace. */
class OptionError extends AstroError {
  constructor(message: string, hint: string) {
    super(message, hint);
    this.name = 'OptionError';
    this.stack = '';
  }
}

/** What a user sets in astro.config: every field optional. */
export interface SoulpressOptions {
  /** The vault root: a folder of vaults. Default: $SOUL_VAULT_DIR, else content/vaults. */
  vault?: string;
  /** The family name. Default: from the one `*-shared` vault, else cwkpippa. */
  family?: string;
  /** The harness every bundle is loaded for. Default: webui. */
  harness?: string;
  /** Harness ids the live preview offers besides `harness`. Default: webui, cli, api, ide. */
  harnesses?: string[];
  /** The site title. Default: Soulpress. */
  title?: string;
  /** The agents root: one folder per LingTai agent. Default: $SOULPRESS_AGENTS, else content/agents (missing: no agents). */
  agents?: string;
  /**
   * Folders outside the agents root whose files an agent page may publish (PSYCHE.md 3.5): a pin,
   * pointer or catalog folder leading anywhere else is shown by size only. Default:
   * $SOULPRESS_AGENTS_PUBLISH (paths separated as in PATH), else none.
   */
  agentsPublish?: string[];
  /** Write a Pagefind search index and show the search page. Default: true, or $SOULPRESS_SEARCH=off to skip. */
  search?: boolean;
  /**
   * History pages from the git repository holding the vault root: `false` for none, or how many of
   * the commits that touched the vault root they cover. Default: 100, or $SOULPRESS_HISTORY (`off`, or a number).
   */
  history?: boolean | { depth: number };
  /** The models whose cost each soul page shows, in US dollars per million tokens. Default: DEFAULT_PRICES; [] shows none. */
  prices?: ModelPrice[];
}

/**
 * List prices for input tokens, USD per million, as the providers published them (read 2026-12-01;
 * docs/decisions.md, "Tokens and cost", says where). Prices change: set `prices` for your models.
 */
export const DEFAULT_PRICES: ModelPrice[] = [
  {
    provider: 'OpenAI',
    model: 'gpt-5.4',
    exactTokens: true,
    input: 2.5,
    cacheRead: 0.25,
    cacheWrite: null,
    source: 'developers.openai.com/api/docs/pricing (standard tier, short context), as of 2026-06',
  },
  {
    provider: 'Anthropic',
    model: 'Claude Sonnet 5',
    exactTokens: false,
    input: 2,
    cacheRead: 0.2,
    cacheWrite: 2.5,
    source: 'platform.claude.com/docs/en/models/sonnet-5/overview (5-minute cache write), read 2026-12-01',
  },
];

export const DEFAULT_HARNESS = 'webui';
export const DEFAULT_TITLE = 'Soulpress';
export const DEFAULT_HISTORY_DEPTH = 100;

/** The history depth from the option, else the environment; 0 is off. A depth that is not a whole number is a named error. */
function historyDepth(option: SoulpressOptions['history'], env: NodeJS.ProcessEnv): number {
  const given = option ?? env['SOULPRESS_HISTORY'];
  if (given === undefined || given === true || given === '' || given === 'on') return DEFAULT_HISTORY_DEPTH;
  if (given === false || given === 'off') return 0;
  const depth = typeof given === 'object' ? given.depth : Number(given);
  if (!Number.isInteger(depth) || depth < 0) throw new OptionError(`Soulpress: the history depth must be a whole number of commits (0 turns history off), not ${JSON.stringify(typeof given === 'object' ? given.depth : given)}`, 'Set soulpress({ history: { depth: 100 } }), history: false, or SOULPRESS_HISTORY=off or a number.');
  return depth;
}

/** Options resolved against the project root (the vault folder) and the environment. */
export function resolveOptions(options: SoulpressOptions, root: string, env: NodeJS.ProcessEnv = process.env): SiteOptions {
  return {
    vault: vaultRoot(options.vault, env, root),
    agents: agentsRoot(options.agents, env, root),
    agentsNamed: agentsRootNamed(options.agents, env),
    agentsPublish: (options.agentsPublish ?? (env['SOULPRESS_AGENTS_PUBLISH'] ?? '').split(path.delimiter)).filter((p) => p !== '').map((p) => path.resolve(root, p)),
    family: options.family || undefined,
    harness: options.harness?.trim() || DEFAULT_HARNESS,
    harnesses: options.harnesses?.map((h) => h.trim()).filter((h) => h !== ''),
    title: options.title?.trim() || DEFAULT_TITLE,
    search: options.search ?? env['SOULPRESS_SEARCH'] !== 'off',
    cacheDir: null,
    historyDepth: historyDepth(options.history, env),
    prices: options.prices ?? DEFAULT_PRICES,
  };
}
