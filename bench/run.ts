// `npm run bench`: every part at its default sizes, then bench/RESULTS.md (also printed).
// Flags: --quick (a smoke run at small sizes, written to bench/tmp/RESULTS.quick.md), --large (adds a 20k-note scaling build
// and a build with share images off),
// --only loader,build,browser,dev,history,check, --out FILE, --seed N, --profile (CPU profiles of the loader and a build).
import { availableParallelism, cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { Session } from 'node:inspector/promises';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { HAS_PREVIEW, jsPerPageKind, jsTable, reassemblyInChromium, reassemblyTable } from './browser.ts';
import type { PageKindJs, ReassemblyResult } from './browser.ts';
import { besideBusyLoops, busyTable, fastest, incrementalTable, incrementalVerdict, mainThreadProfile, pagesPerSecond, phasesTable, runBuild, scalingTable, scalingVerdict, siteBuildable, threadsTable, versusTable } from './build.ts';
import type { BuildRun, IncrementalResult, VersusResult } from './build.ts';
import { generateAgents, generateFamily, tempDir } from './generate.ts';
import type { FamilySpec } from './generate.ts';
import { benchLoader, loaderPass, loaderTable } from './loader.ts';
import { benchCheck, checkTable } from './check.ts';
import { devReload, devReloadTable } from './dev.ts';
import type { DevReloadResult } from './dev.ts';
import { profileTables, summariseProfile } from './profile.ts';
import type { ProfileSummary } from './profile.ts';
import { fmt } from './stats.ts';
import { benchHistory, historyTable } from './history.ts';
import { benchHistoryBuilds, historyBuildTable } from './history-build.ts';

const REPO = path.resolve(import.meta.dirname, '..');
const SAMPLE = path.join(REPO, 'content/vaults');

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    large: { type: 'boolean', default: false },
    only: { type: 'string' },
    out: { type: 'string' },
    seed: { type: 'string', default: '1' },
    profile: { type: 'boolean', default: false },
  },
});
const quick = values.quick;
// --large adds the 20k-note scaling build and a build with share images off: several minutes on 2 cores, past the bench's 10.
const large = values.large && !quick;
// A smoke run must not overwrite the real results.
const outFile = values.out ?? path.join(import.meta.dirname, quick ? 'tmp/RESULTS.quick.md' : 'RESULTS.md');
const seed = Number(values.seed);
const only = new Set((values.only ?? 'loader,build,browser,dev').split(','));
// CPU profiles of the loader and of a build (where the time goes) are diagnostics, not goals: ~40 s
// of a run, so only with --profile.
const profiling = values.profile;

/** What the CPU-by-thread tables under each build comparison show, said once. */
const CPU_ACCOUNT = "Where each build's CPU went, by thread, in CPU seconds (the same fastest runs; sampled from /proc every 100 ms while each build ran, bench/threads.ts). The last column is how many of the machine's cores the build kept busy on average: a build at the machine's core count cannot go faster by moving work between threads, only by doing less.";

/** A comparison's builds as its phase and CPU tables name them: each side's fastest run. */
function sides(v: VersusResult): Array<{ name: string; run: BuildRun }> {
  const named = [{ name: 'Soulpress', run: fastest(v.soulpress) }, { name: 'Soulpress, search off', run: fastest(v.noSearch) }, { name: 'plain Astro', run: fastest(v.plain) }];
  return v.starlight.length > 0 ? [...named, { name: 'Starlight', run: fastest(v.starlight) }] : named;
}

// Default sizes fit 10 minutes on 2 cores; --quick is a smoke run of every code path.
const SIZES = {
  loader: quick ? { souls: 10, notes: 50, iterations: 2 } : { souls: 100, notes: 200, iterations: 3 },
  noteBytes: 1500,
  sharedCore: 40,
  // Souls of 200 notes each, on top of the sample family (its ~40 notes), for the scaling builds.
  // With --large, a last size (20k notes, issue 21) shows whether the cost per page and the memory per
  // note stay flat past part 2's 5k; it is built once, by Soulpress alone.
  scaling: quick ? [1, 2, 4] : large ? [5, 10, 25, 100] : [5, 10, 25],
  // Indexes into scaling: 5k notes are built by every project (part 2), and 2k by plain Astro and by
  // Soulpress with search off too (issue 21 sets its goals at both sizes).
  versusAt: 2,
  smallVersusAt: 1,
  // Timed builds of Soulpress and plain Astro in part 2, interleaved: other tenants of a shared
  // machine slow whichever build they land on, so each side is judged by its fastest run. Starlight
  // and search-off are built once (the first round), which keeps the bench within its 10 minutes.
  versusRounds: quick ? 1 : 2,
  browser: quick ? [{ label: '500', notes: 500 }] : [{ label: '500', notes: 500 }, { label: '5000', notes: 5000 }],
  browserRuns: quick ? 5 : 20,
  // Part 6: souls of 200 notes on top of the sample family (0 is the sample alone), edits per size.
  dev: quick ? [0] : [0, 25],
  devEdits: quick ? 2 : 3,
  // Part 7 (only with --only check: the default parts already take the bench's 10 minutes): the
  // issue's family (50 souls x 200 notes, a shared core of 200, ~2 KB notes) and 200 agents.
  check: quick ? { souls: 5, notes: 50, shared: 20, agents: 10, pairs: 1 } : { souls: 50, notes: 200, shared: 200, agents: 200, pairs: 5 },
  checkNoteBytes: 2000,
};

