// A worker of share-images.ts: draws each card it is sent, stores it and sends it back. It runs at the
// lowest CPU priority, so on a busy machine it takes only the cycles Astro and Pagefind leave.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { drawAndStore } from './share-images.ts';
import type { DrawJob, DrawReply } from './share-images.ts';

// Linux schedules each thread on its own, named by its thread id (/proc/thread-self is task/<tid>).
// Elsewhere the worker keeps its priority: drawing still works, it just competes with the pages.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').at(-1)), 19);
} catch {
  // no /proc, or not allowed
}

parentPort!.on('message', (job: DrawJob) => {
  drawAndStore(job).then(
    (png): DrawReply => ({ key: job.key, png }),
    (error: unknown): DrawReply => ({ key: job.key, error: error instanceof Error ? error.message : String(error) }),
  ).then((reply) => parentPort!.postMessage(reply));
});
