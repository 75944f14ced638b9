// Part 7 of `npm run bench`: the git store's cost. A generated family is committed, then edited commit by commit;
// every soul and preset is loaded at each of the last N commits through the git store, and once
// from the working tree through the fs store for comparison.
// CLI: node bench/history.ts [--souls 25] [--notes 200] [--commits 50] [--seed 1]
import { execFileSync } from 'node:child_process';
import { appendFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { listPresets, loadIdentity, requireFamily } from '../src/core/index.ts';
import type { VaultStore } from '../src/core/index.ts';
import { FsStore } from '../src/node/index.ts';
import { GitStore } from '../src/node/git-store.ts';
import { generateFamily, mulberry32, tempDir } from './generate.ts';
import type { FamilySpec, GeneratedFamily } from './generate.ts';
import { fmt, median, table } from './stats.ts';

export interface HistoryResult {
  notes: number;
  commits: number;
  loadsPerCommit: number;
  /** Per commit: opening the store (rev-parse + ls-tree) and every load, in ms. */
  openMs: number[];
  loadMs: number[];
  fsMs: number;
  setupMs: number;
}

/** Every soul without and with each preset, one after another; the number of loads. */
async function loadEvery(store: VaultStore): Promise<number> {
  const family = await requireFamily(store);
  let loads = 0;
  for (const soul of family.souls) {
    for (const preset of [null, ...(await listPresets(store, soul))]) {
      await loadIdentity({ store, soul, harness: 'bench', preset, discovered: family });
      loads++;
    }
  }
  return loads;
}

/**
 * Commit a generated family in a fresh repository at `dir` (which holds its vault root), then
 * `commits - 1` commits that each edit three notes anywhere in it, as a day's work might; packed.
 */
export function commitHistory(dir: string, family: GeneratedFamily, commits: number, seed: number): void {
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@soulpress.invalid', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@soulpress.invalid' };
  // No automatic gc in the background: it would hold the lock the explicit gc below needs.
  const git = (...args: string[]): void => void execFileSync('git', ['-c', 'gc.auto=0', ...args], { cwd: dir, env, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'the family');
  const rand = mulberry32(seed + 1);
  for (let c = 1; c < commits; c++) {
    for (let k = 0; k < 3; k++) appendFileSync(path.join(family.root, family.files[Math.floor(rand() * family.files.length)]!), `\nEdit ${c}.${k}.\n`);
    git('commit', '-q', '-a', '-m', `edit ${c}`);
  }
  git('gc', '-q');
}

export async function benchHistory(spec: FamilySpec, commits: number, log: (s: string) => void): Promise<HistoryResult> {
  const setup = performance.now();
  const out = tempDir('history');
  const family = generateFamily(spec, out);
  commitHistory(out, family, commits, spec.seed);
  const setupMs = performance.now() - setup;
  log(`7. history: ${fmt(family.files.length)} notes, ${commits} commits in ${fmt(setupMs / 1000, 1)} s`);

  const openMs: number[] = [];
  const loadMs: number[] = [];
  let loadsPerCommit = 0;
  for (let c = commits - 1; c >= 0; c--) {
    const t0 = performance.now();
    const store = await GitStore.open(family.root, `HEAD~${c}`);
    const t1 = performance.now();
    try {
      loadsPerCommit = await loadEvery(store);
    } finally {
      store.close();
    }
    openMs.push(t1 - t0);
    loadMs.push(performance.now() - t1);
  }
  const t = performance.now();
  await loadEvery(new FsStore(family.root));
  const fsMs = performance.now() - t;
  rmSync(out, { recursive: true, force: true });
  return { notes: family.files.length, commits, loadsPerCommit, openMs, loadMs, fsMs, setupMs };
}

export function historyTable(r: HistoryResult): string {
  const total = r.openMs.reduce((a, b) => a + b, 0) + r.loadMs.reduce((a, b) => a + b, 0);
  return table(
    ['', 'per commit (median)', 'per load', `all ${r.commits} commits`],
    [
      ['git store: open (rev-parse, ls-tree)', `${fmt(median(r.openMs))} ms`, '', `${fmt(r.openMs.reduce((a, b) => a + b, 0) / 1000, 1)} s`],
      [`git store: ${r.loadsPerCommit} loads`, `${fmt(median(r.loadMs))} ms`, `${fmt(median(r.loadMs) / r.loadsPerCommit, 1)} ms`, `${fmt(r.loadMs.reduce((a, b) => a + b, 0) / 1000, 1)} s`],
      ['git store: both', `${fmt(median(r.openMs) + median(r.loadMs))} ms`, '', `${fmt(total / 1000, 1)} s`],
      [`fs store: the same ${r.loadsPerCommit} loads, working tree, once`, `${fmt(r.fsMs)} ms`, `${fmt(r.fsMs / r.loadsPerCommit, 1)} ms`, ''],
    ],
  );
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { souls: { type: 'string', default: '25' }, notes: { type: 'string', default: '200' }, commits: { type: 'string', default: '50' }, seed: { type: 'string', default: '1' } } });
  const spec: FamilySpec = { souls: Number(values.souls), notesPerSoul: Number(values.notes), noteBytes: 1500, sharedCore: 40, guests: 0, seed: Number(values.seed) };
  const result = await benchHistory(spec, Number(values.commits), (s) => console.error(s));
  console.log(historyTable(result));
}
