// The authoring loop (issue 11, item 1): with `astro dev` running, an edit, a new note, a deleted
// note and an agent file show in the open page without a restart; a note broken while the server
// runs shows the loader's named error, and fixing it recovers; a page (or the error page) that had no
// socket when its reload went out reloads once it connects. The dev server runs over copies of
// the sample vault and agents, so the test never touches content/.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PORT = 4600 + Math.floor(Math.random() * 300);
const ORIGIN = `http://127.0.0.1:${PORT}`;
let work = '';
let server: ChildProcess | null = null;
let log = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  work = mkdtempSync(path.join(tmpdir(), 'soulpress-dev-'));
  cpSync(path.join(ROOT, 'content/vaults'), path.join(work, 'vaults'), { recursive: true });
  cpSync(path.join(ROOT, 'content/agents'), path.join(work, 'agents'), { recursive: true });
  // --ignore-lock: Astro 7 allows one tracked dev server per project, and a developer's may be running.
  server = spawn(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'dev', '--ignore-lock', '--root', ROOT, '--host', '127.0.0.1', '--port', String(PORT)], {
    cwd: ROOT,
    env: { ...process.env, SOUL_VAULT_DIR: path.join(work, 'vaults'), SOULPRESS_AGENTS: path.join(work, 'agents'), ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d: Buffer) => (log += d));
  server.stderr!.on('data', (d: Buffer) => (log += d));
  let up = false;
  for (let i = 0; i < 300 && !up; i++) {
    up = (await fetch(`${ORIGIN}/`).then((r) => r.status, () => 0)) === 200;
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }
  if (!up) throw new Error(`astro dev did not start:\n${log}`);
  // Warm up as a reader's first visit would: on a fresh clone Vite optimises the pages' client
  // dependencies on the first load and reloads the page once, which must not land inside a test.
  const page = await browser.newPage();
  for (const where of ['/souls/pippa/', '/notes/pippa/core/curiosity/', '/agents/mingjing/']) {
    await page.goto(`${ORIGIN}${where}`);
    await page.waitForLoadState('networkidle');
  }
  await page.waitForTimeout(1000);
  await page.close();
});

