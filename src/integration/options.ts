import { agentsRoot, vaultRoot } from '../node/index.ts';
import type { SiteOptions } from '../data/types.ts';

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
  /** Write a Pagefind search index and show the search page. Default: true, or $SOULPRESS_SEARCH=off to skip. */
  search?: boolean;
}

export const DEFAULT_HARNESS = 'webui';
export const DEFAULT_TITLE = 'Soulpress';

/** Options resolved against the project root (the vault folder) and the environment. */
export function resolveOptions(options: SoulpressOptions, root: string, env: NodeJS.ProcessEnv = process.env): SiteOptions {
  return {
    vault: vaultRoot(options.vault, env, root),
    agents: agentsRoot(options.agents, env, root),
    family: options.family || undefined,
    harness: options.harness?.trim() || DEFAULT_HARNESS,
    harnesses: options.harnesses?.map((h) => h.trim()).filter((h) => h !== ''),
    title: options.title?.trim() || DEFAULT_TITLE,
    search: options.search ?? env['SOULPRESS_SEARCH'] !== 'off',
    cacheDir: null,
  };
}
