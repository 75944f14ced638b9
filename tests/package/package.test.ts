// Soulpress as a team gets it: the packed tarball installed into a folder outside this repository that
// holds only a family, built by `soulpress build` and by an astro.config that only adds the
// integration, its commands run from node_modules, a starter made by `soulpress init` and built, and a
// browser over `soulpress preview`. publint and attw judge the tarball.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const NODE_DIR = path.dirname(process.execPath);
// npm itself, as `npm test` was started: the machine's npm, run here on this Node.
const NPM = process.env['npm_execpath'];

const work = mkdtempSync(path.join(tmpdir(), 'soulpress-user-'));
const project = path.join(work, 'team-site');
let tarball = '';

/** The user's environment: this Node first on the PATH (the bins' `#!/usr/bin/env node`), none of our variables. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${NODE_DIR}${path.delimiter}${process.env['PATH'] ?? ''}` };
  for (const key of Object.keys(env)) if (/^(SOUL_VAULT_DIR|SOULPRESS_)/.test(key)) delete env[key];
  return env;
}

function bin(name: string): string {
  return path.join(project, 'node_modules', '.bin', name);
}

async function inProject(cwd: string, file: string, args: string[], timeout = 240_000): Promise<{ stdout: string; stderr: string }> {
  return run(file, args, { cwd, env: userEnv(), timeout, maxBuffer: 64 << 20 });
}

/** The souls and guests of a vault root, as the page folders a site must have. */
function memberPages(vaults: string): string[] {
  const pages: string[] = [];
  for (const vault of readdirSync(vaults)) {
    if (vault.endsWith('-shared')) continue;
    if (vault.endsWith('-guests')) {
      for (const g of readdirSync(path.join(vaults, vault), { withFileTypes: true })) if (g.isDirectory()) pages.push(`guests/${g.name}`);
    } else pages.push(`souls/${vault}`);
  }
  return pages.sort();
}

