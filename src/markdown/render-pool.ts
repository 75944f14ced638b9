// Render many notes on every core: Markdown and Shiki are CPU work, and at thousands of notes
// they were most of the time the integration spent before Astro could start (bench, 5k notes:
// ~5.6 s of ~9 s). Worker threads run the very same renderNote, so the HTML is the same
// whichever thread made it.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Element } from 'hast';
import { renderNote } from './render-note.ts';
import { takeAhead } from './shiki.ts';
import type { CodeBlock } from './shiki.ts';
import { workerEnv } from '../node/worker-env.ts';

// The worker beside this module: the source here, the compiled file in the package's lib/.
const WORKER = import.meta.url.endsWith('.ts') ? './render-worker.ts' : './render-worker.js';

/** One note to render; `pages` (every note's page path by URI) is shared by all jobs. */
export interface RenderJob {
  body: string;
  vault: string;
  path: string;
  title: string;
}

/** What each worker is started with: every job, and the shared counter of the next job to take. */
export interface WorkerStart {
  pages: Array<[string, string]>;
  jobs: readonly RenderJob[];
  /** An Int32Array's buffer: its one cell is the index of the next job no worker has taken. */
  next: SharedArrayBuffer;
  batch: number;
  /** Code blocks to highlight before the notes (shiki.ts, highlightAhead): the first worker's only. */
  blocks: CodeBlock[];
}

export type WorkerReply = { start: number; notes: RenderedNote[] } | { start: number; error: string } | { blocks: Element[] | null };

// Below this many notes, starting workers (each loads Sätteri and Shiki) costs more than it saves.
const MIN_NOTES_FOR_WORKERS = 400;
const BATCH = 32;

// The main thread is busy the whole time the workers run (the loader, then Vite bundling the pages),
// so a worker per core oversubscribes: on 2 cores, 2 workers made a 2k-note build slower than 1
// (paired builds, bench/RESULTS.md). One core is left to the main thread.
export function defaultThreads(notes: number): number {
  return notes < MIN_NOTES_FOR_WORKERS ? 0 : Math.max(1, Math.min(availableParallelism() - 1, 8));
}

/**
 * A note as rendered: its HTML, and each URI its render looked up among the note pages (its soul://
 * links and code spans), once each in the order asked. Those are all the HTML takes from the site
 * beyond the note's own job, so the render cache can tell whether a note added, moved or removed
 * elsewhere changes it (render-cache.ts).
 */
export interface RenderedNote {
  html: string;
  lookups: string[];
}

/** Jobs rendered one after another in this thread: what each worker runs, and all of it for small vaults. */
export async function renderBatch(jobs: readonly RenderJob[], pages: ReadonlyMap<string, string>): Promise<RenderedNote[]> {
  const out: RenderedNote[] = [];
  for (const job of jobs) {
    const lookups = new Set<string>();
    const lookup = { get: (uri: string): string | undefined => (lookups.add(uri), pages.get(uri)) };
    const html = await renderNote(job.body, { vault: job.vault, path: job.path, pages: lookup, title: job.title });
    out.push({ html, lookups: [...lookups] });
  }
  return out;
}

/** Each job rendered, in job order. `threads` 0 renders in this thread. */
export async function renderNotes(jobs: readonly RenderJob[], pages: ReadonlyMap<string, string>, threads = defaultThreads(jobs.length)): Promise<RenderedNote[]> {
  if (threads <= 0) return renderBatch(jobs, pages);
  return inWorkers(jobs, pages, Math.min(threads, Math.ceil(jobs.length / BATCH)));
}

/**
 * Every worker is handed all the jobs and takes the next batch from a shared counter when it is done
 * with one, so none waits for the main thread: handed batches by the main thread, a worker sat idle
 * while the main thread was busy loading the souls and counting tokens (at 5k notes, about 1.6 s of
 * its first 5), and a slow batch still does not hold the other workers up.
 */
function inWorkers(jobs: readonly RenderJob[], pages: ReadonlyMap<string, string>, threads: number): Promise<RenderedNote[]> {
  const out = new Array<RenderedNote>(jobs.length);
  const workers: Worker[] = [];
  const start: WorkerStart = { pages: [...pages], jobs, next: new SharedArrayBuffer(4), batch: BATCH, blocks: [] };
  const ahead = takeAhead();
  let left = jobs.length;
  let ended = 0;
  return new Promise<RenderedNote[]>((resolve, reject) => {
    let settled = false;
    const finish = (error?: Error): void => {
      if (settled) return;
      settled = true;
      // Blocks a failed or finished pool did not send back are highlighted by the thread that asks.
      ahead?.settle(null);
      for (const w of workers) void w.terminate();
      if (error) reject(error);
      else resolve(out);
    };
    for (let i = 0; i < threads; i++) {
      const worker = new Worker(new URL(WORKER, import.meta.url), { env: workerEnv(), workerData: i === 0 && ahead ? { ...start, blocks: ahead.blocks } : start });
      workers.push(worker);
      worker.on('message', (reply: WorkerReply) => {
        if ('blocks' in reply) return ahead?.settle(reply.blocks);
        if ('error' in reply) return finish(new Error(reply.error));
        reply.notes.forEach((note, i) => (out[reply.start + i] = note));
        left -= reply.notes.length;
        if (left === 0) finish();
      });
      worker.on('error', (error: unknown) => finish(error instanceof Error ? error : new Error(String(error))));
      // A worker ends once no batch is left to take; only an early end, or every worker ended with
      // HTML missing, is a failure.
      worker.on('exit', (code) => {
        ended++;
        if (code !== 0 || (ended === threads && left > 0)) finish(new Error(`a note rendering worker stopped (exit code ${code}) with ${left} notes not rendered`));
      });
    }
  });
}
