// A worker of share-images.ts: draws each card it is sent, stores it and sends it back. It runs at the
// helpers' lower CPU priority (src/node/low-priority.ts), so the pages keep most of a core it shares.
import { parentPort } from 'node:worker_threads';
import { drawAndStore } from './share-images.ts';
import type { DrawJob, DrawReply } from './share-images.ts';
import { lowerThisThread } from '../node/low-priority.ts';

// Where it cannot be lowered (no /proc), drawing still works: it just competes with the pages.
lowerThisThread();

parentPort!.on('message', (job: DrawJob) => {
  drawAndStore(job).then(
    (png): DrawReply => ({ key: job.key, png }),
    (error: unknown): DrawReply => ({ key: job.key, error: error instanceof Error ? error.message : String(error) }),
  ).then((reply) => parentPort!.postMessage(reply));
});
