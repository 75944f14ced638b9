// Hostile notes in a real browser: the sample vault with notes that carry <script>, on* handlers,
// javascript: and data: URLs in every Markdown and HTML form, and titles that try to break out
// of a tag or an attribute. The site is built from that vault and served by a static server of
// our own; on the note pages, the lesson that embeds one, the soul page (rows, popovers, live
// preview flips and edits) nothing may run: no dialog, no page error, no console error, no failed
// request, and the DOM holds only the site's own scripts and no handler or unsafe URL. The
// attacks must show as text.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { chooseNote } from './helpers/choose-note.ts';
import { astroBuild, cleanup, tmp } from '../site/helpers/dist.ts';
import { plantHostileVault } from '../site/helpers/hostile-notes.ts';
import type { HostileNote } from '../site/helpers/hostile-notes.ts';
import { serveDir } from '../site/helpers/static-server.ts';
import type { StaticServer } from '../site/helpers/static-server.ts';

let work = '';
let server: StaticServer | null = null;
let notes: HostileNote[] = [];
/** Bodies of the site's own inline scripts, as one page of this same build carries them. */
let ownInline: string[] = [];

const note = (uri: string): HostileNote => notes.find((n) => n.uri === uri)!;
const VOICE = 'soul://cwkpippa-shared/core/voice.md';
const INDEX = 'soul://pippa/index/hostile-index.md';
const CORE = 'soul://pippa/core/hostile-core.md';
const url = (p: string) => `${server!.origin}/${p}`;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(300_000);
  work = tmp('hostile-site');
  const vault = path.join(work, 'vaults');
  const outDir = path.join(work, 'dist');
  notes = plantHostileVault(vault);
  const run = astroBuild({ outDir, vault });
  if (run.status !== 0) throw new Error(`the hostile site did not build:\n${run.stdout}\n${run.stderr}`);
  // The 404 page and the lessons index carry no vault text: their inline scripts are the theme and
  // enhancement code, and the lessons' progress script.
  const inlineOf = (page: string) => [...readFileSync(path.join(outDir, page), 'utf8').matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  ownInline = [...new Set([...inlineOf('404.html'), ...inlineOf('lessons/index.html')])];
  if (ownInline.length === 0 || ownInline.some((body) => /alert|<script/i.test(body))) {
    throw new Error(`unexpected inline scripts on 404.html or lessons/index.html: ${ownInline.join('\n---\n').slice(0, 400)}`);
  }
  server = await serveDir(outDir);
});

test.afterAll(async () => {
  await server?.close();
  if (work) cleanup(work);
});

interface Seen {
  dialogs: string[];
  errors: string[];
  console: string[];
  requests: string[];
}

interface Watch {
  /** Everything that went wrong, by kind; all must stay empty. */
  problems: () => Seen;
}

function watch(page: Page): Watch {
  const dialogs: string[] = [];
  const errors: string[] = [];
  const consoleErrors: string[] = [];
  const requests: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  // A planted <img src=x> or a stray URL would show here as a request that fails or leaves the site.
  page.on('response', (response) => {
    if (response.status() >= 400) requests.push(`${response.status()} ${response.url()}`);
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(`${server!.origin}/`)) requests.push(`off-site ${request.url()}`);
  });
  page.on('requestfailed', (request) => requests.push(`failed ${request.url()}`));
  return { problems: () => ({ dialogs, errors, console: consoleErrors, requests }) };
}

const NONE: Seen = { dialogs: [], errors: [], console: [], requests: [] };

/** Everything in the live DOM that could run code or load something it should not. */
async function domProblems(page: Page): Promise<string[]> {
  return page.evaluate((allowedInline) => {
    const problems: string[] = [];
    for (const script of document.querySelectorAll('script')) {
      if (script.hasAttribute('src')) {
        if (!script.src.startsWith(`${location.origin}/_astro/`) || script.type !== 'module') problems.push(`script src=${script.getAttribute('src')}`);
      } else if (!allowedInline.includes(script.textContent ?? '')) problems.push(`inline script: ${(script.textContent ?? '').slice(0, 80)}`);
    }
    for (const selector of ['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta[http-equiv]', 'portal', 'math', 'foreignObject']) {
      if (document.querySelector(selector)) problems.push(`a <${selector}> element`);
    }
    const URL_ATTRS = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'srcset', 'srcdoc', 'ping']);
    const ids = new Set<string>();
    for (const el of document.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        const name = attr.name.toLowerCase();
        if (name.startsWith('on')) problems.push(`<${el.localName} ${attr.name}="${attr.value}">`);
        if (URL_ATTRS.has(name)) {
          let protocol = '';
          try {
            protocol = new URL(attr.value, location.href).protocol;
          } catch {
            protocol = 'unparsable';
          }
          if (!['http:', 'https:', 'mailto:'].includes(protocol)) problems.push(`<${el.localName} ${attr.name}="${attr.value}">`);
          else if (name !== 'href' && new URL(attr.value, location.href).origin !== location.origin) problems.push(`off-site <${el.localName} ${attr.name}="${attr.value}">`);
        }
      }
      // A note's heading must not take an id the page's own markup uses (or any other).
      if (el.id) {
        if (ids.has(el.id)) problems.push(`duplicate id ${el.id}`);
        ids.add(el.id);
      }
    }
    for (const style of document.querySelectorAll('main style, [style*="url("]')) problems.push(`style from content: ${style.outerHTML.slice(0, 80)}`);
    return problems;
  }, ownInline);
}

