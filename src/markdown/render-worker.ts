// A worker of render-pool.ts: renders the batches it is sent with renderNote, in order.
import { parentPort, workerData } from 'node:worker_threads';
import { renderNote } from './render-note.ts';
import type { WorkerBatch, WorkerReply } from './render-pool.ts';

const pages = new Map<string, string>((workerData as { pages: Array<[string, string]> }).pages);

parentPort!.on('message', async ({ start, jobs }: WorkerBatch) => {
  let reply: WorkerReply;
  try {
    const html: string[] = [];
    for (const job of jobs) html.push(await renderNote(job.body, { vault: job.vault, path: job.path, pages, title: job.title }));
    reply = { start, html };
  } catch (error) {
    reply = { start, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
