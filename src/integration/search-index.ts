// Full-text search in Pagefind indexes the search page merges. Note pages, nearly every
// page of a big vault, are indexed from the site data while Astro renders (Pagefind is its own
// process, so on a second core that work is hidden: at 5k notes it was ~10 s at the end of the
// build). The other pages (souls, lessons, catalog, home) are indexed from the built HTML at
// build:done, through copies without what Pagefind would leave out (search-copy.ts). What only
// repeats note text or figures (a bundle's load order and full prompt, the list of every note, the
// family map's matrix, the bundles that carry each catalog note) is marked data-search-ignore: a
// search lands on the note's or the bundle's own page.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { PagefindIndex } from 'pagefind';
import { mapPooled } from '../core/pool.ts';
import type { NoteView } from '../data/types.ts';
import { noteIndexPath, noteParam, notePath, NOTES_PATH, PAGES_INDEX_PATH, pageKind, NOTE_INDEXES_PATH } from '../data/urls.ts';
import { shardsOf } from '../data/search-shards.ts';
import { KeptFile } from '../node/kept-file.ts';
import { canLowerThreads, childProcesses, lowerChildren } from '../node/low-priority.ts';
import { sourceDigest, versionOf } from '../node/package-version.ts';
import { esc } from '../render/escape.ts';
import { searchCopyBytes } from './search-copy.ts';


// Page chrome is left out, so excerpts read as the page's text: buttons ("Copy"), code captions'
// language names, badges, breadcrumbs, section lists and heading anchors.
const EXCLUDE = [
  '[data-search-ignore]',
  '.site-header',
  '.site-footer',
  '.skip-link',
  'button',
  '.code-lang',
  '.breadcrumb',
  '.eyebrow',
  '.lesson-meta',
  '.lesson-card-meta',
  '.tags',
  '.mode',
  '.mode-inline',
  '.distance',
  '.status',
  '.page-toc',
  '.toc',
  '.heading-anchor',
  '.note-tree',
];

/**
 * Pagefind's indexer runs beside Astro, which renders on one thread. Left to itself it took every core
 * and slowed the rendering more than it gained (bench, 5k notes on 2 cores: ~1.5 s slower); held to one
 * thread fewer than the cores it still took its share of the rendering's core, and when the last page
 * was written it had one thread for what was left. So where its threads can be lowered (Linux) it gets
 * a thread for every core at the helpers' lower priority (lowerIndexer, src/node/low-priority.ts): the
 * pages keep most of a core they share with it while they render, and it gets every core once they are
 * done (bench/RESULTS.md, "The indexer at the lowest priority", and "The helpers' priority on a busy
 * machine" for why no longer the lowest). Elsewhere it keeps one thread fewer than the cores. Its process is started by the first
 * createIndex, with this process's environment, so the thread counts are set just around that call
 * (unless the user set their own).
 */
function withIndexerThreads<T>(start: () => T): T {
  const threads = String(canLowerThreads() ? availableParallelism() : Math.max(1, availableParallelism() - 1));
  const set = ['RAYON_NUM_THREADS', 'TOKIO_WORKER_THREADS'].filter((name) => process.env[name] === undefined);
  for (const name of set) process.env[name] = threads;
  try {
    return start();
  } finally {
    for (const name of set) delete process.env[name];
  }
}

/**
 * One indexer process of the pagefind package, which runs one per instance of its module (and starts
 * it with the first createIndex). A process indexes one index at a time on about one core (two indexes
 * handed to the same process took as long as one after the other), so the note shards are spread over
 * lanes, each its own process: the second lane imports the package again under another URL, which Node
 * loads as a module of its own (bench/RESULTS.md, "Two indexer processes").
 */
interface Lane {
  pagefind: Pagefind;
  /** Whether its process has been lowered: once per process, which close() ends. */
  lowered: boolean;
}

type Pagefind = typeof import('pagefind');

const lanes: Lane[] = [];