async function expectClean(page: Page, seen: Watch): Promise<void> {
  expect(await domProblems(page)).toEqual([]);
  for (const selector of ['a[href^="javascript:" i]', 'img[src^="javascript:" i]', 'a[href^="data:" i]', '[onerror]', '[onload]', 'iframe']) {
    await expect(page.locator(selector)).toHaveCount(0);
  }
  expect(seen.problems()).toEqual(NONE);
}

const POPOVER_PARTS = ['strong.note-popover-title', 'code.note-popover-uri', 'span.note-popover-lines'];
/** What the first lines may hold: the build's bare inline tags (src/markdown/excerpt.ts), never an attribute. */
const EXCERPT_TAGS = new Set(['em', 'strong', 'code', 'del', 's', 'kbd', 'sub', 'sup']);

/** The popover's own three parts; inside its lines only bare inline tags, no element from a vault. */
async function popoverTags(page: Page): Promise<string[]> {
  return page.locator('#note-popover').evaluate((tip, allowed) => {
    const parts = [...tip.children].map((el) => `${el.localName}.${el.className}`);
    for (const el of tip.querySelectorAll('.note-popover-lines *')) {
      if (!allowed.includes(el.localName) || el.attributes.length > 0) parts.push(`unexpected <${el.localName}> in the lines: ${el.outerHTML.slice(0, 80)}`);
    }
    return parts;
  }, [...EXCERPT_TAGS]);
}

test.use({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });

