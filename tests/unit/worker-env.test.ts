// Worker threads start with the process's compile cache: Node does not pass it on by itself, so each
// build's workers compiled satori, resvg, Shiki and Sätteri afresh.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

const MODULE = new URL('../../src/node/worker-env.ts', import.meta.url).href;

/** The compile cache folder of a process whose cache is under `cache` (null: none), and of a worker it starts with workerEnv(). */
function cacheDirs(cache: string | null): [string, string] {
  const script = `
import module from 'node:module';
import { Worker } from 'node:worker_threads';
${cache === null ? '' : `module.enableCompileCache(${JSON.stringify(cache)});`}
const { workerEnv } = await import(${JSON.stringify(MODULE)});
const worker = new Worker("import module from 'node:module'; import { parentPort } from 'node:worker_threads'; parentPort.postMessage(String(module.getCompileCacheDir()));", { eval: true, env: workerEnv() });
worker.once('message', (dir) => { console.log(JSON.stringify([String(module.getCompileCacheDir()), dir])); void worker.terminate(); });
`;
  const env = { ...process.env };
  delete env['NODE_COMPILE_CACHE'];
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' })) as [string, string];
}

test('a worker started with workerEnv() uses the compile cache of its process', () => {
  const cache = mkdtempSync(path.join(os.tmpdir(), 'soulpress-cc-'));
  try {
    const [own, worker] = cacheDirs(cache);
    assert.ok(own.startsWith(path.resolve(cache)), own);
    assert.equal(worker, own);
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
});

test('a process without a compile cache starts its workers without one', () => {
  assert.deepEqual(cacheDirs(null), ['undefined', 'undefined']);
});