before(async () => {
  assert.ok(NPM, 'npm test starts this suite, so npm_execpath names npm');
  // lib/ as the script that started this built it (typecheck or test:package): packing again would
  // rebuild it while the unit tests that run beside this file start astro over it.
  const packed = await run(process.execPath, [NPM, 'pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: ROOT, env: process.env, maxBuffer: 64 << 20, timeout: 240_000 });
  const [info] = JSON.parse(packed.stdout) as { filename: string }[];
  tarball = path.join(work, info!.filename);
  mkdirSync(project);
  cpSync(path.join(ROOT, 'content/vaults'), path.join(project, 'vaults'), { recursive: true });
  writeFileSync(path.join(project, 'package.json'), `${JSON.stringify({ name: 'team-site', private: true, type: 'module' }, null, 2)}\n`);
  // From the npm cache this repository's own install filled: no registry is needed for what it already has.
  await run(process.execPath, [NPM, 'install', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: project, env: userEnv(), maxBuffer: 64 << 20, timeout: 480_000 });
});

after(() => rmSync(work, { recursive: true, force: true }));

describe('the installed package', () => {
  test('the tarball ships compiled JavaScript for every export and bin, the routes as source, and no tests', () => {
    const pkg = JSON.parse(readFileSync(path.join(project, 'node_modules/soulpress/package.json'), 'utf8')) as { exports: Record<string, { default: string; types: string } | string>; bin: Record<string, string> };
    const installed = path.join(project, 'node_modules/soulpress');
    for (const [name, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue;
      assert.match(target.default, /\.js$/, `export ${name} is JavaScript`);
      assert.ok(existsSync(path.join(installed, target.default)), `export ${name}: ${target.default} is in the tarball`);
      assert.ok(existsSync(path.join(installed, target.types)), `export ${name}: ${target.types} is in the tarball`);
    }
    for (const file of Object.values(pkg.bin)) assert.ok(existsSync(path.join(installed, file)), `${file} is in the tarball`);
    assert.ok(existsSync(path.join(installed, 'src/routes/souls/[soul]/index.astro')));
    assert.ok(!existsSync(path.join(installed, 'tests')) && !existsSync(path.join(installed, 'content')) && !existsSync(path.join(installed, 'src/package')));
  });

  test('soul-vault read from node_modules prints the note\'s exact bytes', async () => {
    const { stdout } = await inProject(project, bin('soul-vault'), ['read', 'soul://cwkpippa-shared/core/voice.md']);
    assert.equal(stdout, readFileSync(path.join(project, 'vaults/cwkpippa-shared/core/voice.md'), 'utf8'));
  });

  test('soulpress check from node_modules checks the family (the default ./vaults) and exits 0', async () => {
    const { stdout } = await inProject(project, bin('soulpress'), ['check']);
    assert.match(stdout, /\b0 error\(s\)/);
  });

  test('soulpress build with no config builds every soul\'s and guest\'s page, and no routes for content the folder lacks', async () => {
    await inProject(project, bin('soulpress'), ['build']);
    const dist = path.join(project, 'dist');
    for (const page of memberPages(path.join(project, 'vaults'))) assert.ok(existsSync(path.join(dist, page, 'index.html')), `${page}/ is built`);
    assert.ok(existsSync(path.join(dist, 'notes/cwkpippa-shared/core/voice/index.html')));
    assert.ok(existsSync(path.join(dist, 'favicon.svg')) && existsSync(path.join(dist, 'pagefind')), 'the icon and the search index come with the package');
    // No lessons, agents or git history in this folder: none of their routes.
    for (const absent of ['lessons', 'agents', 'history']) assert.ok(!existsSync(path.join(dist, absent)), `no ${absent}/ pages`);
  });

  test('a misspelt option is a named error that says which option', async () => {
    const dir = path.join(project, 'misspelt');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'soulpress.config.json'), '{"vualt": "../vaults"}\n');
    const failed = await inProject(dir, bin('soulpress'), ['build']).then(() => null, (e: { code: number; stderr: string }) => e);
    assert.ok(failed, 'the build fails');
    assert.equal(failed.code, 1);
    assert.match(failed.stderr, /"vualt" is not a Soulpress option \(did you mean "vault"\?\)/);
    assert.doesNotMatch(failed.stderr, /\n\s+at /, 'no stack trace');
  });

  test('an astro.config.mjs that only adds a site and soulpress({ vault }) builds the same pages, each with its share image', async () => {
    const dir = path.join(project, 'astro-project');
    mkdirSync(dir);
    cpSync(path.join(ROOT, 'content/vaults'), path.join(dir, 'vaults'), { recursive: true });
    writeFileSync(path.join(dir, 'astro.config.mjs'), "import soulpress from 'soulpress';\n\nexport default { site: 'https://example.org', integrations: [soulpress({ vault: './vaults' })] };\n");
    await inProject(dir, bin('astro'), ['build']);
    for (const page of memberPages(path.join(dir, 'vaults'))) {
      assert.ok(existsSync(path.join(dir, 'dist', page, 'index.html')), `${page}/ is built`);
      // The images are drawn by the installed package's own satori, resvg and fonts.
      const image = readFileSync(path.join(dir, 'dist', page, 'og.png'));
      assert.equal(image.toString('latin1', 1, 4), 'PNG', `${page}/og.png is a PNG`);
      assert.match(readFileSync(path.join(dir, 'dist', page, 'index.html'), 'utf8'), new RegExp(`<meta property="og:image" content="https://example.org/${page}/og.png">`));
    }
  });

  test('soulpress init makes a starter that checks and builds', async () => {
    const { stdout } = await inProject(project, bin('soulpress'), ['init', 'starter']);
    assert.match(stdout, /npm install/);
    const starter = path.join(project, 'starter');
    for (const file of ['package.json', '.gitignore', '.github/workflows/deploy.yml', 'vaults', 'lessons']) assert.ok(existsSync(path.join(starter, file)), `init wrote ${file}`);
    assert.match(readFileSync(path.join(starter, '.github/workflows/deploy.yml'), 'utf8'), /fetch-depth: 0/);
    const again = await inProject(project, bin('soulpress'), ['init', 'starter']).then(() => null, (e: { code: number; stderr: string }) => e);
    assert.equal(again?.code, 1, 'init never writes over a starter');
    await inProject(starter, bin('soulpress'), ['check']);
    await inProject(starter, bin('soulpress'), ['build']);
    for (const page of memberPages(path.join(starter, 'vaults'))) assert.ok(existsSync(path.join(starter, 'dist', page, 'index.html')), `${page}/ is built`);
    assert.ok(existsSync(path.join(starter, 'dist/lessons/the-load-order/index.html')), 'the starter lesson is built');
  });

  test('publint and attw pass on the tarball', async () => {
    const tools = path.join(ROOT, 'node_modules', '.bin');
    const lint = await run(path.join(tools, 'publint'), [tarball, '--strict'], { env: userEnv(), timeout: 120_000 }).catch((e: { stdout: string; stderr: string }) => assert.fail(`publint: ${e.stdout}${e.stderr}`));
    assert.doesNotMatch(lint.stdout, /Errors?:|Warnings?:/);
    await run(path.join(tools, 'attw'), [tarball, '--profile', 'esm-only', '--format', 'ascii'], { env: userEnv(), timeout: 120_000 }).catch((e: { stdout: string; stderr: string }) => assert.fail(`attw: ${e.stdout}${e.stderr}`));
  });

  test('soulpress dev serves the pages from the installed package and reloads a soul page after a note edit', async () => {
    const port = 4900 + (process.pid % 90);
    const server = spawn(bin('soulpress'), ['dev', '--host', '127.0.0.1', '--port', String(port)], { cwd: project, env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    server.stdout.on('data', (d: Buffer) => (log += d.toString()));
    server.stderr.on('data', (d: Buffer) => (log += d.toString()));
    const page = (url: string): Promise<{ status: number; text: string }> => fetch(`http://127.0.0.1:${port}${url}`).then(async (r) => ({ status: r.status, text: await r.text() }), () => ({ status: 0, text: '' }));
    const note = path.join(project, 'vaults/pippa/instructions.md');
    const before = readFileSync(note, 'utf8');
    try {
      for (let i = 0; (await page('/')).status !== 200; i++) {
        assert.ok(i < 300 && server.exitCode === null, `soulpress dev did not start: ${log}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const soul = await page('/souls/pippa/');
      assert.equal(soul.status, 200, log);
      assert.match(soul.text, /<title>Pippa · Soulpress<\/title>/);
      const marker = `Edited in dev ${process.pid}.`;
      writeFileSync(note, `${before}\n${marker}\n`);
      let seen = false;
      for (let i = 0; i < 100 && !seen; i++) {
        await new Promise((r) => setTimeout(r, 200));
        seen = (await page('/souls/pippa/')).text.includes(marker);
      }
      assert.ok(seen, `the edit did not reach the page: ${log}`);
      assert.doesNotMatch(log, /\[ERROR\]/);
    } finally {
      writeFileSync(note, before);
      server.kill('SIGTERM');
    }
  });

  test('soulpress preview serves the built site: home, a soul page, its live preview and search work in Chromium, and axe finds nothing serious', async () => {
    const { chromium } = await import('@playwright/test');
    const { default: AxeBuilder } = await import('@axe-core/playwright');
    const port = 4400 + (process.pid % 500);
    const server = spawn(bin('soulpress'), ['preview', '--host', '127.0.0.1', '--port', String(port)], { cwd: project, env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    server.stdout.on('data', (d: Buffer) => (log += d.toString()));
    server.stderr.on('data', (d: Buffer) => (log += d.toString()));
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
    try {
      const origin = `http://127.0.0.1:${port}`;
      for (let i = 0; !(await fetch(`${origin}/`).then((r) => r.ok, () => false)); i++) {
        assert.ok(i < 150 && server.exitCode === null, `soulpress preview did not start: ${log}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const page = await (await browser.newContext()).newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      for (const url of ['/', '/souls/pippa/']) {
        const response = await page.goto(`${origin}${url}`);
        assert.equal(response?.status(), 200, url);
        const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
        const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${url}: ${v.id}`);
        assert.deepEqual(serious, []);
      }
      // The preview's module comes built in the package (lib/client/): opened, it re-runs the loader.
      const panel = page.locator('[data-live-panel]');
      await panel.locator('> summary').click();
      await page.locator('[data-live-status]', { hasText: 'Re-assembled' }).waitFor({ timeout: 15_000 });
      await page.goto(`${origin}/search/?q=voice`);
      await page.locator('#search-results li a').first().waitFor({ timeout: 15_000 });
      const hrefs = await page.locator('#search-results li a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      assert.ok(hrefs.includes('/notes/cwkpippa-shared/core/voice/'), `search finds the voice note: ${hrefs.join(', ')}`);
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
      server.kill('SIGTERM');
    }
  });
});
