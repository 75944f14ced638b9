// Part 1: loadIdentity over every soul of a family, against the physical floor of
// reading the same bytes the same number of times and hashing them, in this process.
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { discoverFamily, loadIdentity } from '../src/core/index.ts';
import type { Bundle } from '../src/core/index.ts';
import { FsStore } from '../src/node/index.ts';
import { generateFamily, tempDir } from './generate.ts';
import type { FamilySpec, GeneratedFamily } from './generate.ts';
import { fmt, median, table, verdict } from './stats.ts';

export type HashApi = 'webcrypto' | 'node';

export interface RunTotals {
  notes: number;
  bytes: number;
}

export interface LoaderResult {
  spec: FamilySpec;
  iterations: number;
  /** Notes read per iteration (every soul's load; the shared notes once per soul). */
  notes: number;
  bytes: number;
  loaderMs: number;
  webcryptoMs: number;
  nodeMs: number;
  ratio: number;
  ratioNode: number;
  goal: number;
}

/** What one soul's load read: its documents that have a revision (an absent optional note has none). */
function readBy(bundle: Bundle): RunTotals {
  let notes = 0;
  let bytes = 0;
  for (const doc of bundle.documents) {
    if (doc.revision === '') continue;
    notes++;
    bytes += doc.bytes;
  }
  return { notes, bytes };
}

/** One pass of the loader: discover once (as the site does), then load every soul in turn. */
export async function loaderPass(root: string): Promise<RunTotals> {
  const store = new FsStore(root);
  const discovered = await discoverFamily(store);
  const total = { notes: 0, bytes: 0 };
  for (const soul of discovered.souls) add(total, readBy(await loadIdentity({ store, soul, harness: 'bench', discovered })));
  return total;
}

function add(total: RunTotals, more: RunTotals): void {
  total.notes += more.notes;
  total.bytes += more.bytes;
}

async function hashBytes(bytes: Uint8Array, api: HashApi): Promise<string> {
  if (api === 'node') return createHash('sha256').update(bytes).digest('hex');
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Buffer.from(digest).toString('hex');
}

async function mdUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && e.name.endsWith('.md')).map((e) => path.join(e.parentPath, e.name));
}

/**
 * The floor for one soul: list the folders its load walks, then read and hash every file its
 * load reads, all in parallel. Same files, same count, no parsing, no checks.
 */
export async function baselineSoul(family: GeneratedFamily, soul: string, api: HashApi): Promise<RunTotals> {
  const shared = path.join(family.root, family.shared);
  const dir = path.join(family.root, soul);
  const top = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile() && e.name.endsWith('.md')).map((e) => path.join(dir, e.name));
  const lists = await Promise.all([mdUnder(path.join(shared, 'core')), mdUnder(path.join(dir, 'core')), mdUnder(path.join(dir, 'index'))]);
  const files = [...top, path.join(shared, 'instructions.md'), path.join(shared, 'index', 'core-index.md'), ...lists.flat()];
  const sizes = await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      await hashBytes(data, api);
      return data.byteLength;
    }),
  );
  return { notes: sizes.length, bytes: sizes.reduce((a, b) => a + b, 0) };
}

type RunName = 'loader' | 'webcrypto' | 'node';

/**
 * Warm up once, then time the three runs interleaved soul by soul (rotating who goes first),
 * so a background load that comes and goes lands on all three alike; medians over iterations.
 */
