// Parity for the psyche: the composer bundled for the browser, run in Chromium over a
// MemoryAgentStore, gives the same psyche object (and the same sizes and applied marks) as the
// composer in Node over the real directory, for every sample and fixture agent. The live preview's
// own path (composeWith over the published snapshot) is compared too.
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { composePsyche } from '../../src/core/psyche/index.ts';
import type { PsycheReport } from '../../src/core/psyche/index.ts';
import { FsAgentStore } from '../../src/node/index.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
// A blank page answered by Playwright itself, on a loopback origin (WebCrypto needs a secure context).
const BLANK = 'http://127.0.0.1:4399/__psyche_parity__/';

type Node = { b64: string } | { link: string } | { dir: true };

/** An agent directory as MemoryAgentStore nodes: bytes, links as links, empty folders as folders. */
function readAgent(dir: string): Array<[string, Node]> {
  const out: Array<[string, Node]> = [];
  const walk = (rel: string): void => {
    const names = readdirSync(path.join(dir, rel));
    if (names.length === 0 && rel !== '') out.push([rel, { dir: true }]);
    for (const name of names) {
      const child = rel === '' ? name : `${rel}/${name}`;
      const stat = lstatSync(path.join(dir, child));
      if (stat.isSymbolicLink()) out.push([child, { link: readlinkSync(path.join(dir, child)) }]);
      else if (stat.isDirectory()) walk(child);
      else out.push([child, { b64: readFileSync(path.join(dir, child)).toString('base64') }]);
    }
  };
  walk('');
  return out;
}

function agents(): Array<{ id: string; dir: string }> {
  const list = (root: string) => readdirSync(root).filter((n) => lstatSync(path.join(root, n)).isDirectory()).sort().map((id) => ({ id, dir: path.join(root, id) }));
  return [...list(path.join(ROOT, 'content/agents')), ...list(path.join(ROOT, 'tests/fixtures/agents'))];
}

/** What must match: the spec object, and what the page shows beside it. */
const digest = (r: PsycheReport): string => JSON.stringify({ psyche: r.psyche, sections: r.sections.map((s) => [s.rule.name, s.bytes, s.applied, s.source]), removed: r.removed, pins: r.pad.pins });

test.describe('the psyche composer gives the same result in Node and in Chromium', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    const bundled = await build({ entryPoints: [path.join(ROOT, 'src/core/psyche/index.ts')], bundle: true, minify: true, format: 'iife', globalName: 'SoulPsyche', write: false, platform: 'browser', target: 'es2022' });
    page = await browser.newPage();
    await page.route(BLANK, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>psyche parity</title>' }));
    await page.goto(BLANK);
    await page.addScriptTag({ content: bundled.outputFiles[0]!.text });
  });

  test.afterAll(async () => {
    await page?.close();
  });

  const inBrowser = (id: string, nodes: Array<[string, Node]>): Promise<string> =>
    page.evaluate(
      async ({ id, nodes }) => {
        const core = (globalThis as unknown as { SoulPsyche: typeof import('../../src/core/psyche/index.ts') }).SoulPsyche;
        const files = nodes.map(([k, n]) => [k, 'b64' in n ? Uint8Array.from(atob(n.b64), (c) => c.charCodeAt(0)) : n] as [string, import('../../src/core/psyche/index.ts').MemoryAgentNode]);
        const r = await core.composePsyche({ store: new core.MemoryAgentStore(files), agent: id });
        return JSON.stringify({ psyche: r.psyche, sections: r.sections.map((s) => [s.rule.name, s.bytes, s.applied, s.source]), removed: r.removed, pins: r.pad.pins });
      },
      { id, nodes },
    );

  test('every sample and fixture agent', async () => {
    const compared: string[] = [];
    for (const { id, dir } of agents()) {
      const node = digest(await composePsyche({ store: new FsAgentStore(dir), agent: id }));
      expect(await inBrowser(id, readAgent(dir)), id).toBe(node);
      compared.push(id);
    }
    console.log(`psyche parity: ${compared.length} agents compared`);
    expect(compared).toContain('mingjing');
    expect(compared.length).toBeGreaterThanOrEqual(20);
  });

  test('the comparison would catch a difference', async () => {
    const dir = path.join(ROOT, 'content/agents/mingjing');
    const nodes = readAgent(dir).map(([k, n]): [string, Node] => (k === 'system/pad.md' && 'b64' in n ? [k, { b64: Buffer.concat([Buffer.from(n.b64, 'base64'), Buffer.from('!')]).toString('base64') }] : [k, n]));
    expect(await inBrowser('mingjing', nodes)).not.toBe(digest(await composePsyche({ store: new FsAgentStore(dir), agent: 'mingjing' })));
  });

  test("the preview's path: composeWith over the published snapshot, in Chromium", async () => {
    for (const id of ['mingjing', 'jianxin']) {
      const node = await composePsyche({ store: new FsAgentStore(path.join(ROOT, 'content/agents', id)), agent: id });
      const snapshot = await (await page.request.get(`${test.info().project.use.baseURL}/data/agents/${id}.json`)).json();
      const browser = await page.evaluate(async (snap) => {
        const core = (globalThis as unknown as { SoulPsyche: typeof import('../../src/core/psyche/index.ts') }).SoulPsyche;
        const files = Object.entries(snap.files as Record<string, unknown>).map(([k, v]) => {
          const n = v as string | { b64?: string; spaces?: number };
          const value = typeof n === 'string' ? n : n.b64 !== undefined ? Uint8Array.from(atob(n.b64), (c) => c.charCodeAt(0)) : n.spaces !== undefined ? ' '.repeat(n.spaces) : n;
          return [k, value] as [string, import('../../src/core/psyche/index.ts').MemoryAgentNode];
        });
        const r = await core.composeWith({ store: new core.MemoryAgentStore(files), agent: snap.agent, published: snap.published, catalogs: snap.catalogs });
        return JSON.stringify({ psyche: r.psyche, applied: r.sections.map((s) => [s.rule.name, s.bytes, s.applied]) });
      }, snapshot);
      expect(browser, id).toBe(JSON.stringify({ psyche: node.psyche, applied: node.sections.map((s) => [s.rule.name, s.bytes, s.applied]) }));
    }
  });
});
