// Parts 2, 3 and 5: the site build against plain Astro, scaling, and a rebuild after one edit.
// Every build runs as its own child process (bench/build-child.ts) with a fresh cache folder,
// so each is cold unless it is the rebuild, and its peak RSS is its own.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { GeneratedFamily } from './generate.ts';
import { fmt, mb, table, verdict } from './stats.ts';
import { sampleThreads } from './threads.ts';
import type { ThreadCpu } from './threads.ts';

const REPO = path.resolve(import.meta.dirname, '..');
const CHILD = path.join(import.meta.dirname, 'build-child.ts');
export const PLAIN_ROOT = path.join(import.meta.dirname, 'plain-astro');

export type Project = 'soulpress' | 'plain' | 'starlight';
export const STARLIGHT_ROOT = path.join(import.meta.dirname, 'starlight');

export interface BuildRun {
  project: Project;
  notes: number;
  pages: number;
  /** Spawn to exit: what `astro build` costs a user, Node and Astro start-up included. */
  wallMs: number;
  /** build() alone, inside the child. */
  buildMs: number;
  maxRssBytes: number;
  /** CPU time of the build process, all its threads (not child processes such as Pagefind's). */
  cpuMs: number;
  /** Where the child's time went, in ms; NaN where a hook did not fire. */
  phases: Phases;
  /** CPU seconds by thread and child process, sampled from /proc (bench/threads.ts); null where there is none. */
  threads: ThreadCpu | null;
  ok: boolean;
  error?: string;
}

/** Where a build's time went, from the hooks bench/build-child.ts marks (ms). */
export interface Phases {
  /** Node start and importing Astro. */
  startup: number;
  /** Astro's config and the integrations' astro:config:setup (Soulpress loads and renders the vault here). */
  setup: number;
  /** Content layer sync and types, up to astro:build:start. */
  sync: number;
  /** Vite/Rolldown bundling and rendering every page, up to astro:build:generated. */
  bundleRender: number;
  /** The integrations' astro:build:done hooks (Soulpress's search index, the sitemap). */
  afterBuild: number;
}

const NO_PHASES: Phases = { startup: NaN, setup: NaN, sync: NaN, bundleRender: NaN, afterBuild: NaN };

function phasesOf(r: { startedAt: number; endedAt: number; marks: Record<string, number | undefined> }): Phases {
  const m = r.marks;
  const at = (k: string): number => m[k] ?? NaN;
  return {
    startup: r.startedAt,
    setup: at('configSetup') - r.startedAt,
    sync: at('buildStart') - at('configSetup'),
    bundleRender: at('generated') - at('buildStart'),
    afterBuild: r.endedAt - at('generated'),
  };
}

export interface BuildOptions {
  project: Project;
  family: GeneratedFamily;
  outDir: string;
  cacheDir: string;
  /** Node flags for the child, e.g. --cpu-prof. */
  nodeArgs?: string[];
  /** Extra environment for the child, e.g. SOULPRESS_SEARCH=off. */
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Keep what an earlier build left in outDir and cacheDir (a rebuild); by default every build is cold. */
  warm?: boolean;
  /** Another project folder to build (an experiment under bench/), instead of the project's own. */
  root?: string;
  /** How to clear an outDir or a cold build's cache folder (the run moves them aside); default: delete. */
  discard?: (dir: string) => void;
}

function countPages(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.html')).length;
}