test.afterAll(() => {
  server?.kill();
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * Open a page and wait until Vite's client on it is connected: a reload sent before that reaches
 * no one (a reader has the page open long before saving; a test must wait for the same).
 * Vite also keeps the last full reload sent while no page was connected (after a change written
 * with no page open) and hands it to the next page that connects, right after "connected". That
 * page reloads at once, and a change written during the reload can lose its own: the old page's
 * socket takes the message as it closes. So each reload received must end in a connected page.
 */
async function openLive(page: import('@playwright/test').Page, url: string): Promise<void> {
  let reloads = 0;
  let connections = 0;
  const frames = (socket: import('@playwright/test').WebSocket): void => {
    socket.on('framereceived', (frame) => {
      if (String(frame.payload).includes('"full-reload"')) reloads++;
    });
  };
  const logged = (message: import('@playwright/test').ConsoleMessage): void => {
    if (message.text().includes('[vite] connected')) connections++;
  };
  page.on('websocket', frames);
  page.on('console', logged);
  const settled = (): Promise<void> => expect.poll(() => connections > reloads, { timeout: 30_000 }).toBe(true);
  await page.goto(url);
  await settled();
  // A kept reload follows "connected" on the same socket; give it time to arrive.
  await page.waitForTimeout(300);
  await settled();
  page.off('websocket', frames);
  page.off('console', logged);
}

/** The dev server's status for a page of the site, asked outside any open page. */
async function statusOf(page: import('@playwright/test').Page, pathname: string): Promise<number> {
  return (await page.request.get(`${ORIGIN}${pathname}`)).status();
}

/** Write, then wait for the open page to show `text`: the time from the write to the page, in ms. */
async function visibleAfter(page: import('@playwright/test').Page, write: () => void, text: string): Promise<number> {
  const started = Date.now();
  write();
  await expect(page.locator('main')).toContainText(text, { timeout: 15_000 });
  return Date.now() - started;
}

test('an edit to a note shows on its note page and on the soul page that carries it, without a restart', async ({ page }) => {
  const note = path.join(work, 'vaults/pippa/core/curiosity.md');
  await openLive(page, `${ORIGIN}/notes/pippa/core/curiosity/`);
  const onNote = await visibleAfter(page, () => appendFileSync(note, '\n\nA line added while the server runs: zebra-marker-1.\n'), 'zebra-marker-1');
  await openLive(page, `${ORIGIN}/souls/pippa/`);
  await expect(page.locator('main')).toContainText('zebra-marker-1');
  const onSoul = await visibleAfter(page, () => appendFileSync(note, 'zebra-marker-2\n'), 'zebra-marker-2');
  console.log(`dev reload: note page ${onNote} ms, soul page ${onSoul} ms after the write`);
});

test('a new note gets its page and its row; a deleted one loses both', async ({ page }) => {
  const added = path.join(work, 'vaults/pippa/core/zz-added.md');
  await openLive(page, `${ORIGIN}/souls/pippa/`);
  await visibleAfter(page, () => writeFileSync(added, '# Added while running\n\nzebra-added.\n'), 'Added while running');
  expect(await statusOf(page, '/notes/pippa/core/zz-added/')).toBe(200);
  unlinkSync(added);
  await expect(page.locator('main')).not.toContainText('Added while running', { timeout: 15_000 });
  expect(await statusOf(page, '/notes/pippa/core/zz-added/')).toBe(404);
});

test('a note linking to one not yet written gains the link when that note is written, though it did not change', async ({ page }) => {
  const forward = path.join(work, 'vaults/pippa/core/zz-forward.md');
  const later = path.join(work, 'vaults/pippa/core/zz-later.md');
  writeFileSync(forward, '# Forward\n\nSee [what comes later](soul://pippa/core/zz-later.md).\n');
  await expect.poll(() => statusOf(page, '/notes/pippa/core/zz-forward/'), { timeout: 15_000 }).toBe(200);
  await openLive(page, `${ORIGIN}/notes/pippa/core/zz-forward/`);
  const link = page.locator('main .note-body a', { hasText: 'what comes later' });
  await expect(page.locator('main .note-body')).toContainText('what comes later');
  await expect(link).toHaveCount(0);
  writeFileSync(later, '# Later\n\nzebra-later.\n');
  await expect(link).toHaveAttribute('href', /\/notes\/pippa\/core\/zz-later\/$/, { timeout: 15_000 });
  unlinkSync(later);
  await expect(link).toHaveCount(0, { timeout: 15_000 });
  // Off the dev server before the last change, so its reload does not land as the test ends and its
  // context closes (CI once timed out closing it, the page showing the 404 it had reloaded to). With no
  // page connected, Vite keeps that reload for the next page to connect; openLive waits it out.
  await page.goto('about:blank');
  unlinkSync(forward);
  // The next test starts once this reload is in.
  await expect.poll(() => statusOf(page, '/notes/pippa/core/zz-forward/'), { timeout: 15_000 }).toBe(404);
});

test('an agent file edit shows on the agent page', async ({ page }) => {
  await openLive(page, `${ORIGIN}/agents/mingjing/`);
  await visibleAfter(page, () => appendFileSync(path.join(work, 'agents/mingjing/system/lingtai.md'), '\nzebra-lingtai-edit\n'), 'zebra-lingtai-edit');
});

/**
 * Hold this page's socket to the dev server until `release` is called: the page stands for one that was
 * reloading, with no socket, when a reload went out. What the page sends meanwhile reaches the server after.
 */
async function holdSocket(page: import('@playwright/test').Page): Promise<() => void> {
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.routeWebSocket(/./, async (socket) => {
    const early: Array<string | Buffer> = [];
    let server: import('@playwright/test').WebSocketRoute | null = null;
    socket.onMessage((message) => (server ? server.send(message) : early.push(message)));
    await held;
    server = socket.connectToServer();
    for (const message of early) server.send(message);
  });
  return release;
}

test('a page that was away when its reload went out reloads itself once it connects', async ({ page, context }) => {
  const note = path.join(work, 'vaults/pippa/core/curiosity.md');
  // Another page stays connected, so the server sends the reload to it and keeps none for a page still
  // to connect (Vite keeps one only while no page is connected).
  const other = await context.newPage();
  await openLive(other, `${ORIGIN}/notes/pippa/core/curiosity/`);
  const release = await holdSocket(page);
  await page.goto(`${ORIGIN}/notes/pippa/core/curiosity/`);
  await expect(page.locator('main')).toContainText('zebra-marker-2');
  appendFileSync(note, 'zebra-away\n');
  await expect(other.locator('main')).toContainText('zebra-away', { timeout: 15_000 });
  await expect(page.locator('main')).not.toContainText('zebra-away');
  release();
  await expect(page.locator('main')).toContainText('zebra-away', { timeout: 15_000 });
});

test('a note broken while the server runs shows the loader error; fixing it recovers the page', async ({ page }) => {
  const instructions = path.join(work, 'vaults/pippa/instructions.md');
  const aside = path.join(work, 'instructions.md');
  await openLive(page, `${ORIGIN}/souls/pippa/`);
  renameSync(instructions, aside);
  await expect(page.locator('[data-vault-error]')).toContainText('error[identity_document_missing]', { timeout: 15_000 });
  await expect(page.locator('[data-vault-error]')).toContainText('soul://pippa/instructions.md');
  // main h1: in dev, Astro's toolbar adds headings of its own (in its shadow root, which locators pierce).
  renameSync(aside, instructions);
  await expect(page.locator('main h1')).toHaveText('Pippa', { timeout: 15_000 });
});

test('an error page that was away when the fix went out recovers once it connects', async ({ page, context }) => {
  const instructions = path.join(work, 'vaults/pippa/instructions.md');
  const aside = path.join(work, 'instructions.md');
  const other = await context.newPage();
  await openLive(other, `${ORIGIN}/souls/pippa/`);
  renameSync(instructions, aside);
  await expect(other.locator('[data-vault-error]')).toContainText('error[identity_document_missing]', { timeout: 15_000 });
  const release = await holdSocket(page);
  await page.goto(`${ORIGIN}/souls/pippa/`);
  await expect(page.locator('[data-vault-error]')).toContainText('error[identity_document_missing]');
  renameSync(aside, instructions);
  await expect(other.locator('main h1')).toHaveText('Pippa', { timeout: 15_000 });
  await expect(page.locator('[data-vault-error]')).toBeVisible();
  release();
  await expect(page.locator('main h1')).toHaveText('Pippa', { timeout: 15_000 });
});
