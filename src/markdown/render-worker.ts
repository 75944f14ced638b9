// A worker of render-pool.ts: takes batches from the shared counter until none is left, rendering
// each and sending its HTML back; ends when every job has been taken.
import { parentPort, workerData } from 'node:worker_threads';
import { renderBatch } from './render-pool.ts';
import type { WorkerReply, WorkerStart } from './render-pool.ts';

const { pages: list, jobs, next, batch } = workerData as WorkerStart;
const pages = new Map<string, string>(list);
const counter = new Int32Array(next);

for (let start = Atomics.add(counter, 0, batch); start < jobs.length; start = Atomics.add(counter, 0, batch)) {
  let reply: WorkerReply;
  try {
    reply = { start, html: await renderBatch(jobs.slice(start, start + batch), pages) };
  } catch (error) {
    reply = { start, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
  if ('error' in reply) break;
}