/** One build in a child process; a failed build is reported, not thrown, so the report says why. */
export async function runBuild(o: BuildOptions): Promise<BuildRun> {
  // The server chunks Astro runs while prerendering import packages by name: they resolve only
  // from inside the repo (bench/tmp/ is ignored by git).
  if (path.relative(REPO, o.outDir).startsWith('..')) throw new Error(`outDir must be inside ${REPO}, e.g. bench/tmp/: ${o.outDir}`);
  const clear = o.discard ?? ((dir: string) => rmSync(dir, { recursive: true, force: true }));
  // A cold build starts from an empty outDir and cache folder: Astro's page and content caches and
  // Soulpress's rendered notes and search shards would otherwise make a second run of the same build a
  // rebuild. A rebuild keeps both, as running `astro build` again in a project does.
  if (!o.warm && existsSync(o.outDir)) clear(o.outDir);
  if (!o.warm && existsSync(o.cacheDir)) clear(o.cacheDir);
  mkdirSync(o.cacheDir, { recursive: true });
  const root = o.root ?? { soulpress: REPO, plain: PLAIN_ROOT, starlight: STARLIGHT_ROOT }[o.project];
  const env = { ...process.env, SOUL_VAULT_DIR: o.family.root, BENCH_NOTES_DIR: o.family.root, ASTRO_TELEMETRY_DISABLED: '1', ...o.env };
  const started = performance.now();
  // Astro writes its server chunks (.prerender/) inside outDir only when outDir is inside the
  // working folder, else into <cwd>/.astro: run from outDir's parent so no build touches the repo's.
  const cwd = path.dirname(o.outDir);
  const child = spawn(process.execPath, [...(o.nodeArgs ?? []), CHILD, root, o.outDir, o.cacheDir], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const sampler = child.pid === undefined ? null : sampleThreads(child.pid);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 600_000);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  const threads = sampler?.stop() ?? null;
  const wallMs = performance.now() - started;
  const last = stdout.trim().split('\n').at(-1) ?? '';
  const base = { project: o.project, notes: o.family.files.length, pages: countPages(o.outDir), wallMs, threads };
  if (code !== 0 || !last.startsWith('{')) {
    const why = (stderr || stdout).trim().split('\n').filter(Boolean).slice(-6).join(' / ');
    return { ...base, buildMs: NaN, maxRssBytes: NaN, cpuMs: NaN, phases: NO_PHASES, ok: false, error: `exit ${code}: ${why.slice(0, 400)}` };
  }
  const record = JSON.parse(last) as { buildMs: number; maxRssBytes: number; cpuMs: number; startedAt: number; endedAt: number; marks: Record<string, number> };
  return { ...base, buildMs: record.buildMs, maxRssBytes: record.maxRssBytes, cpuMs: record.cpuMs, phases: phasesOf(record), ok: true };
}

export function pagesPerSecond(r: BuildRun): number {
  return r.ok ? r.pages / (r.wallMs / 1000) : NaN;
}

/**
 * `fn` run beside `count` busy loops: child processes of the bench at the default priority, in its
 * session, so they share its scheduling group as a user's other work would. Each is stopped after.
 */
export async function besideBusyLoops<T>(count: number, fn: () => Promise<T>): Promise<T> {
  const loops = Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  try {
    return await fn();
  } finally {
    for (const loop of loops) loop.kill('SIGKILL');
  }
}

/** One Soulpress and one plain Astro build beside busy loops: the table and the ratio. */
export function busyTable(soulpress: BuildRun, plain: BuildRun, loops: number): string {
  const ratio = pagesPerSecond(soulpress) / pagesPerSecond(plain);
  const row = (name: string, b: BuildRun): string[] => [name, b.ok ? 'yes' : `**failed**: ${b.error}`, fmt(b.pages), fmt(b.wallMs / 1000, 1), fmt(pagesPerSecond(b)), b.ok ? fmt(b.cpuMs / 1000, 1) : 'n/a', b.ok ? fmt(b.phases.afterBuild / 1000, 1) : 'n/a'];
  return [
    table(['build, beside ' + `${loops} busy loop${loops === 1 ? '' : 's'}`, 'ok', 'pages', 'wall s', 'pages/s', 'CPU s (build process)', 'build:done s'], [row('Soulpress (search on as shipped)', soulpress), row('plain Astro 7', plain)]),
    '',
    `Beside a busy loop per core, Soulpress / plain pages/s: ${fmt(ratio, 2)} (one build each).`,
  ].join('\n');
}

/** Is the site there to build at all? (Another part of the project builds it.) */
export function siteBuildable(): string | null {
  if (!existsSync(path.join(REPO, 'astro.config.mjs'))) return 'no astro.config.mjs at the repo root';
  if (!existsSync(path.join(REPO, 'src/routes'))) return 'no src/routes';
  return null;
}

// ---------------------------------------------------------------- part 2

