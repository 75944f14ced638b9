// Reproducible output: two copies of the working tree (what `git ls-files` lists, tracked and
// untracked, so uncommitted work is what gets tested) in folders of different depth, one with a
// space in its path, built at once under different time zones and locales, give the same dist/:
// the same files with the same SHA-256. node_modules is linked, not copied: it is not an input
// of the build.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { ROOT, cleanup, tmp } from './helpers/dist.ts';
import type { BuildResult } from './helpers/dist.ts';
import { compareHashes, hashFiles } from './helpers/hashes.ts';

const scratch: string[] = [];
after(() => scratch.forEach(cleanup));

const ENVS = [
  { TZ: 'UTC', LANG: 'C', LC_ALL: 'C' },
  { TZ: 'Pacific/Chatham', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' },
];

/** The repository's working tree as git sees it: tracked files still present, and untracked files not ignored. */
function workingTree(): { top: string; files: string[] } {
  const git = (...args: string[]) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  const top = git('rev-parse', '--show-toplevel').stdout.trim();
  assert.ok(top, 'the tests run inside a git work tree');
  const listed = git('ls-files', '-z', '--cached', '--others', '--exclude-standard');
  assert.equal(listed.status, 0, listed.stderr);
  const files = listed.stdout.split('\0').filter((f) => f !== '' && existsSync(path.join(top, f)) && lstatSync(path.join(top, f)).isFile());
  return { top, files };
}

function copyTree(top: string, files: string[], into: string): void {
  for (const f of files) {
    mkdirSync(path.dirname(path.join(into, f)), { recursive: true });
    copyFileSync(path.join(top, f), path.join(into, f));
  }
  symlinkSync(path.join(top, 'node_modules'), path.join(into, 'node_modules'), 'dir');
}

/** `npm run build` of a copy, from inside it, in its own environment, without blocking the other build:
 * the package's lib/ (which a clone does not hold), then `astro build`. */
async function build(root: string, env: Record<string, string>): Promise<BuildResult> {
  const lib = spawnSync(process.execPath, [path.join(root, 'src/package/compile.ts')], { cwd: root, encoding: 'utf8' });
  if (lib.status !== 0) return { status: lib.status, stdout: lib.stdout, stderr: lib.stderr };
  return astroBuildIn(root, env);
}

function astroBuildIn(root: string, env: Record<string, string>): Promise<BuildResult> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...env };
  delete childEnv['SOUL_VAULT_DIR'];
  delete childEnv['SOULPRESS_SITE'];
  delete childEnv['SOULPRESS_SEARCH'];
  // Not the linked node_modules' cache, which both copies would share: each copy builds cold.
  childEnv['SOULPRESS_CACHE_DIR'] = path.join(root, '.build-cache');
  const child = spawn(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, env: childEnv });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

test('the environments really differ: time zone offset and default locale', () => {
  const probe = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['-e', 'console.log(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset(), Intl.DateTimeFormat().resolvedOptions().locale, (1234.5).toLocaleString())'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    }).stdout.trim();
  assert.equal(probe(ENVS[0]!), '0 en-US 1,234.5');
  // Chatham is UTC+13:45 in January; Turkish writes a decimal comma.
  assert.equal(probe(ENVS[1]!), '-825 tr-TR 1.234,5');
});

test('two copies in different folders, time zones and locales build byte-identical dist/', { timeout: 600_000 }, async () => {
  const { top, files } = workingTree();
  assert.ok(files.includes('astro.config.mjs') && files.some((f) => f.startsWith('content/vaults/')), 'the copy holds the site and its vaults');
  const a = path.join(tmp('repro'), 's');
  const b = path.join(tmp('reproducible-build'), 'a much', 'deeper', 'folder', 'soulpress');
  scratch.push(path.dirname(a), b.slice(0, b.indexOf(`${path.sep}a much`)));
  copyTree(top, files, a);
  copyTree(top, files, b);

  const runs = await Promise.all([build(a, ENVS[0]!), build(b, ENVS[1]!)]);
  for (const run of runs) assert.equal(run.status, 0, run.stdout + run.stderr);

  const hashesA = hashFiles(path.join(a, 'dist'));
  const hashesB = hashFiles(path.join(b, 'dist'));
  assert.ok(hashesA.size > 50, `${hashesA.size} files`);
  for (const f of ['index.html', 'souls/pippa/index.html', 'data/notes.json', 'pagefind/pagefind.js', 'sitemap-0.xml']) assert.ok(hashesA.has(f), f);
  const diff = compareHashes(hashesA, hashesB);
  assert.deepEqual(diff, { differing: [], onlyA: [], onlyB: [] }, diff.differing.map((f) => firstDifference(path.join(a, 'dist', f), path.join(b, 'dist', f))).join('\n'));
});

/** Where two files first differ, with some text around it: enough to see what leaked in. */
function firstDifference(fileA: string, fileB: string): string {
  const x = readFileSync(fileA, 'utf8');
  const y = readFileSync(fileB, 'utf8');
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  const around = (t: string) => JSON.stringify(t.slice(Math.max(0, i - 120), i + 120));
  return `${path.basename(path.dirname(fileA))}: first difference at ${i}\n  A: ${around(x)}\n  B: ${around(y)}`;
}