const started = performance.now();
// Each line says when it was written, so a run shows which part took its minutes.
const log = (s: string): void => console.error(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${s}`);
const load0 = loadavg();
const work = path.join(import.meta.dirname, 'tmp', `run-${process.pid}`);
mkdirSync(work, { recursive: true });
const sections: string[] = [];

// Deleting a 5k-page site and its cache takes seconds; what a part is done with is moved aside at once
// and deleted after the report is written. Aside means out of the repository: part 6's dev server
// watches it, and crawling a few discarded sites took its start from 25 s to 100 s.
const trash: string[] = [];
const trashDir = mkdtempSync(path.join(tmpdir(), 'soulpress-bench-discarded-'));
function discard(dir: string): void {
  const aside = path.join(trashDir, String(trash.length));
  try {
    renameSync(dir, aside);
    trash.push(aside);
  } catch {
    rmSync(dir, { recursive: true, force: true });
  }
}

function spec(souls: number, notesPerSoul: number, guests = 0): FamilySpec {
  return { souls, notesPerSoul, noteBytes: SIZES.noteBytes, sharedCore: SIZES.sharedCore, guests, seed };
}

async function profileInProcess<T>(run: () => Promise<T>): Promise<ProfileSummary> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  await run();
  await run();
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  const file = path.join(work, 'loader.cpuprofile');
  writeFileSync(file, JSON.stringify(profile));
  // The inspector's own frames are the profiler talking to itself, not the loader.
  return summariseProfile(file, 25, ['node:inspector']);
}

// ---------------------------------------------------------------- 1. loader
let loaderProfile: ProfileSummary | null = null;
if (only.has('loader')) {
  const s = spec(SIZES.loader.souls, SIZES.loader.notes);
  log(`1. loader: generating ${s.souls} souls x ${s.notesPerSoul} notes`);
  const family = generateFamily(s, tempDir('loader'));
  const result = await benchLoader(family, s, SIZES.loader.iterations, log);
  if (profiling) loaderProfile = await profileInProcess(() => loaderPass(family.root));
  discard(path.dirname(family.root));
  sections.push(
    '## 1. Loader vs the raw limit',
    '',
    loaderTable(result),
    '',
    'The floor reads exactly the files each soul\'s load reads, as many times as the loader does: a family load reads the shared instructions, shared core and shared catalog once *per soul*, so the floor does too (it lists each soul\'s folders and the shared core with `readdir({ recursive: true })`, then `readFile` + SHA-256 on every note, all of one soul\'s notes in parallel). Before timing, the bench checks that both read the same number of notes and bytes. The goal is measured against the lower, node:crypto floor: in Node the fs store hashes each note with node:crypto as it reads it and hands the core that SHA-256 (`rememberRevision`), so the core\'s own WebCrypto hashing is left for the browser and for the rendered prompt; the WebCrypto floor is shown beside it. What the loader does on top: the fs store\'s symlink checks (each folder on the way to a note is checked once per load: the folders a load lists are known from their parent\'s listing, the few it reads from without listing cost one `lstat` each), opening with `O_NOFOLLOW` and refusing anything fstat does not call a regular file (readFile makes the same open, fstat, read and close), strict UTF-8 decoding, the frontmatter of every shared core and soul index note, filling tokens, and hashing the rendered prompt for the bundle revision. Nothing read is reused from one load to the next: every load opens, reads and hashes every note it returns, as the floor does. Only parsed frontmatter is remembered, keyed by the YAML text itself (so a changed note is a new key), which spares parsing the shared core again for every soul.',
    '',
  );
}

// ---------------------------------------------------------------- 2, 3, 5. builds
let buildProfile: ProfileSummary | null = null;
let plainProfile: ProfileSummary | null = null;
let js: PageKindJs[] | null = null;
let versus: VersusResult | null = null;
let smallVersus: VersusResult | null = null;
let richVersus: VersusResult | null = null;
let busy: { soulpress: BuildRun; plain: BuildRun; loops: number } | null = null;
if (only.has('build')) {
  const why = siteBuildable();
  if (why) {
    for (const title of ['## 2. Site build vs plain Astro', '## 3. Scaling', '## 5. Incremental'])
      sections.push(title, '', `skipped: site not buildable (${why}).`, '');
  } else {
    // One untimed build of each project first: the first build after a while pays for reading
    // node_modules from disk, which would otherwise land on whichever timed build came first.
    log('warm-up: one small untimed build of Soulpress and of Starlight');
    const warm = generateFamily(spec(1, 20, 0), tempDir('warm'), SAMPLE);
    // Plain Astro reads the same Astro modules as Soulpress: Soulpress's warm-up warms them for both.
    for (const project of ['soulpress', 'starlight'] as const) await runBuild({ project, family: warm, outDir: path.join(work, 'warm', 'dist'), cacheDir: path.join(work, 'warm', `cache-${project}`) });
    discard(path.join(work, 'warm'));
    discard(path.dirname(warm.root));

    const scaling: BuildRun[] = [];
    const rows: IncrementalResult[] = [];
    let edited = '';
    let incNotes = 0;
    for (const [i, souls] of SIZES.scaling.entries()) {
      const family = generateFamily(spec(souls, 200, 2), tempDir(`build-${souls}`), SAMPLE);
      const dir = (name: string): { outDir: string; cacheDir: string; discard: typeof discard } => ({ outDir: path.join(work, name, 'dist'), cacheDir: path.join(work, name, 'cache'), discard });
      log(`3. scaling: Soulpress build of ${fmt(family.files.length)} notes`);
      const run = await runBuild({ project: 'soulpress', family, ...dir(`site-${souls}`) });
      log(`   ${run.ok ? `${fmt(run.pages)} pages in ${fmt(run.wallMs / 1000, 1)} s, peak RSS ${fmt(run.maxRssBytes / 1e6)} MB` : `failed: ${run.error}`}`);
      // The part 2 size is judged by the fastest of part 2's Soulpress builds; the smaller sizes,
      // a third of its time together, by one build each (a second of each cost a minute of bench).
      const runs = [run];
      // Part 2 at one size, interleaved: Soulpress again and plain Astro every round; in the first, Soulpress
      // with search off and, at the part 2 size only (`full`), Starlight and (with --large) share images off.
      const versusBuilds = async (full: boolean, fam = family, first = run): Promise<VersusResult> => {
        const family = fam;
        const v: VersusResult = { soulpress: [first], plain: [], starlight: [], noSearch: [], noImages: [] };
        for (let round = 0; round < SIZES.versusRounds; round++) {
          if (round > 0) {
            log(`2. Soulpress build of ${fmt(family.files.length)} notes again (round ${round + 1})`);
            v.soulpress.push(await runBuild({ project: 'soulpress', family, ...dir(`site-${souls}-again`) }));
          }
          log(`2. plain Astro build of the same ${fmt(family.files.length)} notes (round ${round + 1})`);
          v.plain.push(await runBuild({ project: 'plain', family, ...dir('plain') }));
          if (round > 0) continue;
          if (full) {
            log(`2. Starlight build of the same notes`);
            v.starlight.push(await runBuild({ project: 'starlight', family, ...dir('starlight') }));
          }
          log(`2. Soulpress build of ${fmt(family.files.length)} notes with search off`);
          v.noSearch.push(await runBuild({ project: 'soulpress', family, ...dir('site-nosearch'), env: { SOULPRESS_SEARCH: 'off' } }));
          // What share images cost is a diagnostic, not a goal: a build past the default run's 10 minutes.
          if (full && large) {
            log(`2. Soulpress build with share images off`);
            v.noImages.push(await runBuild({ project: 'soulpress', family, ...dir('site-noimages'), env: { SOULPRESS_SHARE_IMAGES: 'off' } }));
          }
        }
        return v;
      };
      if (i === SIZES.smallVersusAt && !quick) {
        smallVersus = await versusBuilds(false);
        runs.splice(0, runs.length, ...smallVersus.soulpress);
        // The same size again with Markdown-rich notes (tables, quotes, nested and task lists, code in six
        // languages, footnotes, images): plain Astro renders its Markdown on its one thread, Soulpress on workers.
        const rich = generateFamily({ ...spec(souls, 200, 2), rich: true }, tempDir(`build-${souls}-rich`), SAMPLE);
        log(`2. Soulpress build of ${fmt(rich.files.length)} Markdown-rich notes`);
        richVersus = await versusBuilds(false, rich, await runBuild({ project: 'soulpress', family: rich, ...dir(`site-${souls}-rich`) }));
        // The same notes on a machine other work keeps busy: a busy loop per core beside each build. The
        // helpers' priority was chosen here (src/node/low-priority.ts): at the lowest, this build crawled.
        const loops = availableParallelism();
        log(`2. Soulpress and plain Astro builds of the Markdown-rich notes beside ${loops} busy loops`);
        busy = await besideBusyLoops(loops, async () => ({
          soulpress: await runBuild({ project: 'soulpress', family: rich, ...dir(`site-${souls}-busy`) }),
          plain: await runBuild({ project: 'plain', family: rich, ...dir('plain-busy') }),
          loops,
        }));
        for (const name of [`site-${souls}-rich`, `site-${souls}-again`, 'site-nosearch', 'plain', `site-${souls}-busy`, 'plain-busy']) discard(path.join(work, name));
        discard(path.dirname(rich.root));
      }
      if (i === SIZES.versusAt) {
        const v = await versusBuilds(true);
        const p = fastest(v.plain);
        log(`   plain: ${p.ok ? `${fmt(p.pages)} pages in ${fmt(p.wallMs / 1000, 1)} s (fastest)` : `failed: ${p.error}`}`);
        // Part 5 at this size: one edited note, then both projects rebuilt with the cache their last
        // build left, as many rounds as part 2 has (each a new edit of the same note); each side's
        // full build is its fastest cold build and its rebuild its fastest rebuild.
        const soul = family.souls[0]!;
        edited = `${soul.id}/${soul.notes.find((n) => n.startsWith('core/'))!}`;
        const last = SIZES.versusRounds > 1 ? `site-${souls}-again` : `site-${souls}`;
        // Each project rebuilt in the folders its last cold build left.
        const rebuild = (project: 'soulpress' | 'plain'): Promise<BuildRun> => runBuild({ project, family, ...dir(project === 'soulpress' ? last : 'plain'), warm: true });
        const rebuilds: { soulpress: BuildRun[]; plain: BuildRun[] } = { soulpress: [], plain: [] };
        for (let round = 0; round < SIZES.versusRounds; round++) {
          log(`5. incremental: an edit, both rebuilt (round ${round + 1})`);
          appendFileSync(path.join(family.root, edited), `\nEdited by the benchmark (${round + 1}).\n`);
          rebuilds.soulpress.push(await rebuild('soulpress'));
          rebuilds.plain.push(await rebuild('plain'));
        }
        const edit = `a line added to \`soul://${edited}\` (a soul core note)`;
        rows.push({ project: 'soulpress', change: edit, goal: true, full: fastest(v.soulpress), rebuild: fastest(rebuilds.soulpress) });
        rows.push({ project: 'plain', change: edit, goal: true, full: p, rebuild: fastest(rebuilds.plain) });
        // Two other changes a team makes, once each after the edits: a note added beside the edited one
        // (every note page's links could have changed), and a line added to a shared core note, which
        // every soul's bundles carry (each bundle page shows its revision and size).
        const added = `${soul.id}/core/added-by-the-benchmark.md`;
        // Soulpress alone, to keep the bench within its 10 minutes.
        log('5. incremental: a note added, Soulpress rebuilt');
        writeFileSync(path.join(family.root, added), '# Added by the benchmark\n\nA new note.\n');
        rows.push({ project: 'soulpress', change: `a new note, \`soul://${added}\``, goal: false, full: fastest(v.soulpress), rebuild: await rebuild('soulpress') });
        const shared = `${family.shared}/${family.sharedNotes[0]!}`;
        log('5. incremental: a shared note edited, Soulpress rebuilt');
        appendFileSync(path.join(family.root, shared), '\nEdited by the benchmark.\n');
        rows.push({ project: 'soulpress', change: `a line added to \`soul://${shared}\` (a shared core note)`, goal: false, full: fastest(v.soulpress), rebuild: await rebuild('soulpress') });
        incNotes = family.files.length;
        versus = v;
        runs.splice(0, runs.length, ...v.soulpress);
        if (run.ok) js = jsPerPageKind(dir(`site-${souls}`).outDir);
      }
      scaling.push(fastest(runs));
      if (i === 0 && profiling) {
        log('profile: Soulpress and plain Astro builds under --cpu-prof');
        const profile = async (project: 'soulpress' | 'plain'): Promise<ProfileSummary | null> => {
          const profDir = path.join(work, `prof-${project}`);
          const built = await runBuild({ project, family, ...dir(`prof-${project}-site`), nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`] });
          const file = built.ok ? mainThreadProfile(profDir) : null;
          return file ? summariseProfile(file, 30) : null;
        };
        buildProfile = await profile('soulpress');
        plainProfile = await profile('plain');
      }
      for (const name of [`site-${souls}`, `site-${souls}-again`, 'site-nosearch', 'plain', 'starlight', 'prof-soulpress-site', 'prof-plain-site']) discard(path.join(work, name));
      discard(path.dirname(family.root));
    }
    const sizes = SIZES.scaling.map((n) => `${n}`).join(' / ');
    sections.push('## 2. Site build vs plain Astro', '', `Both build the same generated family (the sample family plus ${SIZES.scaling[SIZES.versusAt]} souls x 200 notes, ~${SIZES.noteBytes} B each), cold (fresh cache folder), each as its own \`node\` process, in this run. Plain Astro is \`bench/plain-astro\`: a \`glob()\` content collection over every \`.md\` under the vault root and one \`[...slug].astro\` page per note rendered with \`render()\`. Starlight is \`bench/starlight\`: the same \`glob()\` over the same notes as its docs collection, Starlight 0.42 at its defaults (its own Pagefind search on, as Soulpress ships) except a one-link sidebar (its default lists every page on every page). Wall time is spawn to exit (Node and Astro start-up included, as a user sees \`astro build\`; like Astro's CLI outside CI, the child turns on Node's cache of compiled modules before it imports Astro). The builds of part 2 are interleaved (Soulpress, plain, Starlight, Soulpress with search off${SIZES.versusRounds > 1 ? ', then Soulpress and plain again' : ''}), and each side is judged by its fastest run: on a shared machine other tenants only ever slow a build down. Plain Astro has no search, so Soulpress is also shown with its search index turned off: the same work as the baseline. Peak RSS and CPU time are the build process's own (every thread, Soulpress's Markdown workers included); Pagefind's indexer is a separate native process and in neither.`, '', versus ? versusTable(versus) : 'not run', '', 'Where each build\'s seconds went (from hooks a bench-only integration marks, in s):', '', versus ? phasesTable(sides(versus)) : '', '', CPU_ACCOUNT, '', versus ? threadsTable(sides(versus)) : '', '');
    if (smallVersus) {
      const v = smallVersus;
      sections.push(`### At ${fmt(fastest(v.soulpress).notes)} notes`, '', `The scaling part's ${fmt(fastest(v.soulpress).notes)}-note family (the sample plus ${SIZES.scaling[SIZES.smallVersusAt]} souls), built the same way: Soulpress and plain Astro ${SIZES.versusRounds > 1 ? 'interleaved twice' : 'once each'}, Soulpress with search off once, each side judged by its fastest run.`, '', versusTable(v), '', phasesTable(sides(v)), '', threadsTable(sides(v)), '');
    }
    if (richVersus) {
      const v = richVersus;
      sections.push(`### At ${fmt(fastest(v.soulpress).notes)} Markdown-rich notes`, '', `The same ${fmt(fastest(v.soulpress).notes)}-note family written with Markdown-rich notes (\`bench/generate.ts --rich\`: besides the headings, lists, code and links above, about every other block is a table, a quote with a list, nested and task lists, code in Python, JSON, YAML, Rust, Go or shell, or a paragraph with a footnote, strikethrough, an image and an autolink), built the same way. Plain Astro renders its Markdown on its one thread; Soulpress renders the notes' Markdown on worker threads beside Astro.`, '', versusTable(v), '', phasesTable(sides(v)), '', threadsTable(sides(v)), '');
    }
    if (busy) {
      sections.push(`### The Markdown-rich notes on a busy machine`, '', `The same Markdown-rich family, one Soulpress and one plain Astro build, each beside ${busy.loops} busy loops (\`node -e 'for (;;) {}'\`, one per core, at the default priority and in the bench's session): a machine other work keeps busy. Soulpress's helpers (the search indexers, the share image workers) run three nice steps below the build, nice 3 for a build at the default priority (\`src/node/low-priority.ts\`); at the lowest priority they got next to no CPU here and the build waited on them.`, '', busyTable(busy.soulpress, busy.plain, busy.loops), '');
    }

    sections.push('## 3. Scaling', '', `Soulpress builds of the sample family plus ${sizes} souls x 200 notes, each cold${quick ? '' : ' (the 2k and 5k sizes are part 2\'s fastest Soulpress builds, the others one build each)'}.${quick ? '' : ` At the best rate below (${fmt(Math.max(...scaling.map(pagesPerSecond)))} pages/s) a 10k-note build takes ~${fmt(10_000 / Math.max(...scaling.map(pagesPerSecond)))} s and a 50k-note one ~${fmt(50_000 / Math.max(...scaling.map(pagesPerSecond)) / 60, 1)} min; next to the other parts, they would take the bench past its 10 minutes on 2 cores, so the sizes are about 1k, 2k and 5k notes${large ? ', and 20k (`--large`: one build, by Soulpress alone)' : ' (`--large` adds 20k)'}.`}`, '', scalingTable(scaling), '', scalingVerdict(scaling), '', 'Wall time is not the work alone on 2 cores: the notes\' Markdown (worker threads) and the notes\' search index (Pagefind\'s process) run beside Astro and are hidden while a core is free. At the smaller sizes they finish inside Astro\'s rendering; at the largest, Pagefind is still indexing when the last page is written, and the wait shows as build:done in the phases below. So the wall-time marginal cost rises until both cores are busy, then grows linearly; the CPU columns (Pagefind, a separate process, not included) show the work itself, and the CPU-by-thread table after the phases shows it with Pagefind.', '', phasesTable(scaling.map((run) => ({ name: `${fmt(run.notes)} notes`, run }))), '', CPU_ACCOUNT, '', threadsTable(scaling.map((run) => ({ name: `${fmt(run.notes)} notes`, run }))), '');

    sections.push('## 5. Incremental', '', `${fmt(incNotes)} notes (the part 2 family). The full build is each side's fastest cold build of part 2; the rebuild runs \`astro build\` again with the outDir and cache folder the last build left (as running it again in a project does), after appending a line to \`soul://${edited}\`${SIZES.versusRounds > 1 ? ` (${SIZES.versusRounds} rounds, a new line each time; each side's fastest rebuild is shown)` : ''} (a soul core note, so its page, its soul's bundles and their pages change). After those rounds, two other changes once each, Soulpress alone rebuilt (to keep the bench within its 10 minutes): a new note in the same soul's core folder, and a line added to a shared core note (every bundle carries that note, whole or as a pointer, and its page shows the note's revision and size, so every bundle page is rendered again). Both projects use Astro's \`experimental.incrementalBuild\`: plain Astro keys each page by its content entry's digest, which is Astro's own floor for a rebuild (Astro empties the outDir, so every page is checked and copied from the cache). Soulpress keeps the unchanged pages in the outDir instead (they are checked against what the last build recorded), also reuses the rendered notes, the token counts (of texts, and of whole prompts by revision), the highlighted code, the preview snapshots, the search shards and the search copies of the pages the edit did not touch, and the bundles of every soul and guest whose notes and folders did not change (the other members are loaded again).`, '', incrementalTable(rows), '', rows.length ? incrementalVerdict(rows) : '', '');
  }
}

// ---------------------------------------------------------------- 4. browser
if (only.has('browser')) {
  sections.push('## 4. Browser', '');
  if (js) sections.push('### Gzipped JS per page kind', '', 'One built page per route (the first by path), from the part 2 build: the scripts it loads up front (script `src`, module preloads, inline scripts, and their static imports; dynamic `import()` is not counted), gzipped one file at a time with zlib\'s default level.', '', jsTable(js), '');
  else sections.push('### Gzipped JS per page kind', '', only.has('build') ? 'skipped: site not buildable (no site build succeeded in part 2).' : 'skipped: run with the build part to measure it.', '');
  log('4. browser: re-assembly in Chromium');
  let rows: ReassemblyResult[] | null = null;
  let error = '';
  try {
    rows = await reassemblyInChromium(SIZES.browser, SIZES.browserRuns, SIZES.noteBytes, seed);
  } catch (e) {
    error = (e as Error).message.split('\n')[0] ?? String(e);
  }
  sections.push(
    HAS_PREVIEW ? '### Re-assembly in the preview, in Chromium' : '### Core re-assembly in Chromium',
    '',
    HAS_PREVIEW
      ? `What the live preview runs after each change, timed in headless Chromium (\`/usr/bin/chromium\`) from a page on 127.0.0.1: \`reassemble()\` of \`src/preview/reassemble.ts\` (the core's \`loadIdentity\` over a \`MemoryStore\`, then the site's \`bundleView\` and \`cachePrefix\` against the published bundle), bundled by esbuild from the same sources. The store holds one soul plus the shared core, as a soul page's snapshot does; before each timed run one soul core note is rewritten, as an edit in the preview does (the other notes keep the hash the core remembers for an unchanged byte array, as they do in the preview). Redrawing the page is not included. Median of ${SIZES.browserRuns} runs after 3 warm-up runs; the core's part (\`loadIdentity\` alone, same store) is timed right after each. "revision = Node" checks that Chromium's bundle revision equals Node's for the same bytes.`
      : `There is no browser preview yet (\`src/preview/reassemble.ts\`), so this times the core it will run: \`src/core/index.ts\` bundled by esbuild, \`loadIdentity\` over a \`MemoryStore\` holding one soul plus the shared core, in headless Chromium (\`/usr/bin/chromium\`), served from 127.0.0.1. Median of ${SIZES.browserRuns} runs after 3 warm-up runs. "revision = Node" checks that Chromium's bundle revision equals Node's for the same bytes.`,
    '',
    rows ? reassemblyTable(rows) : `failed: ${error}`,
    '',
  );
}

// ---------------------------------------------------------------- 7. history
// The git store's cost (issue 12): every soul and preset at each of the last 25 commits, about a
// minute at full size. In every run unless --only leaves it out (--only history runs it alone).
if (values.only === undefined || only.has('history')) {
  const h = quick ? { souls: 5, notes: 50, commits: 5 } : { souls: 12, notes: 200, commits: 25 };
  const result = await benchHistory(spec(h.souls, h.notes), h.commits, log);
  sections.push('## 7. The git store over history', '', `A generated family of ${fmt(result.notes)} notes (${h.souls} souls x ${h.notes} notes) committed once, then ${h.commits - 1} commits that each edit three notes, packed by \`git gc\`. At each of the ${h.commits} commits a \`GitStore\` is opened (\`rev-parse\`, one \`ls-tree -r\`) and every soul without and with each preset is loaded through it (one \`cat-file --batch\` process per store), one load after another; then the same loads once through the fs store on the working tree. Nothing is cached between loads in either store.`, '', historyTable(result), '');
}

// ---------------------------------------------------------------- 8. history pages in a build
// What the history pages add to a build (issue 12): the sample in its repository and a 1.1k-note family
// with 20 commits, each built once with history off and once on, search off (under a minute).
if ((values.only === undefined || only.has('history')) && siteBuildable() === null) {
  const h = quick ? { souls: 2, commits: 3 } : { souls: 5, commits: 20 };
  const rows = await benchHistoryBuilds(spec(h.souls, 200, 2), h.commits, work, log);
  sections.push('## 8. Builds with history on and off', '', `Each vault built twice, one after the other, with \`SOULPRESS_HISTORY=off\` and then with the default depth (100), search off in both (the search index is part 2's subject). The sample is \`content/vaults\` inside this repository, so its history is whatever commits of this repository touched it. The generated family is the sample plus ${h.souls} souls x 200 notes, committed once and then ${h.commits - 1} commits of three edited notes each (as part 7). History pages are one per soul, preset and guest plus the family page; every bundle is loaded once per distinct state of the vaults it reads.`, '', historyBuildTable(rows), '');
}

// ---------------------------------------------------------------- where the time goes
const where: string[] = ['## Where the time goes', ''];
if (versus && fastest(versus.soulpress).ok && fastest(versus.plain).ok) {
  const spRun = fastest(versus.soulpress);
  const plRun = fastest(versus.plain);
  const offRun = fastest(versus.noSearch);
  const sp = spRun.phases;
  const pl = plRun.phases;
  const s = (ms: number): string => `${fmt(ms / 1000, 1)} s`;
  const plainRate = pagesPerSecond(plRun);
  where.push(
    `Fastest builds of part 2: Soulpress ${s(spRun.wallMs)} (${s(offRun.wallMs)} with search off), plain Astro ${s(plRun.wallMs)}. By phase (Soulpress vs plain): integrations' \`astro:config:setup\` ${s(sp.setup)} vs ${s(pl.setup)}, content sync ${s(sp.sync)} vs ${s(pl.sync)}, bundling and rendering the pages ${s(sp.bundleRender)} vs ${s(pl.bundleRender)}, \`astro:build:done\` hooks ${s(sp.afterBuild)} vs ${s(pl.afterBuild)}. CPU time of the build process: ${s(spRun.cpuMs)} vs ${s(plRun.cpuMs)}: Soulpress does more work and spreads it over the cores.`,
    '',
    'How a Soulpress build spends it:',
    '',
    '- **`astro:config:setup` (ours)**: `src/build/site.ts` reads every note once (a memo over the fs store: a shared note carried by every soul and preset is read, decoded and hashed once), runs `loadIdentity` for every soul, preset and guest on the main thread, and meanwhile renders every note\'s Markdown (Sätteri and Shiki, the engines Astro uses) on one worker thread per core. The hook waits only for what a broken vault can fail (the loads and reads), so a VaultError still stops the build before Astro touches the outDir.',
    '- **Content sync and bundling (Astro, with our workers still running)**: Vite bundles the pages while the workers finish the notes; the site-data module hands the pages the very object the loader built (a global slot, awaited once), so nothing is serialised, bundled or parsed back.',
    '- **Rendering (Astro\'s floor)**: one page per note, soul, preset and guest, each rendering precomputed data. Per page this is what plain Astro needs for its own note pages; the few bundle pages (a soul of 200 notes shows every document and the full prompt, ~0.7 MB of HTML) cost ~10x a note page.',
    `- **Search (Pagefind, its own process)**: the note pages\' index is built from the rendered note HTML as soon as the workers finish, in parallel with bundling and rendering; \`astro:build:done\` indexes only the ~120 other pages from dist/ and moves the notes\' index in. Pagefind needs ~2-3 ms of CPU per page on this machine (~13 CPU-s for 5k notes, measured alone); on 2 cores that competes with Astro's rendering, which is the gap between the search-on and search-off rows (${s(spRun.wallMs - offRun.wallMs)}).`,
    `- **Astro's floor**: plain Astro builds these notes at ${fmt(plainRate)} pages/s here, ${s(pl.startup)} of it Node and Astro starting; its profile below is mostly Vite/Rolldown, Node's module loader, Sätteri, Shiki and garbage collection.${plainRate < 500 ? " The issue's 500 pages/s is above that floor on this machine, so no change of ours can reach it here; the ratio to plain Astro is the fair measure." : ''}`,
    '',
  );
}
if (!profiling) where.push('CPU profiles of the loader and of a build are not in this run: `npm run bench -- --profile` adds them (about 40 s more).', '');
if (buildProfile) {
  where.push(
    '### The Soulpress build (`node --cpu-prof`, smallest scaling size, main thread)',
    '',
    'The main thread only: the Markdown workers, the share images\' worker and Pagefind\'s process work beside it. Self time by owner, from the script URL of each sampled frame. "built site chunks" are the files Astro compiled from our pages and components plus its own runtime, run while prerendering (no source maps, so they are not split further). Native frames (file system calls, Satteri\'s Rust addon, TextEncoder) count as "V8 / native".',
    '',
    profileTables(buildProfile, 20),
    '',
  );
}
if (plainProfile) where.push('### Plain Astro on the same notes (the floor Astro itself sets)', '', profileTables(plainProfile, 12), '');
if (loaderProfile) where.push('### The loader (two passes over the part 1 family, in-process profile)', '', profileTables(loaderProfile, 12), '');
where.push(
  '### What was changed, from these profiles',
  '',
  '- `src/node/fs-store.ts` (loader, part 1): the symlink check before each read did one `lstat` per folder on the way to the note (three or four per note). It now does one `realpath` of the note\'s folder, shared by concurrent reads of the same folder, and falls back to the per-folder walk only when the real path differs (a link, a missing folder, a case-folding file system), so a link is still named in the error. The read uses the `fstat` it already made to size one `read` instead of `handle.readFile()` (which fstats again), and no longer copies the bytes.',
  '- `src/core/bundle.ts` / `load.ts` (loader and browser): the bundle revision hashed `renderPrompt()`\'s string, one multi-megabyte string built by concatenation and then UTF-8 encoded in one piece (slow in both V8s for a string that is not all ASCII). It now hashes the prompt\'s bytes built one document at a time (`promptRevision()`): each whole note\'s own bytes copied (BOM dropped), only pointers and filled instructions encoded. Same bytes, same revision (the unit tests and the "revision = Node" column check it).',
  '- `src/core/load.ts` (loader): a soul\'s three folders (shared core, soul core, soul index) were listed and read one after the other, each waiting for the previous; they are now gathered at once when the sequence starts and still handed over, and their problems reported, in spec order.',
  '- `src/integration/virtual-site.ts` (build): the site data module was one JSON string literal; V8 compiles a huge literal in time that grows faster than its length (77 MB at 5k notes: 47 s to import, the superlinear step of the scaling runs). It became many 64 KB literals joined at run time (4 s), and then (below) no literal at all.',
  '- Measured once while fixing, on this shared 2-core machine (other jobs running, so read them as rough): part 1 ratio 2.8x before any change, 1.9x after the fs store change, 1.7x to 1.9x after all of them on a quiet machine (as low as 1.3x while other jobs loaded both sides); a 500-note soul over a MemoryStore in Node, median 29 ms -> 15 ms; the 5k-note site build 108 s -> 65-85 s.',
  '- `src/node/fs-store.ts` (loader, part 1), second round: most of the loader\'s own time was on the main thread, around the file system calls rather than in them. A load now takes a view of the store (`scope()`, kept for that one call, so nothing it learns can go stale): a folder the load listed is known to be a real folder from its parent\'s listing (which shows a link as a link), so the `realpath` per note folder and the `lstat` per listed folder are gone, and a folder read from without listing gets one `lstat`. Each note is read with callback `open`, `fstat`, `read`, `close` under one promise instead of promise-per-call `FileHandle` methods: the same four system calls, half the main-thread time per note.',
  '- `src/core/frontmatter.ts`, `yaml.ts`, `order.ts` (loader and browser): frontmatter is parsed once per distinct YAML text (the shared core is the same for every soul, and the preview re-reads every note on each edit); a one-line quoted scalar without escapes is its own value; paths sort in one pass over the two strings instead of splitting both on every comparison.',
  '- `src/core/bundle.ts` (browser and loader): the prompt\'s bytes for the bundle revision are built in a buffer kept between loads. In Chromium on this machine the first write to each page of a fresh buffer faults, and that was most of a 500-note re-assembly (a fresh 0.77 MB buffer filled: 14 ms; the same copy into a kept one: 0.1 ms). WebCrypto copies the bytes when `digest()` is called, so reuse is safe.',
  '- `src/core/load.ts` (browser and loader): a note\'s SHA-256 is no longer awaited when the note is read; a load waits once for all of them and the prompt\'s together. In Chromium each digest is a round trip to another thread, so an edit now costs one round trip instead of two in a row (on a busy machine each wait for a thread is milliseconds); in Node the reads no longer wait for the hashing.',
  '- `src/core/text.ts` (browser): `utf8Length` remembers lengths by string; an unchanged note\'s text is the same string on every re-assembly (its decode is kept per byte array), so after an edit only the changed note is measured again (`bundleView` 6 ms -> 2 ms at 500 notes).',
  '- Measured while fixing these, both sides in the same conditions (load average 3.7 to 4.8 on 2 cores, the lead\'s builds running): part 1 ratio 1.72x, 2.01x and 1.76x before, 1.14x, 1.21x and 1.25x after; a 500-note re-assembly in Chromium 45.8, 28.7 and 24.1 ms before, 10.0 to 14.4 ms after (2.5 to 5 ms in the quieter minutes), 5k notes about 150 ms -> 55 to 65 ms.',
  '',
  '### The site build, second round (5k notes, from `--cpu-prof` of the build and phase marks)',
  '',
  '- `src/integration/virtual-site.ts`: serialising the site data into the module still cost ~6 s to stringify 74 MB, ~3 s for Rolldown and V8 to take in the source and ~2 s to parse back, and held three copies. Astro prerenders in the process that ran the integration, so the module now returns the loaded object from a global slot (keyed per integration instance; a named error if pages ever render elsewhere). Peak RSS 2.0 GB -> 1.1 GB.',
  '- `src/build/memo-store.ts`, `notes.ts`: every note was read for its page, then again by every load that carries it (the shared core once per soul and preset), one `await` at a time. The build\'s store now remembers each listing and read (the same bytes object, so the core\'s per-buffer decode and hash are reused too), and note pages read in parallel (the first failure still reported in page order).',
  '- `src/markdown/render-pool.ts`: Sätteri and Shiki were ~5.6 s of the ~9 s the integration took, on one thread. From 400 notes up they run on one worker per core while the loader runs; the hook then waits only for the loads (see above) and the pages await the HTML.',
  '- `src/integration/search-index.ts`: Pagefind parsed every bundle page\'s full prompt (~70 MB of HTML at 5k notes) and ran only after the last page: ~22 s of build:done. Bundle pages\' load order and prompt are now `data-search-ignore` (a search for a note\'s words lands on the note), the note pages are indexed from the data while Astro works, and build:done indexes the other pages by a glob (sending them over Pagefind\'s pipe was 4.3 s): build:done ~1-2 s.',
  '- Measured while fixing, 5k notes on this 2-core machine: the Soulpress build 62 s (last session\'s RESULTS) -> 45 s (data handed over, memo store, search ignore; under load from another job) -> ~29-31 s with all of the above on a quiet machine, where plain Astro took 22-28 s across runs. With search off, ~19 s.',
  '',
  '### The rebuild after one edit (5k notes, from `--cpu-prof` of rebuilds and timed A/B pairs)',
  '',
  'A rebuild\'s main thread, before this round (~8-9 s on a quiet machine): Node and Astro starting ~1 s; the loader ~2.4 s, of which ~0.5 s counting again the joins and tails of all 114 prompts (token figures of whole prompts were kept only per text) and the changed note\'s code highlighted; Astro\'s sync ~0.5 s, waiting on the search shard the edit reached; Vite ~1.3 s, ~0.25 s of it highlighting the lessons\' code again; the page keys ~0.5 s, mostly hashing ~40 MB of note HTML and text and ~43 MB of prompts already named by digests; ~2 s of pages (the edited soul\'s 4 bundle pages and images, the ~260 note pages whose edit-cost figures changed, the single pages); build:done ~1.2 s, ~0.4 s of it reading and cutting ~80 MB of unchanged soul pages for the search copies.',
  '',
  '- `src/node/tokens.ts`: a prompt\'s count, its tails\' counts and what a preset switch leaves cached are kept by prompt revision (the SHA-256 the loader computes anyway); a pointer\'s flip counts the whole note from its kept count.',
  '- `src/integration/search-index.ts`: the other pages\' search copies are kept with each page\'s size, mtime and inode, so only pages written anew are read and cut again.',
  '- `src/markdown/shiki.ts`: highlighted blocks are kept by language, meta and code.',
  '- `src/build/notes.ts`, `page-cache.ts`, `search-index.ts`: a note\'s HTML is named by its render key (`htmlKey`), so page keys and search shard keys no longer hash it, a shard no edit reached is not written out, and popover excerpts are kept with the rendered notes; bundle page keys name the prompt by its revision.',
  '- Measured in alternating A/B pairs of rebuilds on the same family (fastest / median of 4-6 each): the first three changes 8.5 / 9.2 s -> 7.5 / 8.0 s; the HTML keys 7.8 / 8.7 s -> 7.5 / 8.1 s; the prompt keys 6.8 / 7.2 s -> 6.3 / 7.0 s (the machine\'s speed moved between those runs, so compare within a pair only).',
  '- Not done: keeping members\' bundles from one build to the next. In a rebuild the loader now costs ~0.25 s for all 114 bundles (the notes are read once for their pages anyway), while the bundles themselves (each prompt and its documents\' texts) are ~86 MB at 5k notes, more to write and read back than loading them again costs.',
  '',
  '### Left',
  '',
  '- Pagefind is now the largest single cost of a big build after Astro\'s own rendering (~2-3 ms of CPU per page); only more cores or turning search off (`SOULPRESS_SEARCH=off`) hide it. A rebuild after one edit indexes again only the shard holding the edited note (~475 notes at 5k) and the ~150 pages other than notes.',
  '- The site data still carries every bundle\'s `promptText` (each preset bundle repeats its soul\'s notes) next to every note\'s HTML: no longer serialised, so it costs memory, not time.',
  '- A bundle page of a 200-note soul is ~0.7 MB of HTML (the load order and the full prompt inline, so it works without JavaScript); linking the prompt as a text file instead would make those pages lighter for readers too.',
  '- What is left in the preview is the SHA-256 of the whole prompt on every edit (Chromium copies the bytes into a fresh buffer first: at 7.66 MB that copy is most of the 5k-note time on this machine, whose page faults are slow), joining the prompt text, and `bundleView`\'s per-document work (anchors, rows).',
  '',
);
sections.push(...where);

// ---------------------------------------------------------------- 6. dev reload
function sampleCopy(out: string): { root: string; files: string[] } {
  const root = path.join(out, 'vaults');
  cpSync(SAMPLE, root, { recursive: true });
  const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.md'));
  return { root, files };
}

if (only.has('dev')) {
  const rows: DevReloadResult[] = [];
  for (const souls of SIZES.dev) {
    // The sample as it is (a copy, since the bench edits it), or the sample plus generated souls.
    const family = souls === 0 ? sampleCopy(tempDir('dev-sample')) : generateFamily(spec(souls, 200, 2), tempDir(`dev-${souls}`), SAMPLE);
    const label = souls === 0 ? 'the sample family' : `${fmt(family.files.length)} notes`;
    log(`6. dev reload: astro dev over ${label}`);
    try {
      rows.push(await devReload(souls === 0 ? 'sample' : '5k', family.root, family.files.length, SIZES.devEdits, log));
    } catch (error) {
      log(`   failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    discard(path.dirname(family.root));
  }
  sections.push(
    '## 6. Dev reload',
    '',
    `\`astro dev\` (search off, as in dev) over the sample family and over the sample plus 25 souls x 200 notes; \`/notes/pippa/core/curiosity/\` and \`/souls/pippa/\` open in headless Chromium; a line appended to \`soul://pippa/core/curiosity.md\` ${SIZES.devEdits} times per page. Each figure is from the write until the open page's \`<main>\` shows the line: the watcher's event, the integration loading the site again (only the changed note read and rendered again, only the members that read it loaded again), the data module dropped, the page reloaded by Vite's client and rendered by the dev server. Goals from issue 11: 1 s at the sample, 2 s at 5k notes.`,
    '',
    rows.length ? devReloadTable(rows, { sample: 1000, '5k': 2000 }) : 'not run',
    '',
  );
}

// ---------------------------------------------------------------- 7. check
if (only.has('check')) {
  const c = SIZES.check;
  const family = generateFamily({ souls: c.souls, notesPerSoul: c.notes, noteBytes: SIZES.checkNoteBytes, sharedCore: c.shared, guests: 0, seed }, tempDir('check'));
  const agents = generateAgents({ agents: c.agents, knowledge: 20, skills: 10, noteBytes: SIZES.checkNoteBytes, seed }, tempDir('agents'), path.join(REPO, 'content/agents'));
  log(`7. check: soul-vault check over ${c.souls} souls x ${c.notes} notes, psyche --check over ${c.agents} agents`);
  const runs = [
    benchCheck('`soul-vault check`', ['check', '--vault', family.root], family.root, '.md', c.pairs, log),
    benchCheck('`soul-vault psyche --check`', ['psyche', '--check', '--agents', agents.root], agents.root, undefined, c.pairs, log),
  ];
  discard(path.dirname(family.root));
  discard(path.dirname(agents.root));
  sections.push(
    '## 7. Check at the read floor',
    '',
    `\`soul-vault check\` over ${c.souls} souls x ${c.notes} notes with a shared core of ${c.shared} (~${SIZES.checkNoteBytes} B notes, one family), and \`soul-vault psyche --check\` over ${c.agents} agents (\`bench/generate.ts\` copies \`content/agents/*\` in turn and adds 20 knowledge entries and 10 skills to each, so each agent is its own bytes; a copy of the sample keeps its deliberate problems, so that check exits 1). Each is the built bin (\`lib/bin/soul-vault.js\`) in a new process, its start and module loading included, timed from spawn to exit. The floor is \`bench/read-floor.ts\`, also a new process: list the root and read and SHA-256 (node:crypto) every note under it once (for the agents, every file), 64 at a time. One warm-up run of each, then ${c.pairs} pairs back to back, who goes first alternating; the ratio is the median of the pairs' ratios. Goal from issue 21: within 2x.`,
    '',
    checkTable(runs, 2),
    '',
  );
}

// ---------------------------------------------------------------- report
const cpu = cpus();
const load1 = loadavg();
const header = [
  '# Soulpress benchmark results',
  '',
  `Written by \`npm run bench${quick ? ' -- --quick' : ''}\` (bench/run.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC in ${fmt((performance.now() - started) / 60000, 1)} min.`,
  '',
  `- Machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${fmt(totalmem() / 2 ** 30, 1)} GiB RAM (${fmt(freemem() / 2 ** 30, 1)} GiB free at the end), ${process.platform}`,
  `- Node ${process.version}; Astro ${(JSON.parse(readFileSync(path.join(REPO, 'node_modules/astro/package.json'), 'utf8')) as { version: string }).version}`,
  `- Load average at start ${load0.map((l) => fmt(l, 2)).join(' / ')}, at end ${load1.map((l) => fmt(l, 2)).join(' / ')}: anything above the core count means other processes shared the CPUs, and every timing below is slower and noisier by that much.`,
  `- Generated families: seed ${seed}, notes of ~${SIZES.noteBytes} B (0.5x to 1.5x), a shared core of ${SIZES.sharedCore} notes, folders up to 3 deep, frontmatter on every note (some \`prompt_loading\`), Markdown with headings, lists, code blocks and \`soul://\` links; \`bench/generate.ts\` writes them.`,
  '',
];
// The hand-kept measurements at the end of the last report (one-off runs that docs/decisions.md
// cites) are carried over, so a new run never drops them.
const KEPT = '## Measurements behind decisions';
const previous = (() => { try { return readFileSync(path.join(import.meta.dirname, 'RESULTS.md'), 'utf8'); } catch { return ''; } })();
const kept = previous.includes(KEPT) ? previous.slice(previous.indexOf(KEPT)) : '';
const report = [...header, ...sections, kept].join('\n').replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
mkdirSync(path.dirname(outFile), { recursive: true });
writeFileSync(outFile, report);
console.log(report);
rmSync(trashDir, { recursive: true, force: true });
rmSync(work, { recursive: true, force: true });
