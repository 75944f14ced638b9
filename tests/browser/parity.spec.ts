// Parity: the same core, bundled by esbuild as the browser gets it, run in Chromium over a
// MemoryStore, gives byte-identical bundle JSON (revisions included) to the core in Node over the
// real file store, for every fixture vault, every hostile case a MemoryStore can hold, and every
// sample soul, preset and guest. Failing loads compare as their VaultError JSON.
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { discoverFamily, isVaultError, listPresets, loadIdentity } from '../../src/core/index.ts';
import { FsStore } from '../../src/node/index.ts';
import { generateCases } from '../fixtures/hostile/generate.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURES = path.join(ROOT, 'tests/fixtures');
const BLANK = `http://127.0.0.1:${process.env['SOULPRESS_TEST_PORT'] ?? 4329}/__parity__/`;

interface Case {
  soul: string;
  harness: string;
  preset: string | null;
}

interface Root {
  name: string;
  dir: string;
  /** Extra cases a case.json names (arguments the family walk would not try). */
  extra: Case[];
}

/** Every regular file under a vault root as [store key, base64], or why a MemoryStore cannot hold the root. */
function readRoot(dir: string): { files: Array<[string, string]> } | { skip: string } {
  const files: Array<[string, string]> = [];
  const walk = (rel: string): string | null => {
    const names = readdirSync(path.join(dir, rel), { encoding: 'buffer' });
    if (names.length === 0 && rel !== '') return `empty folder ${rel}`;
    for (const raw of names) {
      const name = raw.toString('utf8');
      if (!Buffer.from(name, 'utf8').equals(raw)) return `file name not UTF-8 in ${rel || '.'}`;
      const child = rel === '' ? name : `${rel}/${name}`;
      const stat = lstatSync(path.join(dir, child));
      if (stat.isSymbolicLink()) return `symlink ${child}`;
      if (stat.isDirectory()) {
        const why = walk(child);
        if (why) return why;
      } else if (stat.isFile()) files.push([child, readFileSync(path.join(dir, child)).toString('base64')]);
      else return `special file ${child}`;
    }
    return null;
  };
  const why = walk('');
  return why ? { skip: why } : { files };
}

function roots(generatedDir: string): Root[] {
  const out: Root[] = [];
  for (const name of readdirSync(FIXTURES).sort()) {
    if (name === 'hostile' || !statSync(path.join(FIXTURES, name)).isDirectory()) continue;
    out.push({ name: `fixture ${name}`, dir: path.join(FIXTURES, name), extra: [] });
  }
  const hostile = path.join(FIXTURES, 'hostile');
  for (const name of readdirSync(hostile).sort()) {
    const spec = path.join(hostile, name, 'case.json');
    if (!statSync(path.join(hostile, name)).isDirectory()) continue;
    const c = JSON.parse(readFileSync(spec, 'utf8')) as { soul?: string; harness?: string; preset?: string | null };
    out.push({ name: `hostile ${name}`, dir: path.join(hostile, name, 'vaults'), extra: c.soul === undefined ? [] : [{ soul: c.soul, harness: c.harness ?? 'webui', preset: c.preset ?? null }] });
  }
  for (const run of generateCases(generatedDir)) {
    const c = run.spec;
    out.push({ name: `generated ${run.name}`, dir: run.root, extra: c.soul === undefined ? [] : [{ soul: c.soul, harness: c.harness ?? 'webui', preset: c.preset ?? null }] });
  }
  out.push({ name: 'sample family content/vaults', dir: path.join(ROOT, 'content/vaults'), extra: [] });
  return out;
}

/** Every soul without and with each preset, and every guest; plus the case's own arguments. */
async function casesOf(root: Root): Promise<Case[]> {
  const store = new FsStore(root.dir);
  const cases: Case[] = [...root.extra];
  const family = await discoverFamily(store).catch(() => null);
  if (family) {
    for (const soul of family.souls) {
      cases.push({ soul, harness: 'webui', preset: null });
      for (const preset of await listPresets(store, soul).catch(() => [])) cases.push({ soul, harness: 'cli', preset });
    }
    for (const guest of family.guestIds) cases.push({ soul: guest, harness: 'webui', preset: null });
  }
  return cases;
}

