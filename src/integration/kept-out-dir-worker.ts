// Runs keepableOutDirSync for src/integration/kept-out-dir.ts on its own thread.
import { parentPort, workerData } from 'node:worker_threads';
import { keepableOutDirSync } from './kept-out-dir.ts';

const { outDir, cacheDir } = workerData as { outDir: string; cacheDir: string };
parentPort!.postMessage(keepableOutDirSync(outDir, cacheDir));