/**
 * Stop the indexers when this process exits: a build that fails while they are indexing gives them no
 * build:done, and an indexer answering on a pipe this process had closed printed a Rust panic and a
 * backtrace under the build's own error. They are killed before any pipe closes (found by name, as
 * lowerIndexer finds them): the package's close() shuts the pipes first, and an indexer that wrote in
 * between still panicked. close() then covers a system without /proc.
 */
const stopAtExit = (): void => {
  for (const pid of childProcesses('pagefind')) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  for (const at of lanes) void at.pagefind.close();
};

let stopsAtExit = false;

/** Lane `k`, its module imported the first time it is asked for. */
async function lane(k: number): Promise<Lane> {
  // Once per process: the first lanes are asked for together, before any is in `lanes`.
  if (!stopsAtExit) {
    stopsAtExit = true;
    process.once('exit', stopAtExit);
  }
  if (lanes[k] === undefined) {
    const pagefind = (k === 0 ? await import('pagefind') : await import(`${import.meta.resolve('pagefind')}?lane=${k}`)) as Pagefind;
    lanes[k] ??= { pagefind, lowered: false };
  }
  return lanes[k]!;
}

/**
 * How many indexer processes the note shards get: one per core (up to four, each holding its own index in
 * memory) where they run at the helpers' lower priority, so that the pages keep most of the cores while
 * they render and the indexing left when the last page is written finishes on every core instead of one (at
 * 5k Markdown-rich notes on 2 cores, build:done waited 2.4-3.4 s for one process and 0.9-1.4 s for two). Where they
 * cannot be lowered, one: no more than one process then competes with the pages for the cores.
 */
function laneCount(shards: number): number {
  return Math.max(1, Math.min(shards, canLowerThreads() ? Math.min(4, availableParallelism()) : 1));
}

/** Lower a lane's threads once its process runs (the pagefind package names no pid: every child named pagefind* is lowered). */
function lowerIndexer(at: Lane): void {
  if (at.lowered || !canLowerThreads()) return;
  at.lowered = lowerChildren('pagefind').length > 0;
}

/** Stop every indexer process; the next index starts (and lowers) new ones. */
export async function closeIndexers(): Promise<void> {
  await Promise.all(lanes.map(async (at) => {
    await at.pagefind.close();
    at.lowered = false;
  }));
}

/**
 * What a note's document can hold of EXCLUDE: the renderer's own elements (a note's HTML is made by
 * src/markdown, which escapes any HTML a note holds). Pagefind matches every selector against every
 * element, and a note's highlighted code is an element per token: the full list took about a twentieth
 * more of the indexer's time over the notes.
 */
const NOTE_EXCLUDE = ['button', '.code-lang', '.heading-anchor'];

async function newIndex(at: Lane, excludeSelectors: readonly string[]): Promise<PagefindIndex> {
  const { index, errors } = await withIndexerThreads(() => at.pagefind.createIndex({ excludeSelectors: [...excludeSelectors] }));
  if (!index) throw new Error(`pagefind could not start: ${errors.join('; ')}`);
  lowerIndexer(at);
  return index;
}

async function write(index: PagefindIndex, outputPath: string): Promise<void> {
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length > 0) throw new Error(`pagefind could not write its index to ${outputPath}: ${written.errors.join('; ')}`);
}

/** What the index reads of a note page: its title, summary and body, as the page shows them. */
export function noteDocument(note: NoteView): string {
  const lead = note.summary ? `<p>${esc(note.summary)}</p>` : '';
  return `<!doctype html><html lang="en"><head><title>${esc(note.title)}</title></head><body><main data-pagefind-meta="kind:${esc(pageKind(notePath(note.vault, note.path)))}"><h1>${esc(note.title)}</h1>${lead}${withoutCodeSpans(note.html)}</main></body></html>`;
}

const PRE = /<pre\b[^>]*>[\s\S]*?<\/pre>/g;
const SPAN = /<span\b[^>]*>|<\/span>/g;

/**
 * The HTML without the spans inside its code blocks: Shiki's, a line and a token each, a fifth of a
 * note's HTML at 2k notes. They hold no break between words, so Pagefind's index is the same byte for
 * byte (tests/unit/search-document.test.ts), and it parses ~20% less (5-30% less of its time over the
 * 2k notes, for ~10 ms of this thread). A note's HTML has no other <pre>: the renderer escapes raw HTML.
 */