export interface VersusResult {
  /** Every timed build of each side, in the order they ran; each side is judged by its fastest. */
  soulpress: BuildRun[];
  plain: BuildRun[];
  /** Starlight over the same notes, its own search on. */
  starlight: BuildRun[];
  /** Soulpress with SOULPRESS_SEARCH=off: the same work as plain Astro, which has no search. */
  noSearch: BuildRun[];
  /** Soulpress with SOULPRESS_SHARE_IMAGES=off: what the member pages' share images add to a cold build. */
  noImages: BuildRun[];
}

/** The fastest successful build of a side (on a shared machine, the one least slowed by others), else the first. */
export function fastest(runs: BuildRun[]): BuildRun {
  const ok = runs.filter((r) => r.ok);
  return ok.length ? ok.reduce((a, b) => (b.wallMs < a.wallMs ? b : a)) : runs[0]!;
}

export function versusTable(r: VersusResult): string {
  const row = (name: string, runs: BuildRun[]): string[] => {
    const b = fastest(runs);
    return [
      name,
      b.ok ? 'yes' : `**failed**: ${b.error}`,
      fmt(b.notes),
      fmt(b.pages),
      runs.map((x) => (x.ok ? fmt(x.wallMs / 1000, 1) : 'failed')).join(' / '),
      fmt(b.buildMs / 1000, 1),
      fmt(pagesPerSecond(b)),
      b.ok ? fmt(b.cpuMs / 1000, 1) : 'n/a',
      b.ok ? mb(b.maxRssBytes, 0) : 'n/a',
    ];
  };
  const sp = pagesPerSecond(fastest(r.soulpress));
  const off = pagesPerSecond(fastest(r.noSearch));
  const pl = pagesPerSecond(fastest(r.plain));
  const ratio = sp / pl;
  // The smaller size is built without Starlight and without the share-images diagnostic.
  const starlight = r.starlight.length > 0;
  return [
    table(
      ['build', 'ok', 'notes', 'pages', 'wall s (each run)', 'build() s (fastest)', 'pages/s (fastest, wall)', 'CPU s (build process)', 'peak RSS'],
      [
        row('Soulpress (`astro build`, this repo, search on as shipped)', r.soulpress),
        row('Soulpress, search off (`SOULPRESS_SEARCH=off`)', r.noSearch),
        ...(r.noImages.length ? [row('Soulpress, share images off (`SOULPRESS_SHARE_IMAGES=off`)', r.noImages)] : []),
        row('plain Astro 7 (`bench/plain-astro`, no search)', r.plain),
        ...(starlight ? [row('Starlight (`bench/starlight`, its Pagefind search on)', r.starlight)] : []),
      ],
    ),
    '',
    ...(starlight ? [r.noImages.length ? imagesLine(fastest(r.soulpress), fastest(r.noImages)) : 'Share images: not measured in this run (`--large` adds a build with them off).', ''] : []),
    `At ${fmt(fastest(r.soulpress).notes)} notes, Soulpress / plain pages/s: ${fmt(ratio, 2)} as shipped (search on), ${fmt(off / pl, 2)} with search off.${starlight ? ` Soulpress / Starlight pages/s (both with search): ${fmt(sp / pagesPerSecond(fastest(r.starlight)), 2)}.` : ''} Goals (issue 21): at least 0.9x plain Astro's pages/s as shipped, ${verdict(ratio >= 0.9)}; at least 1.0x with search off, ${verdict(off / pl >= 1)}.`,
  ].join('\n');
}

/** What the share images (one per soul, preset, guest and agent page) add to a cold build: wall and CPU, as a ratio. */
function imagesLine(on: BuildRun, off: BuildRun | undefined): string {
  if (!off?.ok || !on.ok) return 'Share images: not measured (a build failed or did not run).';
  // The build with them off runs once: a machine that slows it down can make it the slower one.
  if (off.wallMs >= on.wallMs) return `The build with share images off (one run) was not faster in this run: ${fmt(off.wallMs / 1000, 1)} s against ${fmt(on.wallMs / 1000, 1)} s, ${fmt(off.cpuMs / 1000, 1)} CPU-s against ${fmt(on.cpuMs / 1000, 1)}, within this machine's noise.`;
  return `Share images add ${fmt((on.wallMs - off.wallMs) / 1000, 1)} s of wall time (${fmt(on.wallMs / off.wallMs, 2)}x) and ${fmt((on.cpuMs - off.cpuMs) / 1000, 1)} s of CPU (${fmt(on.cpuMs / off.cpuMs, 2)}x) to this cold build (fastest of each).`;
}

