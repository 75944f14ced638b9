// The bench's CPU-by-thread sampler (bench/threads.ts): a child's main thread, its worker thread and
// its own child process are each counted where they ran.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { sampleThreads } from '../../bench/threads.ts';

// Each spins until it has run 0.5 s of CPU itself (not of the clock: the tests run beside each other),
// then stays a second idle, so a sample late on a loaded machine still finds it with its CPU.
const SCRIPT = `
const { Worker } = require('node:worker_threads');
const { spawn } = require('node:child_process');
const spin = 'const own = () => { const u = process.threadCpuUsage(); return (u.user + u.system) / 1e6; }; while (own() < 0.5); setTimeout(() => {}, 1000);';
const kid = spawn(process.execPath, ['-e', spin], { stdio: 'ignore' });
new Worker(spin, { eval: true }).on('exit', () => kid.on('exit', () => {}));
new Function(spin)();
`;

test('a build-like process: main thread, worker thread and child process each get their CPU', async () => {
  const child = spawn(process.execPath, ['-e', SCRIPT], { stdio: 'ignore' });
  const sampler = sampleThreads(child.pid!, 50);
  await new Promise((resolve) => child.on('close', resolve));
  const cpu = sampler.stop();
  // Without /proc (not Linux) there is nothing to sample, and the bench says so rather than show zeros.
  if (!existsSync('/proc/self/task')) return assert.equal(cpu, null);
  assert.ok(cpu, 'sampled');
  // Each ran 0.5 s, and was sampled after.
  assert.ok(cpu.main >= 0.3, `main ${cpu.main}`);
  assert.ok(cpu.workers >= 0.3, `workers ${cpu.workers}`);
  assert.ok(cpu.children >= 0.3, `children ${cpu.children}`);
});
