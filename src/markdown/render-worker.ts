// A worker of render-pool.ts: renders the batches it is sent, in order.
import { parentPort, workerData } from 'node:worker_threads';
import { renderBatch } from './render-pool.ts';
import type { WorkerBatch, WorkerReply } from './render-pool.ts';

const pages = new Map<string, string>((workerData as { pages: Array<[string, string]> }).pages);

parentPort!.on('message', async ({ start, jobs }: WorkerBatch) => {
  let reply: WorkerReply;
  try {
    reply = { start, html: await renderBatch(jobs, pages) };
  } catch (error) {
    reply = { start, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