/** Where each build's seconds went, phase by phase. */
export function phasesTable(runs: Array<{ name: string; run: BuildRun }>): string {
  const s = (ms: number): string => fmt(ms / 1000, 1);
  return table(
    ['build', 'pages', 'Node + Astro start', 'config:setup (integrations)', 'content sync', 'bundle + render pages', 'build:done hooks', 'wall'],
    runs.map(({ name, run: r }) => [name, fmt(r.pages), s(r.phases.startup), s(r.phases.setup), s(r.phases.sync), s(r.phases.bundleRender), s(r.phases.afterBuild), s(r.wallMs)]),
  );
}

/**
 * Where each build's CPU went, thread by thread (bench/threads.ts). "not sampled" is the process's own
 * total less its sampled threads: what threads ran after their last sample, before they ended.
 */
export function threadsTable(runs: Array<{ name: string; run: BuildRun }>): string {
  const s = (v: number): string => fmt(v, 1);
  const rows = runs.flatMap(({ name, run: r }) => {
    const t = r.threads;
    if (!t || !r.ok) return [];
    const own = t.main + t.workers + t.v8 + t.libuv + t.rolldown + t.other;
    // The process's own total (resourceUsage at its end) is exact; the samples are a tick apart.
    const all = r.cpuMs / 1000 + t.children;
    return [[name, s(t.main), s(t.workers), s(t.v8), s(t.libuv), s(t.rolldown), s(t.other), s(Math.max(0, r.cpuMs / 1000 - own)), s(t.children), s(all), fmt(all / (r.wallMs / 1000), 2)]];
  });
  if (rows.length === 0) return 'CPU by thread: not sampled here (no /proc).';
  return table(['build', 'main thread', 'worker threads', 'V8 helpers (GC, compiler)', 'libuv pool', 'Rolldown', 'other threads', 'not sampled', 'child processes (Pagefind)', 'CPU s, all', 'cores busy (CPU / wall)'], rows);
}

// ---------------------------------------------------------------- part 3

export function scalingTable(runs: BuildRun[]): string {
  const rows = runs.map((r, i) => {
    const prev = runs[i - 1];
    // The marginal cost between two sizes cancels start-up, which a per-page average would not.
    const marginal = prev && r.ok && prev.ok ? (r.wallMs - prev.wallMs) / (r.pages - prev.pages) : NaN;
    const cpuMarginal = prev && r.ok && prev.ok ? (r.cpuMs - prev.cpuMs) / (r.pages - prev.pages) : NaN;
    return [
      fmt(r.notes),
      fmt(r.pages),
      r.ok ? fmt(r.wallMs / 1000, 1) : `**failed**: ${r.error}`,
      fmt(pagesPerSecond(r)),
      fmt(r.wallMs / r.pages, 2),
      Number.isNaN(marginal) ? '' : fmt(marginal, 2),
      r.ok ? fmt(r.cpuMs / 1000, 1) : 'n/a',
      Number.isNaN(cpuMarginal) ? '' : fmt(cpuMarginal, 2),
      r.ok ? mb(r.maxRssBytes, 0) : 'n/a',
    ];
  });
  return table(['notes', 'pages', 'wall s', 'pages/s', 'ms / page', 'marginal ms / page', 'CPU s (build process)', 'marginal CPU ms / page', 'peak RSS'], rows);
}

/**
 * Worse than linear when the marginal cost per page grows by more than `tolerance` between the last
 * two size steps (with four sizes: 2k -> 5k against 5k -> 20k notes), and memory when the peak
 * RSS per page at the largest size exceeds that at the one before it by as much.
 */