function withoutCodeSpans(html: string): string {
  return html.replace(PRE, (pre) => pre.replace(SPAN, ''));
}

/** The file every Pagefind index has; a shard is moved into the cache folder whole, so a cached one holding it is complete. */
const ENTRY = 'pagefind-entry.json';

/** Where a note's document would lie in the site (`/`-separated): the path its page has, from which Pagefind makes its URL. */
const documentPath = (note: NoteView): string => `${NOTES_PATH}${noteParam(note.vault, note.path)}/index.html`;

/** This module's own bytes, by digest: noteDocument's code is part of what a shard is made of. */
let moduleDigest: string | undefined;

/**
 * A shard's key: the indexer's version and settings, this module (noteDocument's code), and per note where
 * its document lies and what noteDocument makes it of (its place, title, summary, and the HTML by its
 * htmlKey); equal keys, equal index files.
 */
function shardKey(shard: readonly NoteView[]): string {
  moduleDigest ??= sourceDigest(new URL(import.meta.url));
  const hash = createHash('sha256').update(`pagefind@${versionOf('pagefind')}\0${moduleDigest}\0${NOTE_EXCLUDE.join('\0')}\0`);
  for (const note of shard) hash.update(JSON.stringify([documentPath(note), note.vault, note.path, note.title, note.summary, note.htmlKey])).update('\u0001');
  return hash.digest('base64url');
}

/**
 * Every folder of `folders` (relative to `root`) and their parents, each made once, a level at a time. A
 * recursive mkdir per file, many at once, retried its way up and down the shared parents: about six mkdir
 * calls a file, most of them failing (strace of a 2k-note build, when the notes' documents were files too).
 */
async function makeFolders(root: string, folders: readonly string[]): Promise<void> {
  const levels: Array<Set<string>> = [];
  for (const folder of folders) {
    const parts = folder.split(path.sep).filter((p) => p !== '' && p !== '.');
    for (let depth = 1; depth <= parts.length; depth++) (levels[depth - 1] ??= new Set()).add(parts.slice(0, depth).join(path.sep));
  }
  for (const level of levels) await mapPooled([...level], 64, (f) => mkdir(path.join(root, f)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  }));
}

/** Each of `files` (relative to `root`) written under `root`, its folders made first, `limit` at a time. */
async function writeAt(root: string, files: readonly string[], limit: number, content: (file: string) => string | Buffer | Promise<string | Buffer>): Promise<void> {
  await mkdir(root, { recursive: true });
  await makeFolders(root, files.map((f) => path.dirname(f)));
  await mapPooled(files, limit, async (f) => writeFile(path.join(root, f), await content(f)));
}

/** One shard's index, written to `written` and then moved to `cached`. */
async function indexShard(at: Lane, shard: readonly NoteView[], written: string, cached: string): Promise<void> {
  const index = await newIndex(at, NOTE_EXCLUDE);
  // Handed over as text, not written to a folder for Pagefind to walk: the same index, without writing,
  // reading and deleting a file and its folders per note (0.3-1.6 CPU-s at 2k notes, against ~0.25 s).
  const added = await Promise.all(shard.map((note) => index.addHTMLFile({ sourcePath: documentPath(note), content: noteDocument(note) })));
  const errors = added.flatMap((a) => a.errors);
  if (errors.length > 0) throw new Error(`pagefind could not index the note pages: ${errors.join('; ')}`);
  await write(index, written);
  // Another build sharing the cache may have put the same shard there first: theirs is the same.
  await rename(written, cached).catch(async (error: NodeJS.ErrnoException) => {
    if (!existsSync(path.join(cached, ENTRY))) throw error;
    await rm(written, { recursive: true, force: true });
  });
}

/**
 * Index the note pages, one Pagefind index per shard (src/data/search-shards.ts), into
 * `<cacheDir>/soulpress-search/<key>/`; a shard whose documents are unchanged since the last build
 * is already there. Each document is handed to Pagefind as text under the path its page will have
 * (so the index has the page's URL), in shard order, which Pagefind keeps; `folder` (outside the outDir,
 * which Astro empties when it starts) holds each index while it is written. The shards are spread over
 * laneCount indexer processes. Returns each shard's index folder, in shard order.
 */