export async function benchLoader(family: GeneratedFamily, spec: FamilySpec, iterations: number, log: (s: string) => void = () => {}): Promise<LoaderResult> {
  const order: RunName[] = ['loader', 'webcrypto', 'node'];
  const once = async (record: (name: RunName, ms: number, read: RunTotals) => void, i: number): Promise<void> => {
    const store = new FsStore(family.root);
    let start = performance.now();
    const discovered = await discoverFamily(store);
    record('loader', performance.now() - start, { notes: 0, bytes: 0 });
    for (const [k, soul] of family.souls.entries()) {
      for (let j = 0; j < order.length; j++) {
        const name = order[(i + k + j) % order.length]!;
        start = performance.now();
        const read = name === 'loader' ? readBy(await loadIdentity({ store, soul: soul.id, harness: 'bench', discovered })) : await baselineSoul(family, soul.id, name);
        record(name, performance.now() - start, read);
      }
    }
  };
  const totals: Record<RunName, RunTotals> = { loader: { notes: 0, bytes: 0 }, webcrypto: { notes: 0, bytes: 0 }, node: { notes: 0, bytes: 0 } };
  await once((name, _ms, read) => add(totals[name], read), 0);
  const l = totals.loader;
  // The comparison is only fair if all read the same bytes the same number of times.
  for (const name of ['webcrypto', 'node'] as const) {
    if (totals[name].notes !== l.notes || totals[name].bytes !== l.bytes) throw new Error(`the ${name} floor reads ${totals[name].notes} notes / ${totals[name].bytes} bytes but the loader reads ${l.notes} / ${l.bytes}`);
  }
  const times: Record<RunName, number[]> = { loader: [], webcrypto: [], node: [] };
  for (let i = 0; i < iterations; i++) {
    const pass: Record<RunName, number> = { loader: 0, webcrypto: 0, node: 0 };
    await once((name, ms) => (pass[name] += ms), i);
    for (const name of order) times[name].push(pass[name]);
    log(`  loader iteration ${i + 1}/${iterations}: loader ${fmt(pass.loader)} ms, webcrypto floor ${fmt(pass.webcrypto)} ms, node:crypto floor ${fmt(pass.node)} ms`);
  }
  const loaderMs = median(times.loader);
  const webcryptoMs = median(times.webcrypto);
  const nodeMs = median(times.node);
  return { spec, iterations, notes: l.notes, bytes: l.bytes, loaderMs, webcryptoMs, nodeMs, ratio: loaderMs / webcryptoMs, ratioNode: loaderMs / nodeMs, goal: 1.5 };
}

export function loaderTable(r: LoaderResult): string {
  const row = (name: string, ms: number, ratio: string): string[] => [name, fmt(ms), fmt((r.notes / ms) * 1000), fmt(r.bytes / 1e3 / ms, 1), ratio];
  return [
    `${r.spec.souls} souls x ${r.spec.notesPerSoul} notes (~${r.spec.noteBytes} B each), shared core ${r.spec.sharedCore} notes; one pass loads every soul: ${fmt(r.notes)} note reads, ${fmt(r.bytes / 1e6, 1)} MB. Median of ${r.iterations} passes after a warm-up pass; the three runs are interleaved soul by soul, each going first in turn.`,
    '',
    table(
      ['run', 'ms / pass', 'notes/s', 'MB/s', 'loader / this'],
      [
        row('`loadIdentity` (FsStore, which hands the core the node:crypto SHA-256 of each note it reads)', r.loaderMs, '1.00'),
        row('floor: readdir + readFile + WebCrypto SHA-256', r.webcryptoMs, fmt(r.ratio, 2)),
        row('floor: readdir + readFile + node:crypto SHA-256', r.nodeMs, fmt(r.ratioNode, 2)),
      ],
    ),
    '',
    `Goal: loader within ${r.goal}x of the node:crypto floor (the lower one): ${fmt(r.ratioNode, 2)}x, ${verdict(r.ratioNode <= r.goal)}.`,
  ].join('\n');
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      souls: { type: 'string', default: '100' },
      notes: { type: 'string', default: '200' },
      size: { type: 'string', default: '1500' },
      shared: { type: 'string', default: '40' },
      seed: { type: 'string', default: '1' },
      iterations: { type: 'string', default: '5' },
    },
  });
  const spec: FamilySpec = { souls: Number(values.souls), notesPerSoul: Number(values.notes), noteBytes: Number(values.size), sharedCore: Number(values.shared), guests: 0, seed: Number(values.seed) };
  const family = generateFamily(spec, tempDir('loader'));
  console.log(loaderTable(await benchLoader(family, spec, Number(values.iterations), console.log)));
  rmSync(path.dirname(family.root), { recursive: true, force: true });
}
