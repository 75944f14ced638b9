// Full-text search in two Pagefind indexes the search page merges. Note pages, nearly every
// page of a big vault, are indexed from the site data while Astro renders (Pagefind is its own
// process, so on a second core that work is hidden: at 5k notes it was ~10 s at the end of the
// build). The other pages (souls, lessons, catalog, home) are indexed from the built HTML at
// build:done. What only repeats note text (a bundle's load order and full prompt, the list of
// every note) is marked data-search-ignore: a search lands on the note's own page.
import { readdirSync } from 'node:fs';
import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { close, createIndex } from 'pagefind';
import type { PagefindIndex } from 'pagefind';
import type { NoteView } from '../data/types.ts';
import { noteParam, notePath, NOTES_PATH, pageKind } from '../data/urls.ts';
import { esc } from '../preview/escape.ts';

/** Folders of the built site the two indexes are written to. */
export const PAGES_INDEX = 'pagefind';
export const NOTES_INDEX = 'pagefind-notes';

const EXCLUDE = ['[data-search-ignore]', '.site-header', '.site-footer', '.skip-link'];

/**
 * Pagefind's indexer runs beside Astro, which renders on one thread: left to itself it takes
 * every core and slows the rendering more than it gains (bench, 5k notes on 2 cores: ~1.5 s
 * slower). Its process is started by the first createIndex, with this process's environment,
 * so the thread limits are set just around that call (unless the user set their own).
 */
function withIndexerThreads<T>(start: () => T): T {
  const threads = String(Math.max(1, availableParallelism() - 1));
  const set = ['RAYON_NUM_THREADS', 'TOKIO_WORKER_THREADS'].filter((name) => process.env[name] === undefined);
  for (const name of set) process.env[name] = threads;
  try {
    return start();
  } finally {
    for (const name of set) delete process.env[name];
  }
}

async function newIndex(): Promise<PagefindIndex> {
  const { index, errors } = await withIndexerThreads(() => createIndex({ excludeSelectors: EXCLUDE }));
  if (!index) throw new Error(`pagefind could not start: ${errors.join('; ')}`);
  return index;
}

async function write(index: PagefindIndex, outputPath: string): Promise<void> {
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length > 0) throw new Error(`pagefind could not write its index to ${outputPath}: ${written.errors.join('; ')}`);
}

/** What the index reads of a note page: its title, summary and body, as the page shows them. */
export function noteDocument(note: NoteView): string {
  const lead = note.summary ? `<p>${esc(note.summary)}</p>` : '';
  return `<!doctype html><html lang="en"><head><title>${esc(note.title)}</title></head><body><main data-pagefind-meta="kind:${esc(pageKind(notePath(note.vault, note.path)))}"><h1>${esc(note.title)}</h1>${lead}${note.html}</main></body></html>`;
}

/**
 * Index every note page into `folder` (outside the outDir, which Astro empties when it starts).
 * Each note's document is written where Astro will write its page, and Pagefind walks that
 * folder itself in one call: its own threads, no round trip per note through this busy process,
 * and the same URLs and order as indexing the built pages would give.
 */
export async function indexNotes(notes: readonly NoteView[], folder: string): Promise<number> {
  const source = path.join(folder, 'pages');
  await Promise.all(
    notes.map(async (note) => {
      const dir = path.join(source, NOTES_PATH.slice(0, -1), ...noteParam(note.vault, note.path).split('/'));
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'index.html'), noteDocument(note));
    }),
  );
  const index = await newIndex();
  const added = await index.addDirectory({ path: source });
  if (added.errors.length > 0) throw new Error(`pagefind could not index the note pages: ${added.errors.join('; ')}`);
  if (added.page_count !== notes.length) throw new Error(`pagefind indexed ${added.page_count} note pages of ${notes.length}`);
  await write(index, path.join(folder, 'index'));
  await rm(source, { recursive: true, force: true });
  return notes.length;
}

/**
 * A Pagefind glob for every built page but the note pages (notes/index.html, the list, is in):
 * Pagefind reads and parses the files itself, on its own threads, instead of this process
 * sending each one over its pipe (bundle pages run to hundreds of KB each).
 */
function otherPagesGlob(outDir: string): string {
  const parts = ['*.html', `${NOTES_PATH}index.html`];
  // Top-level folders are the site's own routes (souls, lessons, ...), never a vault's names.
  for (const entry of readdirSync(outDir, { withFileTypes: true })) {
    if (entry.isDirectory() && `${entry.name}/` !== NOTES_PATH) parts.push(`${entry.name}/**/*.html`);
  }
  parts.sort();
  return `{${parts.join(',')}}`;
}

/** At build:done: move the notes index in, index the other pages; the page count of both. */
export async function writeSearchIndex(outDir: string, notesFolder: string, notes: Promise<number>): Promise<number> {
  try {
    const noteCount = await notes;
    const into = path.join(outDir, NOTES_INDEX);
    await rm(into, { recursive: true, force: true });
    const written = path.join(notesFolder, 'index');
    await rename(written, into).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EXDEV') throw error;
      await cp(written, into, { recursive: true });
    });
    await rm(notesFolder, { recursive: true, force: true });
    const index = await newIndex();
    const added = await index.addDirectory({ path: outDir, glob: otherPagesGlob(outDir) });
    if (added.errors.length > 0) throw new Error(`pagefind could not index ${outDir}: ${added.errors.join('; ')}`);
    await write(index, path.join(outDir, PAGES_INDEX));
    return noteCount + added.page_count;
  } finally {
    await close();
  }
}