async function inNode(dir: string, c: Case): Promise<string> {
  try {
    return JSON.stringify(await loadIdentity({ store: new FsStore(dir), ...c }));
  } catch (error) {
    if (!isVaultError(error)) throw error;
    return JSON.stringify({ error: error.toJSON() });
  }
}

async function inBrowser(page: Page, files: Array<[string, string]>, cases: Case[]): Promise<string[]> {
  return page.evaluate(
    async ({ files, cases }) => {
      const core = (globalThis as unknown as { SoulCore: typeof import('../../src/core/index.ts') }).SoulCore;
      const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const out: string[] = [];
      for (const c of cases) {
        // A fresh store per load, named as the file store is, so messages match word for word.
        const store = new core.MemoryStore(files.map(([key, b64]) => [key, bytes(b64)] as [string, Uint8Array]), 'fs');
        try {
          out.push(JSON.stringify(await core.loadIdentity({ store, ...c })));
        } catch (error) {
          if (!core.isVaultError(error)) throw error;
          out.push(JSON.stringify({ error: error.toJSON() }));
        }
      }
      return out;
    },
    { files, cases },
  );
}

test.describe('the core gives the same bundles in Node and in Chromium', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);

  let page: Page;
  let generated: string;
  const compared: string[] = [];
  const skipped: string[] = [];

  test.beforeAll(async ({ browser }) => {
    generated = mkdtempSync(path.join(tmpdir(), 'soulpress-parity-'));
    // The core exactly as src/core/index.ts exports it, minified as a browser bundle would be.
    const bundled = await build({ entryPoints: [path.join(ROOT, 'src/core/index.ts')], bundle: true, minify: true, format: 'iife', globalName: 'SoulCore', write: false, platform: 'browser', target: 'es2022' });
    page = await browser.newPage();
    // A blank page on a loopback origin, answered by Playwright itself: a secure context (WebCrypto
    // needs one; about:blank is not), with no site script in it.
    await page.route(BLANK, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>parity</title>' }));
    await page.goto(BLANK);
    await page.addScriptTag({ content: bundled.outputFiles[0]!.text });
    expect(await page.evaluate(() => typeof (globalThis as unknown as { SoulCore?: { loadIdentity?: unknown } }).SoulCore?.loadIdentity)).toBe('function');
  });

  test.afterAll(async () => {
    await page?.close();
    if (generated) rmSync(generated, { recursive: true, force: true });
  });

  test('every fixture, hostile case and sample soul: byte-identical JSON', async () => {
    for (const root of roots(generated)) {
      const read = readRoot(root.dir);
      if ('skip' in read) {
        skipped.push(`${root.name}: ${read.skip}`);
        continue;
      }
      const cases = await casesOf(root);
      const browserResults = await inBrowser(page, read.files, cases);
      for (const [i, c] of cases.entries()) {
        const label = `${root.name}: ${c.soul} harness=${JSON.stringify(c.harness)} preset=${c.preset ?? '-'}`;
        expect(browserResults[i], label).toBe(await inNode(root.dir, c));
        compared.push(label);
      }
    }
    test.info().annotations.push({ type: 'compared', description: String(compared.length) }, { type: 'not representable in a MemoryStore', description: skipped.join('; ') });
    console.log(`parity: ${compared.length} loads compared; ${skipped.length} roots need a real file system: ${skipped.join('; ')}`);
    // Enough of everything: the sample family's 12 bundles and the error cases are all in.
    expect(compared.filter((l) => l.startsWith('sample family')).length).toBe(12);
    expect(compared.length).toBeGreaterThan(120);
  });

  test('the comparison would catch a difference', async () => {
    // The same files with one byte changed must not give the same JSON: the check is not vacuous.
    const dir = path.join(ROOT, 'content/vaults');
    const read = readRoot(dir);
    if ('skip' in read) throw new Error(read.skip);
    const files = read.files.map(([k, b64]): [string, string] => (k === 'pippa/instructions.md' ? [k, Buffer.concat([Buffer.from(b64, 'base64'), Buffer.from(' ')]).toString('base64')] : [k, b64]));
    const [changed] = await inBrowser(page, files, [{ soul: 'pippa', harness: 'webui', preset: null }]);
    expect(changed).not.toBe(await inNode(dir, { soul: 'pippa', harness: 'webui', preset: null }));
  });
});
