// The site options both data paths load the vault with: the vault under BENCH_NOTES_DIR, no agents, no search.
import path from 'node:path';
import type { SiteOptions } from '../../src/data/types.ts';
import { DEFAULT_PRICES } from '../../src/integration/options.ts';

export function benchSiteOptions(): SiteOptions {
  const vault = process.env['BENCH_NOTES_DIR'];
  if (!vault) throw new Error('BENCH_NOTES_DIR must name the vault root');
  return { vault, agents: path.join(vault, '..', 'no-agents'), harness: 'webui', title: 'bench', search: false, cacheDir: null, prices: DEFAULT_PRICES, historyDepth: 0 };
}
