// src/core runs in the browser too: no Node built-ins, no Buffer, no require.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ROOT } from './helpers.ts';

const CORE = path.join(ROOT, 'src', 'core');
const NODE_ONLY = new Set(['fs', 'fs/promises', 'path', 'crypto', 'os', 'url', 'util', 'stream', 'buffer', 'child_process', 'process', 'module', 'worker_threads']);

/** Every reason a source text is not isomorphic; empty when it is. */
function nodeOnlyUses(source: string): string[] {
  const found: string[] = [];
  // Static imports and re-exports, side-effect imports, and dynamic import().
  const specifiers = /\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;
  for (const m of source.matchAll(specifiers)) {
    const spec = m[1]!;
    if (spec.startsWith('node:') || NODE_ONLY.has(spec) || NODE_ONLY.has(spec.split('/')[0]!)) found.push(`imports ${spec}`);
  }
  if (/\bBuffer\b/.test(source)) found.push('uses Buffer');
  if (/\brequire\s*\(/.test(source)) found.push('calls require(');
  if (/\bprocess\.(?:env|cwd|argv|platform)\b/.test(source)) found.push('reads process');
  return found;
}

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sources(full)));
    else if (/\.(?:ts|js|mjs|mts)$/.test(entry.name)) out.push(full);
  }
  return out;
}

describe('src/core is isomorphic', () => {
  test('the scanner catches each forbidden use', () => {
    assert.deepEqual(nodeOnlyUses("import { readFile } from 'node:fs/promises';"), ['imports node:fs/promises']);
    assert.deepEqual(nodeOnlyUses('import path from "path";'), ['imports path']);
    assert.deepEqual(nodeOnlyUses("export { x } from 'fs';"), ['imports fs']);
    assert.deepEqual(nodeOnlyUses("const c = await import('crypto');"), ['imports crypto']);
    assert.deepEqual(nodeOnlyUses("import 'node:process';"), ['imports node:process']);
    assert.deepEqual(nodeOnlyUses('const b = Buffer.from(x);'), ['uses Buffer']);
    assert.deepEqual(nodeOnlyUses("const y = require('yaml');"), ['calls require(']);
    assert.deepEqual(nodeOnlyUses("import { parse } from 'yaml';\nconst d = new TextDecoder();"), []);
  });

  test('no file under src/core imports node: modules, fs, path or crypto, or uses Buffer or require(', async () => {
    const files = await sources(CORE);
    assert.ok(files.length >= 10, `only ${files.length} files found under src/core`);
    const problems: string[] = [];
    for (const file of files) {
      for (const use of nodeOnlyUses(await readFile(file, 'utf8'))) problems.push(`${path.relative(ROOT, file)}: ${use}`);
    }
    assert.deepEqual(problems, []);
  });
});

// The site's own code is laid out by where it runs: src/data (the site data's types, routes and
// views) runs in the build and in the browser's preview; src/build computes the site data in Node;
// src/astro is what only Astro's pages can import (its virtual modules).
const IMPORTS = /\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;

/** Where each import of a file points: a package or built-in as written, a relative one as a path from the repo. */
async function importsOf(file: string): Promise<string[]> {
  const source = await readFile(file, 'utf8');
  return [...source.matchAll(IMPORTS)].map((m) => (m[1]!.startsWith('.') ? path.relative(ROOT, path.resolve(path.dirname(file), m[1]!)) : m[1]!));
}

describe('the site code says where it runs', () => {
  test('src/data imports nothing Node-only or Astro-only, and nothing from src/build, src/astro, src/node, src/integration or the browser\'s src/preview', async () => {
    const files = await sources(path.join(ROOT, 'src', 'data'));
    assert.ok(files.length >= 8, `only ${files.length} files under src/data`);
    const problems: string[] = [];
    for (const file of files) {
      for (const use of nodeOnlyUses(await readFile(file, 'utf8'))) problems.push(`${path.relative(ROOT, file)}: ${use}`);
      for (const spec of await importsOf(file)) {
        if (/^(?:astro:|virtual:)/.test(spec) || /^src\/(?:build|astro|node|preview|integration)\//.test(spec)) problems.push(`${path.relative(ROOT, file)}: imports ${spec}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test('src/build runs in plain Node: it imports no Astro virtual module and nothing from src/astro', async () => {
    const files = await sources(path.join(ROOT, 'src', 'build'));
    assert.ok(files.length >= 5);
    const problems: string[] = [];
    for (const file of files) {
      for (const spec of await importsOf(file)) if (/^(?:astro:|virtual:)/.test(spec) || spec.startsWith('src/astro/')) problems.push(`${path.relative(ROOT, file)}: imports ${spec}`);
    }
    assert.deepEqual(problems, []);
  });

  // The renderers make the same HTML in the build and in the browser; the browser's scripts take data
  // and renderers from below and never reach up into the build.
  for (const [folder, below] of [
    ['render', 'src/data and src/core'],
    ['preview', 'src/render, src/data and src/core'],
  ] as const) {
    test(`src/${folder} runs in the browser: nothing Node-only or Astro-only, only ${below}`, async () => {
      const files = await sources(path.join(ROOT, 'src', folder));
      assert.ok(files.length >= 4, `only ${files.length} files under src/${folder}`);
      const forbidden = folder === 'render' ? /^src\/(?:build|astro|node|integration|markdown|preview|cli)\// : /^src\/(?:build|astro|node|integration|markdown|cli)\//;
      const problems: string[] = [];
      for (const file of files) {
        for (const use of nodeOnlyUses(await readFile(file, 'utf8'))) problems.push(`${path.relative(ROOT, file)}: ${use}`);
        // scroll-region.ts imports nothing and runs anywhere; it lives with the Markdown renderer so that
        // the render cache's renderer id changes with it.
        for (const spec of await importsOf(file)) if (/^(?:astro:|virtual:)/.test(spec) || (forbidden.test(spec) && spec !== 'src/markdown/scroll-region.ts')) problems.push(`${path.relative(ROOT, file)}: imports ${spec}`);
      }
      assert.deepEqual(problems, []);
    });
  }
});
