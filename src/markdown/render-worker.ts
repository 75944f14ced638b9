// A worker of render-pool.ts: takes batches from the shared counter until none is left, rendering
// each and sending its HTML (and what it looked up) back; ends when every job has been taken.
import { parentPort, workerData } from 'node:worker_threads';
import { renderBatch } from './render-pool.ts';
import { highlighted } from './shiki.ts';
import type { WorkerReply, WorkerStart } from './render-pool.ts';

const { pages: list, jobs, next, batch, blocks } = workerData as WorkerStart;
const pages = new Map<string, string>(list);
const counter = new Int32Array(next);

// The lessons' code blocks first (shiki.ts, highlightAhead): the main thread asks for them while Vite
// compiles the lessons, before it needs any note. null on failure: the main thread then highlights them.
if (blocks.length > 0) {
  let highlightedBlocks: WorkerReply;
  try {
    const out = [];
    for (const b of blocks) out.push(await highlighted(b.code, b.lang, b.meta));
    highlightedBlocks = { blocks: out };
  } catch {
    highlightedBlocks = { blocks: null };
  }
  parentPort!.postMessage(highlightedBlocks);
}

for (let start = Atomics.add(counter, 0, batch); start < jobs.length; start = Atomics.add(counter, 0, batch)) {
  let reply: WorkerReply;
  try {
    reply = { start, notes: await renderBatch(jobs.slice(start, start + batch), pages) };
  } catch (error) {
    reply = { start, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
  if ('error' in reply) break;
}
