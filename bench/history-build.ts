// Part 8 of `npm run bench`: what the history pages cost a build. The sample family built inside
// its own repository, and a generated family committed with a short history, each built with
// history off and on (search off in both: the search index is not what is measured here).
// CLI: node bench/history-build.ts [--souls 25] [--commits 20]
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runBuild } from './build.ts';
import type { BuildRun } from './build.ts';
import { generateFamily, tempDir } from './generate.ts';
import type { FamilySpec, GeneratedFamily } from './generate.ts';
import { commitHistory } from './history.ts';
import { fmt, table } from './stats.ts';

const REPO = path.resolve(import.meta.dirname, '..');
const SAMPLE = path.join(REPO, 'content/vaults');

export interface HistoryBuildRow {
  name: string;
  notes: number;
  commits: number;
  off: BuildRun;
  on: BuildRun;
}

/** Commits that touched a vault root, as the history pages count them (capped at their default depth). */
function commitsTouching(root: string): number {
  const out = execFileSync('git', ['log', '--max-count=100', '--format=%H', '--', '.'], { cwd: root, encoding: 'utf8' });
  return out.split('\n').filter(Boolean).length;
}

async function offAndOn(name: string, family: GeneratedFamily, work: string): Promise<HistoryBuildRow> {
  const dir = (label: string): { outDir: string; cacheDir: string } => ({ outDir: path.join(work, label, 'dist'), cacheDir: path.join(work, label, 'cache') });
  const off = await runBuild({ project: 'soulpress', family, ...dir(`${name}-off`), env: { SOULPRESS_SEARCH: 'off', SOULPRESS_HISTORY: 'off' } });
  const on = await runBuild({ project: 'soulpress', family, ...dir(`${name}-on`), env: { SOULPRESS_SEARCH: 'off', SOULPRESS_HISTORY: '100' } });
  for (const label of [`${name}-off`, `${name}-on`]) rmSync(path.join(work, label), { recursive: true, force: true });
  return { name, notes: family.files.length, commits: commitsTouching(family.root), off, on };
}

/** `work` must be inside the repository (bench/tmp/): Astro's server chunks resolve packages from there. */
export async function benchHistoryBuilds(spec: FamilySpec, commits: number, work: string, log: (s: string) => void): Promise<HistoryBuildRow[]> {
  const rows: HistoryBuildRow[] = [];
  const files = readdirSync(SAMPLE, { recursive: true }).map(String).filter((f) => f.endsWith('.md'));
  const sample: GeneratedFamily = { root: SAMPLE, family: 'cwkpippa', shared: 'cwkpippa-shared', sharedNotes: [], souls: [], guests: [], files, bytes: 0 };
  log('8. history builds: the sample family in its repository, history off, then on');
  rows.push(await offAndOn('sample', sample, work));
  const out = tempDir('history-build');
  const family = generateFamily(spec, out, SAMPLE);
  commitHistory(out, family, commits, spec.seed);
  log(`8. history builds: ${fmt(family.files.length)} notes with ${commits} commits, history off, then on`);
  rows.push(await offAndOn('generated', family, work));
  rmSync(out, { recursive: true, force: true });
  return rows;
}

export function historyBuildTable(rows: HistoryBuildRow[]): string {
  const s = (r: BuildRun): string => (r.ok ? `${fmt(r.wallMs / 1000, 1)} s` : `failed: ${r.error}`);
  const cpu = (r: BuildRun): string => (r.ok ? `${fmt(r.cpuMs / 1000, 1)} s` : '');
  const ratio = (a: number, b: number): string => (Number.isFinite(a / b) ? `${fmt(a / b, 2)}x` : '');
  return table(
    ['vault', 'notes', 'commits shown', 'wall: off', 'wall: on', 'on / off', 'CPU: off', 'CPU: on', 'on / off', 'pages off / on'],
    rows.map((r) => [r.name, fmt(r.notes), fmt(r.commits), s(r.off), s(r.on), ratio(r.on.wallMs, r.off.wallMs), cpu(r.off), cpu(r.on), ratio(r.on.cpuMs, r.off.cpuMs), `${fmt(r.off.pages)} / ${fmt(r.on.pages)}`]),
  );
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { souls: { type: 'string', default: '25' }, commits: { type: 'string', default: '20' }, seed: { type: 'string', default: '1' } } });
  const spec: FamilySpec = { souls: Number(values.souls), notesPerSoul: 200, noteBytes: 1500, sharedCore: 40, guests: 2, seed: Number(values.seed) };
  const work = path.join(import.meta.dirname, 'tmp', `history-build-${process.pid}`);
  const rows = await benchHistoryBuilds(spec, Number(values.commits), work, (s) => console.error(s));
  rmSync(work, { recursive: true, force: true });
  console.log(historyBuildTable(rows));
}