export function scalingVerdict(runs: BuildRun[], tolerance = 1.3): string {
  const ok = runs.filter((r) => r.ok);
  if (ok.length < 3) return 'Not enough successful builds to judge scaling.';
  const [a, b, c] = ok.slice(-3) as [BuildRun, BuildRun, BuildRun];
  const m1 = (b.wallMs - a.wallMs) / (b.pages - a.pages);
  const m2 = (c.wallMs - b.wallMs) / (c.pages - b.pages);
  if (m1 <= 0) return 'The first size step cost nothing measurable (noise larger than the step), so scaling cannot be judged from this run.';
  const growth = m2 / m1;
  const rss = c.maxRssBytes / c.pages / (b.maxRssBytes / b.pages);
  const steps = `${fmt(a.notes)} -> ${fmt(b.notes)} -> ${fmt(c.notes)} notes`;
  const time = growth > tolerance ? `**flag: worse than linear**, the marginal cost per page grew ${fmt(growth, 2)}x between the size steps ${steps}` : `linear within ${fmt((tolerance - 1) * 100)}%: the marginal cost per page changed ${fmt(growth, 2)}x between the size steps ${steps}`;
  // With Pagefind's processes where they were sampled (bench/threads.ts): all of the build's work.
  const sampled = ok.slice(-3).every((r) => r.threads !== null);
  const work = (r: BuildRun): number => r.cpuMs + (sampled ? r.threads!.children * 1000 : 0);
  const c1 = (work(b) - work(a)) / (b.pages - a.pages);
  const c2 = (work(c) - work(b)) / (c.pages - b.pages);
  const cpuGrowth = c2 / c1;
  const cpu = c1 > 0 ? ` CPU time of the build process${sampled ? ' and its Pagefind processes' : ''} (the work itself, free of waiting and of idle cores): the marginal cost per page changed ${fmt(cpuGrowth, 2)}x${cpuGrowth > tolerance ? ' (**flag**)' : ', linear'}.` : '';
  return `Time: ${time}.${cpu} Memory: peak RSS per page at ${fmt(c.notes)} notes is ${fmt(rss, 2)}x that at ${fmt(b.notes)}${rss > tolerance ? ' (**flag**: memory grows faster than the page count)' : ''}.`;
}

// ---------------------------------------------------------------- part 5

export interface IncrementalResult {
  project: Project;
  /** What changed before the rebuild, in words. */
  change: string;
  /** The change issue 21's goal is about (one line added to a soul core note); the others are shown beside it. */
  goal: boolean;
  full: BuildRun;
  rebuild: BuildRun;
}

export function incrementalTable(rows: IncrementalResult[]): string {
  return table(
    ['change', 'project', 'notes', 'full build s', 'rebuild s', 'rebuild / full'],
    rows.map((r) => [r.change, { soulpress: 'Soulpress', plain: 'plain Astro', starlight: 'Starlight' }[r.project], fmt(r.full.notes), r.full.ok ? fmt(r.full.wallMs / 1000, 1) : `**failed**: ${r.full.error}`, r.rebuild.ok ? fmt(r.rebuild.wallMs / 1000, 1) : `**failed**: ${r.rebuild.error}`, fmt(r.rebuild.wallMs / r.full.wallMs, 2)]),
  );
}

/** The goal: a Soulpress rebuild after one edit at most 0.3x its cold build (issue 21; issue 11 asked 0.6x). */
export function incrementalVerdict(rows: IncrementalResult[]): string {
  const ours = rows.find((r) => r.goal && r.project === 'soulpress');
  const plain = rows.find((r) => r.goal && r.project === 'plain');
  if (!ours?.rebuild.ok || !ours.full.ok) return 'Goal (rebuild at most 0.3x the full build): not measured, a build failed.';
  const ratio = ours.rebuild.wallMs / ours.full.wallMs;
  const floor = plain?.rebuild.ok && plain.full.ok ? ` Astro's own floor (plain Astro, same cache feature): ${fmt(plain.rebuild.wallMs / plain.full.wallMs, 2)}x.` : '';
  return `Goal: a rebuild after one edit at most 0.3x the full build (issue 21): ${fmt(ratio, 2)}x, ${ratio <= 0.3 ? 'met' : '**missed**'}.${floor}`;
}

/** The profile file a `--cpu-prof` child wrote into `dir` (the newest). */
/**
 * The main thread's profile of the newest build in `dir`. Node writes one file per thread,
 * CPU.<date>.<time>.<pid>.<thread id>.<n>.cpuprofile, the main thread's id 0; the newest file by name was
 * often a worker's (the share images'), which the report then showed as the build.
 */
export function mainThreadProfile(dir: string): string | null {
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir).filter((f) => /\.0\.\d+\.cpuprofile$/.test(f)).sort();
  return files.length ? path.join(dir, files.at(-1)!) : null;
}