export async function indexNotes(notes: readonly NoteView[], folder: string, cacheDir: string): Promise<string[]> {
  const store = path.join(cacheDir, 'soulpress-search');
  await mkdir(store, { recursive: true });
  const shards = shardsOf(notes, (n) => n.uri);
  const indexed = shards.map((shard) => path.join(store, shardKey(shard)));
  const missing = shards.flatMap((shard, i) => (existsSync(path.join(indexed[i]!, ENTRY)) ? [] : [{ shard, i }]));
  // Each lane takes the next missing shard until none is left; shard order is kept by the folders' names.
  let next = 0;
  const run = async (k: number): Promise<void> => {
    // A second instance of the package that cannot be loaded (a loader that ignores the query) leaves its
    // shards to the first lane, which always runs.
    const at = k === 0 ? await lane(0) : await lane(k).catch(() => null);
    if (at === null) return;
    while (next < missing.length) {
      const { shard, i } = missing[next++]!;
      await indexShard(at, shard, path.join(folder, `index-${i}`), indexed[i]!);
    }
  };
  await Promise.all(Array.from({ length: laneCount(missing.length) }, (_, k) => run(k)));
  // What this build did not use is a shard no build will ask for again (an older revision).
  const keep = new Set(indexed.map((f) => path.basename(f)));
  for (const entry of readdirSync(store)) if (!keep.has(entry)) await rm(path.join(store, entry), { recursive: true, force: true });
  return indexed;
}

/** Every built page but the note pages (notes/index.html, the list, is in), relative to `outDir`. */
async function otherPages(outDir: string): Promise<string[]> {
  const pages: string[] = [];
  // Top-level folders are the site's own routes (souls, lessons, ...), never a vault's names.
  for (const entry of await readdir(outDir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) pages.push(entry.name);
    else if (entry.isDirectory() && `${entry.name}/` !== NOTES_PATH) {
      for (const f of await readdir(path.join(outDir, entry.name), { recursive: true, withFileTypes: true })) {
        if (f.isFile() && f.name.endsWith('.html')) pages.push(path.relative(outDir, path.join(f.parentPath, f.name)));
      }
    }
  }
  if (existsSync(path.join(outDir, NOTES_PATH, 'index.html'))) pages.push(path.join(NOTES_PATH, 'index.html'));
  return pages.sort();
}

/** Where the other pages' search copies are kept between builds, one folder per outDir (builds side by side may share the cache folder). */
function copiesFolder(outDir: string, cacheDir: string): { folder: string; record: string } {
  const name = `soulpress-search-copies/${createHash('sha256').update(path.resolve(outDir)).digest('base64url').slice(0, 16)}`;
  return { folder: path.join(cacheDir, name), record: name };
}

/**
 * The other pages as Pagefind should read them (search-copy.ts), under a folder at the paths they have
 * in `outDir`, so the index Pagefind makes of the folder has the site's URLs and order. The copies are
 * kept in the cache folder with each page's size, mtime and inode when it was copied: a page the build
 * kept in place or copied from Astro's cache unchanged is not read and cut again (at 5k notes, ~80 MB
 * of soul and preset pages, ~0.4 s of a rebuild). A copy whose page is gone is removed.
 */
