// `astro preview` serves a dist/ that is already built without loading the vault, and `astro sync`
// (the typecheck's first step) writes its types without one: a note broken after the build blocks
// neither (issue 11, item 2). --ignore-lock: Astro 7 allows one tracked preview per project, and a
// developer's own may be running.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { DIST, ROOT, VAULTS, cleanup, exists, tmp } from './helpers/dist.ts';

const work = tmp('preview-sync');
after(() => cleanup(work));
const broken = path.join(work, 'vaults');
cpSync(VAULTS, broken, { recursive: true });
rmSync(path.join(broken, 'pippa', 'instructions.md'));
const astro = path.join(ROOT, 'node_modules/astro/bin/astro.mjs');
const env = { ...process.env, SOUL_VAULT_DIR: broken, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' };

test('astro sync succeeds over a broken vault', () => {
  const run = spawnSync(process.execPath, [astro, 'sync', '--root', ROOT], { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.doesNotMatch(run.stdout + run.stderr, /identity_document_missing/);
});

test('astro preview serves the built dist/ over a broken vault', async () => {
  assert.ok(exists(path.join(DIST, 'souls/pippa/index.html')), 'the default build is there to serve');
  const port = 4400 + Math.floor(Math.random() * 400);
  const child = spawn(process.execPath, [astro, 'preview', '--ignore-lock', '--root', ROOT, '--host', '127.0.0.1', '--port', String(port)], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d));
  child.stderr.on('data', (d: Buffer) => (output += d));
  try {
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = await fetch(`http://127.0.0.1:${port}/souls/pippa/`).then((r) => r.status, () => 0);
      if (child.exitCode !== null) break;
    }
    assert.equal(status, 200, output);
    assert.doesNotMatch(output, /identity_document_missing/);
  } finally {
    child.kill();
  }
});
