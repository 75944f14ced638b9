// Part 7: `soul-vault check` over a large family and `soul-vault psyche --check` over many agents,
// each as the user runs it (the built bin, a new process, its start included), against a process
// that reads and hashes every note once (bench/read-floor.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fmt, median, table, verdict } from './stats.ts';

const REPO = path.resolve(import.meta.dirname, '..');
const BIN = path.join(REPO, 'lib/bin/soul-vault.js');
const FLOOR = path.join(import.meta.dirname, 'read-floor.ts');

export interface CheckRun {
  label: string;
  files: number;
  bytes: number;
  /** Wall ms of each run, in pairs: command then floor, the order alternating. */
  commandMs: number[];
  floorMs: number[];
  /** Median of the pairwise ratios: a load that comes and goes falls on both of a pair alike. */
  ratio: number;
  exit: number;
}

function timed(args: readonly string[]): { ms: number; code: number; stdout: string } {
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - start;
  if (r.error) throw r.error;
  return { ms, code: r.status ?? -1, stdout: r.stdout };
}

/**
 * One warm-up pair, then `pairs` pairs, each pair the command and the floor back to back (who goes
 * first alternates). The command's exit code is kept: a check that finds problems exits 1, which
 * is its answer, not a failure of the bench; a crash (no report) throws.
 */
export function benchCheck(label: string, args: readonly string[], dir: string, ext: string | undefined, pairs: number, log: (s: string) => void = () => {}): CheckRun {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build:lib first`);
  const command = [BIN, ...args];
  const floor = [FLOOR, dir, ...(ext ? ['--ext', ext] : [])];
  const first = timed(command);
  if (first.code !== 0 && first.code !== 1) throw new Error(`${label} exited ${first.code}`);
  const [files, bytes] = timed(floor).stdout.trim().split(' ').map(Number) as [number, number];
  const commandMs: number[] = [];
  const floorMs: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < pairs; i++) {
    let a = 0;
    let b = 0;
    if (i % 2 === 0) {
      a = timed(command).ms;
      b = timed(floor).ms;
    } else {
      b = timed(floor).ms;
      a = timed(command).ms;
    }
    commandMs.push(a);
    floorMs.push(b);
    ratios.push(a / b);
    log(`   pair ${i + 1}/${pairs}: ${label} ${fmt(a)} ms, floor ${fmt(b)} ms`);
  }
  return { label, files, bytes, commandMs, floorMs, ratio: median(ratios), exit: first.code };
}

export function checkTable(runs: readonly CheckRun[], goal: number): string {
  return [
    table(
      ['command', 'files under the root', 'MB', 'command ms (median)', 'floor ms (median)', 'command / floor (median of pairs)', `goal ${goal}x`],
      runs.map((r) => [r.label, fmt(r.files), fmt(r.bytes / 1e6, 1), fmt(median(r.commandMs)), fmt(median(r.floorMs)), fmt(r.ratio, 2), verdict(r.ratio <= goal)]),
    ),
  ].join('\n');
}
