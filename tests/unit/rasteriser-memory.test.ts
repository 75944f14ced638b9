// resvg's allocator (its own mimalloc) keeps a card's pixmap between cards instead of faulting it in
// again for each. Its settings must be in the process's environment before resvg first loads, which in a
// build happens on the share image worker, whose process.env is only a copy: these tests read the
// settings back from mimalloc itself (MIMALLOC_VERBOSE), in a process that draws as a build does and in
// one that draws in place as the dev server does.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { SAMPLE, srcImport as src } from './helpers.ts';

const SETTINGS = ['MIMALLOC_PURGE_DELAY', 'MIMALLOC_ALLOW_LARGE_OS_PAGES'];

/** The options resvg's mimalloc reports in a process that draws a card as `how` says, under the extra `env`. */
function allocatorOptions(how: 'build' | 'in place', env: Record<string, string> = {}): Map<string, string> {
  const cache = mkdtempSync(path.join(os.tmpdir(), 'soulpress-rasteriser-'));
  const draw =
    how === 'build'
      ? `const { loadSite } = await import(${src('build/site.ts')});
         const { prepareShareImages } = await import(${src('build/share-images.ts')});
         const { site } = await loadSite({ vault: ${JSON.stringify(SAMPLE)}, agents: ${JSON.stringify(path.join(SAMPLE, 'no-agents'))}, harness: 'webui', title: 'T', search: false, historyDepth: 0, cacheDir: null, prices: [] });
         const done = await prepareShareImages({ ...site, bundles: site.bundles.slice(0, 1), agents: [] }, ${JSON.stringify(cache)});
         if (done.drawn !== 1 || done.workers !== 1) throw new Error('not drawn on a worker: ' + JSON.stringify(done));`
      : `const { ogImage } = await import(${src('build/og-image.ts')});
         await ogImage({ kind: 'Soul', name: 'n', preset: null, context: 'c', figures: [], segments: [], note: null, alt: '' }, 'T');`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, MIMALLOC_VERBOSE: '1', ...env };
  for (const name of SETTINGS) if (!(name in env)) delete childEnv[name];
  try {
    // A script file, not \`-e\`: a worker of an evaluated script printed nothing of mimalloc's.
    const script = path.join(cache, 'draw.mjs');
    writeFileSync(script, draw);
    const run = spawnSync(process.execPath, [script], { env: childEnv, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    return new Map([...run.stderr.matchAll(/^mimalloc: option '(\w+)': (-?\w+)/gm)].map((m) => [m[1]!, m[2]!]));
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

test('a build draws its cards with resvg keeping its memory, in 2 MiB pages where it can', () => {
  const options = allocatorOptions('build');
  assert.equal(options.get('purge_delay'), '-1');
  assert.equal(options.get('allow_large_os_pages'), '1');
});

test('a card drawn in place (the dev server) gets the same settings', () => {
  const options = allocatorOptions('in place');
  assert.equal(options.get('purge_delay'), '-1');
  assert.equal(options.get('allow_large_os_pages'), '1');
});

test('settings the user gave are kept', () => {
  const options = allocatorOptions('in place', { MIMALLOC_PURGE_DELAY: '25', MIMALLOC_ALLOW_LARGE_OS_PAGES: '0' });
  assert.equal(options.get('purge_delay'), '25');
  assert.equal(options.get('allow_large_os_pages'), '0');
});
