// A rebuild into the outDir the last build left keeps that build's unchanged pages where they are.
// Astro empties the outDir when a build starts, so its incremental build then copies every unchanged
// page back from the cache folder: at 5k notes, ~5,000 copies and about 2 s of a 15 s rebuild. Astro
// skips the copy for a page already in the outDir (its `vite.build.emptyOutDir: false` path), but that
// is only safe when the page there is the one the last build wrote. So:
//
// - at build:done, the integration records the pages Astro wrote or kept (their size, mtime and inode)
//   together with the stat of Astro's own cache manifest, in the cache folder;
// - at the next build's config:setup, the outDir is kept only if every recorded page still there is
//   unchanged and Astro's manifest is the one recorded; else Astro empties it, as always;
// - where Astro would empty it (build:start), everything but those pages is deleted (scripts, styles,
//   the search index, the sitemap: each build writes its own; the note shards of the search index are
//   checked and replaced by search-index.ts instead), and at build:done so is every kept page
//   this build no longer has (a removed note's), so the outDir ends holding what a cold build writes.
import { existsSync, lstatSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { workerEnv } from '../node/worker-env.ts';

const RECORD = 'soulpress-out-dir.v8';
/** Astro's incremental build manifest in the cache folder (astro/dist/core/build/incremental.js). */
const ASTRO_MANIFEST = 'incremental-build.json';

type Stamp = readonly [size: number, mtimeNs: bigint, ino: bigint];

interface OutDirRecord {
  outDir: string;
  manifest: Stamp | null;
  /** outDir-relative path (with `/`) -> stamp, for every page Astro wrote or kept. */
  pages: Map<string, Stamp>;
}

/** A kept outDir: the last build's pages in it, and its other files (deleted when the build starts). */
export interface KeptOutDir {
  pages: Set<string>;
  others: string[];
}

const same = (a: Stamp | null | undefined, b: Stamp | null | undefined): boolean => !!a && !!b && a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

// Listing and stamping are synchronous, on a worker thread for the check (below): at 5k notes the outDir
// holds ~18k entries, and Node's promise versions of a recursive readdir and 5k lstat calls cost about
// twice the CPU (0.5-0.8 s), much of it on the main thread while the vault loads there.

/** A file's size, modification time (ns) and inode: any write or replacement changes one of them. */
function stamp(file: string): Stamp | null {
  const s = lstatSync(file, { bigint: true, throwIfNoEntry: false });
  return s ? [Number(s.size), s.mtimeNs, s.ino] : null;
}

/** Every file under `dir`, relative and `/`-separated; `.git` is left out, as Astro leaves it. */
function list(dir: string): string[] {
  try {
    const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => !e.isDirectory()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')).filter((rel) => rel !== '.git' && !rel.startsWith('.git/'));
  } catch {
    return [];
  }
}

function readRecord(cacheDir: string): OutDirRecord | null {
  try {
    const r = deserialize(readFileSync(path.join(cacheDir, RECORD))) as Partial<OutDirRecord> | null;
    return r && typeof r.outDir === 'string' && r.pages instanceof Map ? (r as OutDirRecord) : null;
  } catch {
    return null;
  }
}

/**
 * Whether this build may keep `outDir` as the last build left it, and if so what is in it. Every recorded
 * page still there must be unchanged, and Astro's manifest must be the one that build left (a build that
 * died after Astro wrote a newer one leaves pages the cache no longer describes). Reads only.
 */
export function keepableOutDirSync(outDir: string, cacheDir: string): KeptOutDir | null {
  const record = readRecord(cacheDir);
  if (!record || record.outDir !== path.resolve(outDir)) return null;
  if (!same(record.manifest, stamp(path.join(cacheDir, ASTRO_MANIFEST)))) return null;
  const kept: KeptOutDir = { pages: new Set(), others: [] };
  for (const rel of list(outDir)) {
    if (record.pages.has(rel)) kept.pages.add(rel);
    else kept.others.push(rel);
  }
  for (const rel of kept.pages) if (!same(stamp(path.join(outDir, ...rel.split('/'))), record.pages.get(rel))) return null;
  return kept;
}

const WORKER = import.meta.url.endsWith('.ts') ? './kept-out-dir-worker.ts' : './kept-out-dir-worker.js';

/** keepableOutDirSync on a worker thread, off the main thread that loads the vault meanwhile; null if it fails. */
export function keepableOutDir(outDir: string, cacheDir: string): Promise<KeptOutDir | null> {
  // A first build (no record, or no outDir) has nothing to keep: no thread is started for it (~0.1 CPU-s).
  if (!existsSync(path.join(cacheDir, RECORD)) || !existsSync(outDir)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const worker = new Worker(new URL(WORKER, import.meta.url), { env: workerEnv(), workerData: { outDir, cacheDir } });
    worker.once('message', (kept: KeptOutDir | null) => resolve(kept));
    worker.once('error', () => resolve(null));
    worker.once('exit', () => resolve(null));
  });
}

/**
 * Where Astro would empty the outDir: delete everything in it but the kept pages, and but the files
 * `spare` names, which their owner checks and puts right itself (the search index's note shards).
 */
export function clearAllButPages(outDir: string, kept: KeptOutDir, spare: (rel: string) => boolean = () => false): void {
  removeFiles(outDir, kept.others.filter((rel) => !spare(rel)));
}

function removeFiles(outDir: string, files: readonly string[]): void {
  for (const rel of files) rmSync(path.join(outDir, ...rel.split('/')), { force: true });
  // Deepest first, so a folder emptied by its children's removal goes too; one still holding files stays.
  const folders = new Set<string>();
  for (const rel of files) for (let d = path.posix.dirname(rel); d !== '.'; d = path.posix.dirname(d)) folders.add(d);
  for (const d of [...folders].sort((a, b) => b.split('/').length - a.split('/').length)) {
    try {
      rmdirSync(path.join(outDir, ...d.split('/')));
    } catch {
      // Not empty: it still holds pages.
    }
  }
}

/** The outDir-relative files of build:done's `assets` (every page and endpoint Astro wrote or kept). */
export function assetFiles(outDir: string, assets: ReadonlyMap<string, readonly URL[]>): Set<string> {
  const out = new Set<string>();
  for (const urls of assets.values()) for (const url of urls) out.add(path.relative(outDir, fileURLToPath(url)).split(path.sep).join('/'));
  return out;
}

/** At build:done: delete the kept pages this build does not have (`pages`, from its assets). Returns how many. */
export function pruneOutDir(outDir: string, kept: KeptOutDir, pages: ReadonlySet<string>): number {
  const gone = [...kept.pages].filter((rel) => !pages.has(rel));
  removeFiles(outDir, gone);
  return gone.length;
}

/** Record this build's pages for the next build's keepableOutDir. */
export async function recordOutDir(outDir: string, cacheDir: string, pages: ReadonlySet<string>): Promise<void> {
  const stamps = new Map<string, Stamp>();
  for (const rel of pages) {
    const s = stamp(path.join(outDir, ...rel.split('/')));
    if (s) stamps.set(rel, s);
  }
  const record: OutDirRecord = { outDir: path.resolve(outDir), manifest: stamp(path.join(cacheDir, ASTRO_MANIFEST)), pages: stamps };
  const file = path.join(cacheDir, RECORD);
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, serialize(record));
  await rename(tmp, file);
}