test.describe('hostile notes', () => {
  test('the checks themselves see an attack that does run', async ({ page }) => {
    const seen = watch(page);
    await page.goto(url(note(CORE).page));
    await page.locator('.note-body').evaluate((body) => body.insertAdjacentHTML('beforeend', '<img src="data:," onerror="alert(1)"><img src="x" alt="">'));
    await expect.poll(() => seen.problems().dialogs).toEqual(['alert: 1']);
    await expect.poll(() => seen.problems().requests.some((r) => r.startsWith('404 ') && r.endsWith('/x'))).toBe(true);
    expect(await domProblems(page)).toEqual(['<img src="data:,">', '<img onerror="alert(1)">']);
  });

  for (const uri of [VOICE, INDEX, CORE]) {
    test(`the note page of ${uri} shows the attack as text and runs nothing`, async ({ page }) => {
      const seen = watch(page);
      const n = note(uri);
      await page.goto(url(n.page));
      await page.waitForLoadState('networkidle');
      await expect(page.locator('h1')).toHaveText(n.title);
      expect(await page.title()).toBe(`${n.title} · Soulpress`);
      const body = page.locator('.note-body');
      for (const literal of n.literals) await expect(body).toContainText(literal);
      // A note's own ids live under user-content-, apart from every id of the page around it.
      for (const id of await body.locator('[id]').evaluateAll((els) => els.map((el) => el.id))) expect(id).toMatch(/^(user-content-|footnote-label$)/);
      // Hover every link of the note body: each opens its popover (or nothing), none runs code.
      const links = body.locator('a');
      for (let i = 0; i < (await links.count()); i++) {
        await links.nth(i).hover();
        await page.waitForTimeout(350);
      }
      for (const tag of await popoverTags(page)) expect(POPOVER_PARTS).toContain(tag);
      await expectClean(page, seen);
    });
  }

  test('popovers on links to the hostile notes show their titles as text, by hover and by focus', async ({ page }) => {
    const seen = watch(page);
    await page.goto(url(note(CORE).page));
    const tip = page.locator('#note-popover');

    // By hover: the link to the voice note.
    await page.locator('.note-body a[href$="/notes/cwkpippa-shared/core/voice/"]').hover();
    await expect(tip).toBeVisible();
    await expect(tip.locator('.note-popover-title')).toHaveText(note(VOICE).title);
    await expect(tip.locator('.note-popover-uri')).toHaveText(VOICE);
    expect(await popoverTags(page)).toEqual(POPOVER_PARTS);
    await page.mouse.move(5, 5);
    await expect(tip).toBeHidden();

    // By keyboard focus: the inline-code pointer link to the hostile index note.
    const pointer = page.locator('.note-body a[href$="/notes/pippa/index/hostile-index/"]');
    await pointer.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(tip).toBeVisible();
    await expect(tip.locator('.note-popover-title')).toHaveText(note(INDEX).title);
    // Its first lines: the raw HTML of the note shown as written, its Markdown rendered (emphasis as
    // <em>), and a script payload in code as text.
    const lines = tip.locator('.note-popover-lines');
    await expect(lines).toContainText('<img src=x onerror=alert(1)> starts the first line, <b onmouseover=alert(1)>bold</b> follows');
    await expect(lines.locator('em')).toHaveText('emphasis');
    await expect(lines.locator('strong')).toHaveText('strong');
    await expect(lines.locator('code')).toHaveText('<script>alert(5)</script>');
    await expect(lines).not.toContainText('*emphasis*');
    expect(await popoverTags(page)).toEqual(POPOVER_PARTS);
    await page.keyboard.press('Escape');
    await expect(tip).toBeHidden();
    await expectClean(page, seen);
  });

  test('the lesson that embeds the hostile voice note shows it as text and runs nothing', async ({ page }) => {
    const seen = watch(page);
    await page.goto(url('lessons/whole-or-pointer/'));
    await page.waitForLoadState('networkidle');
    const embed = page.locator(`figure.note-embed[data-uri="${VOICE}"]`);
    await expect(embed.locator('figcaption a').first()).toHaveText(note(VOICE).title);
    const body = embed.locator('.note-embed-body');
    await expect(body).toContainText('<script>alert(1)</script>');
    await expect(body).toContainText('Inline <img src=x onerror=alert(1)> and <svg onload=alert(1)> and <iframe src="javascript:alert(1)"></iframe>.');
    // The embed's own links: one safe note link survives, every unsafe one is text (headings' anchors aside).
    expect(await body.locator('a:not(.heading-anchor)').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['/notes/cwkpippa-shared/core/honesty/']);

    await embed.locator('figcaption a').first().hover();
    const tip = page.locator('#note-popover');
    await expect(tip).toBeVisible();
    await expect(tip.locator('.note-popover-title')).toHaveText(note(VOICE).title);
    await expectClean(page, seen);
  });

  test('the soul page: rows, popovers, flips and an edit stay text', async ({ page }) => {
    const seen = watch(page);
    await page.goto(url('souls/pippa/'));
    const row = (uri: string) => page.locator(`tr.doc[data-uri="${uri}"]`);
    for (const uri of [VOICE, INDEX, CORE]) await expect(row(uri).locator('a.doc-title')).toHaveText(note(uri).title);
    await expect(page.locator('[data-prompt-text]')).toContainText('<script>alert(1)</script>');
    await expectClean(page, seen);

    // A row link's popover, by hover.
    const tip = page.locator('#note-popover');
    await row(CORE).locator('a.doc-title').hover();
    await expect(tip.locator('.note-popover-title')).toHaveText(note(CORE).title);
    expect(await popoverTags(page)).toEqual(POPOVER_PARTS);
    await page.mouse.move(5, 5);

    // Flips re-render every row in the browser from the vault's strings (the preview starts as the panel opens).
    await page.locator('[data-live-panel] > summary').click();
    await expect(page.locator('[data-live-status]')).toContainText('the published bundle');
    const flip = (uri: string) => page.locator(`[data-live] input[name="flip"][value="${uri}"]`);
    await expect(flip(INDEX).locator('xpath=..')).toContainText(note(INDEX).title);
    await flip(INDEX).check();
    await expect(row(INDEX)).toHaveAttribute('data-mode', 'pointer');
    await expect(page.locator('[data-prompt-text]')).toContainText(`soul-vault read ${INDEX}`);
    await flip(VOICE).uncheck();
    await expect(row(VOICE)).toHaveAttribute('data-mode', 'pointer');
    await expect(row(INDEX).locator('a.doc-title')).toHaveText(note(INDEX).title);
    await expectClean(page, seen);

    // The cache view names the first changed document by its (hostile) title, as text.
    await expect(page.locator('[data-cache-view]')).toHaveAttribute('data-first-uri', VOICE);
    await expect(page.locator('[data-cache-view] [data-slot="note"]')).toHaveText(note(VOICE).title);

    // The editor: new hostile text goes through the loader into the prompt, as text. (Row labels
    // keep the published titles by design; the prompt carries the edited note.)
    await page.getByText("Edit a note's text").click();
    await chooseNote(page, 'pippa/core/hostile-core.md');
    const editor = page.getByLabel('Text as the loader reads it');
    const added = '<img src=y onerror=alert(2)><script>alert(3)</script><iframe srcdoc="<script>alert(4)</script>">';
    await editor.fill(`${(await editor.inputValue()).replace(/^title: .*$/m, `title: '${added}'`)}\n${added}\n`);
    await page.getByRole('button', { name: 'Apply edit' }).click();
    await expect(page.locator('[data-live-status]')).toContainText('Re-assembled');
    await expect(page.locator('[data-prompt-text]')).toContainText(`${added}\n`);
    await expectClean(page, seen);
  });
});