async function copyOtherPages(outDir: string, cacheDir: string): Promise<{ folder: string; count: number; copied: number }> {
  const { folder, record } = copiesFolder(outDir, cacheDir);
  const kept = await KeptFile.open<string>(cacheDir, record, sourceDigest(new URL('./search-copy.ts', import.meta.url)));
  const pages = await otherPages(outDir);
  const present = new Set(existsSync(folder) ? (await readdir(folder, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.relative(folder, path.join(e.parentPath, e.name))) : []);
  const stamps = new Map<string, string>();
  await mapPooled(pages, 64, async (p) => {
    const s = await stat(path.join(outDir, p), { bigint: true });
    const stamp = `${s.size} ${s.mtimeNs} ${s.ino}`;
    if (kept.get(p) !== stamp || !present.has(p)) stamps.set(p, stamp);
  });
  const wanted = new Set(pages);
  await mapPooled([...present].filter((p) => !wanted.has(p)), 64, (p) => rm(path.join(folder, p), { force: true }));
  // Fewer at once than the notes' documents: each of these is read whole first (a soul page is ~700 KB).
  await writeAt(folder, [...stamps.keys()], 16, async (p) => searchCopyBytes(await readFile(path.join(outDir, p))));
  // Recorded only once written: a build that stops before this copies those pages again.
  for (const [p, stamp] of stamps) kept.set(p, stamp);
  await kept.save();
  return { folder, count: pages.length, copied: stamps.size };
}

/** Whether an outDir-relative file (`/`-separated) is part of the notes' shards: a kept outDir leaves them to placeShard. */
export const isNoteIndexFile = (rel: string): boolean => rel.startsWith(NOTE_INDEXES_PATH);

/** Whether two paths are one file (a hard link of the other, or itself); false when either is missing. */
async function oneFile(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([stat(a, { bigint: true }).catch(() => null), stat(b, { bigint: true }).catch(() => null)]);
  return x !== null && y !== null && x.ino === y.ino && x.dev === y.dev;
}

/**
 * Put a cached shard's files into the site as hard links (a 5k-note site has ~5k fragment files:
 * copying them took ~3 s of a rebuild, fs.cp stating, copying and setting modes one at a time).
 * Nothing writes a built index file again (the next build empties the outDir first, and the folder
 * is removed here before linking), so site and cache can share them; where links are refused (the
 * cache on another file system) the file is copied.
 */
async function placeShard(from: string, to: string): Promise<void> {
  // A kept outDir (kept-out-dir.ts) may hold this very shard already, placed whole by the last build: its
  // entry file is then a link of the cached one (a shard's cache folder is named by its contents and
  // never written again, so a rebuilt shard is other files).
  if (await oneFile(path.join(from, ENTRY), path.join(to, ENTRY))) return;
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  await rm(to, { recursive: true, force: true });
  await mkdir(to, { recursive: true });
  for (const e of entries) if (e.isDirectory()) await mkdir(path.join(to, path.relative(from, path.join(e.parentPath, e.name))), { recursive: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.relative(from, path.join(e.parentPath, e.name)));
  const place = (f: string): Promise<void> => link(path.join(from, f), path.join(to, f)).catch(() => copyFile(path.join(from, f), path.join(to, f)));
  await mapPooled(files, 64, place);
}

/** At build:done: copy the notes' shards in, index the other pages; the page count of both, and how many of the other pages were copied anew. */
export async function writeSearchIndex(outDir: string, cacheDir: string, notesFolder: string, shards: Promise<string[]>, noteCount: number): Promise<{ pages: number; others: number; copied: number }> {
  try {
    const folders = await shards;
    await Promise.all(folders.map((from, i) => placeShard(from, path.join(outDir, noteIndexPath(i)))));
    // A kept outDir may hold shards past this build's count (the vault lost notes).
    const placed = new Set(folders.map((_, i) => path.resolve(outDir, noteIndexPath(i))));
    const root = path.join(outDir, NOTE_INDEXES_PATH);
    for (const entry of await readdir(root).catch(() => [])) if (!placed.has(path.resolve(root, entry))) await rm(path.join(root, entry), { recursive: true, force: true });
    const { folder, count, copied } = await copyOtherPages(outDir, cacheDir);
    const index = await newIndex(await lane(0), EXCLUDE);
    const added = await index.addDirectory({ path: folder });
    if (added.errors.length > 0) throw new Error(`pagefind could not index ${outDir}: ${added.errors.join('; ')}`);
    if (added.page_count !== count) throw new Error(`pagefind indexed ${added.page_count} pages of ${count}`);
    await write(index, path.join(outDir, PAGES_INDEX_PATH));
    return { pages: noteCount + added.page_count, others: count, copied };
  } finally {
    await closeIndexers();
    await rm(notesFolder, { recursive: true, force: true });
  }
}
