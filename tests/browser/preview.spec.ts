// The live preview end to end in Debian's Chromium: flips, presets, the editor, errors, the cache
// view, shared links and popovers, each checked against what the published pages say, with
// screenshots in test-results/screenshots/preview-*.png.
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { chooseNote } from './helpers/choose-note.ts';
import { capture } from './helpers/capture.ts';

const POINTER_NOTE = 'soul://cwkpippa-shared/core/citing-sources.md';
const INDEX_NOTE = 'soul://pippa/index/people.md';

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The panel (after the document, collapsed) is open as a reader opens it, and the preview it started has drawn. */
async function ready(page: Page): Promise<void> {
  const panel = page.locator('[data-live-panel]');
  if ((await panel.getAttribute('open')) === null) await panel.locator('> summary').click();
  await expect(panel).toHaveAttribute('open', '');
  await expect(page.locator('[data-live-status]')).toContainText('Re-assembled');
}

const revision = (page: Page) => page.locator('[data-bundle]').getAttribute('data-revision');
const row = (page: Page, uri: string): Locator => page.locator(`tr.doc[data-uri="${uri}"]`);

/** What a reader sees of the bundle: every row's data and cells, the bar, the card's figures. */
async function visible(page: Page) {
  return page.evaluate(() => ({
    rows: [...document.querySelectorAll<HTMLTableRowElement>('tr.doc')].map((tr) => ({ ...tr.dataset, id: tr.id, cells: [...tr.cells].map((c) => c.textContent!.trim()) })),
    groups: [...document.querySelectorAll('tr.group-head')].map((th) => th.textContent!.trim()),
    bar: document.querySelector('[data-prompt-bar]')!.innerHTML,
    lanes: document.querySelector('[data-lane-stack]')!.innerHTML,
    warnings: document.querySelector('[data-warnings]')!.innerHTML,
    card: (document.querySelector('.identity-card dl') as HTMLElement).innerText,
    prompt: document.querySelector('[data-prompt-text]')!.textContent,
  }));
}

async function barWidth(page: Page, role: string): Promise<number> {
  const slot = await page.locator(`tbody[data-role-group="${role}"]`).first().getAttribute('class');
  const cls = /role-\d/.exec(slot ?? '')![0];
  return Number(await page.locator(`[data-prompt-bar] rect.${cls}`).first().getAttribute('width'));
}

test.use({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });

test.describe('live preview', () => {
  for (const path of ['/souls/pippa/', '/souls/quill/line-edit/', '/guests/marlow/']) {
    test(`a re-run with nothing changed draws exactly the published page: ${path}`, async ({ page, browser }) => {
      const errors = watchErrors(page);
      await page.goto(path);
      await ready(page);
      await expect(page.locator('[data-live-status]')).toContainText('the published bundle');
      const live = await visible(page);
      const plain = await browser.newContext({ javaScriptEnabled: false });
      const published = await plain.newPage();
      await published.goto(path);
      await expect(published.locator('[data-live]')).toBeHidden();
      expect(live).toEqual(await visible(published));
      expect(live.rows.length).toBeGreaterThan(4);
      await plain.close();
      expect(errors).toEqual([]);
    });
  }

  test('flipping a shared core note to inline makes its row whole, grows the bar and changes the revision', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/souls/pippa/');
    await ready(page);
    const before = await revision(page);
    const barBefore = await barWidth(page, 'shared_core');
    await expect(row(page, POINTER_NOTE)).toHaveAttribute('data-mode', 'pointer');
    const pointerBytes = Number(await row(page, POINTER_NOTE).getAttribute('data-prompt-bytes'));

    await page.getByRole('checkbox', { name: 'Citing sources' }).check();
    await expect(row(page, POINTER_NOTE)).toHaveAttribute('data-mode', 'whole');
    await expect(row(page, POINTER_NOTE).locator('.mode')).toHaveText('whole');
    expect(await revision(page)).not.toBe(before);
    await expect(page.locator('[data-bundle-revision]')).toHaveText((await revision(page))!);
    expect(Number(await row(page, POINTER_NOTE).getAttribute('data-prompt-bytes'))).toBeGreaterThan(pointerBytes);
    expect(await barWidth(page, 'shared_core')).toBeGreaterThan(barBefore);
    await expect(page.locator('[data-prompt-text]')).toContainText('Citing sources');
    await expect(page.locator('[data-live-status]')).toContainText(`revision ${(await revision(page))!.slice(0, 12)}`);

    // The cache view: the first differing byte falls in the flipped note, in role shared_core.
    const cache = page.locator('[data-cache-view]');
    await expect(cache).toBeVisible();
    await expect(cache).toHaveAttribute('data-first-uri', POINTER_NOTE);
    await expect(cache).toHaveAttribute('data-first-role', 'shared_core');
    await expect(cache).toContainText('The first byte that differs is byte');
    await expect(cache.locator('[data-slot="share"]')).toHaveText(/^\d+\.\d%$/);
    expect(page.url()).toContain(`flip=${POINTER_NOTE}`);
    await row(page, POINTER_NOTE).scrollIntoViewIfNeeded();
    await capture(page, 'preview-flip');
    await cache.scrollIntoViewIfNeeded();
    await capture(page, 'preview-cache');

    // Unchecking goes back to the published bytes and revision.
    await page.getByRole('checkbox', { name: 'Citing sources' }).uncheck();
    await expect(page.locator('[data-bundle]')).toHaveAttribute('data-revision', before!);
    expect(page.url()).not.toContain('flip=');
    expect(errors).toEqual([]);
  });

  test('a soul index note flips to on-demand: a pointer row', async ({ page }) => {
    await page.goto('/souls/pippa/');
    await ready(page);
    await expect(row(page, INDEX_NOTE)).toHaveAttribute('data-mode', 'whole');
    await page.getByRole('checkbox', { name: 'People' }).check();
    await expect(row(page, INDEX_NOTE)).toHaveAttribute('data-mode', 'pointer');
    await expect(page.locator('[data-prompt-text]')).toContainText(`soul-vault read ${INDEX_NOTE}`);
  });

  test('choosing a preset gives the preset page bundle, revision and all', async ({ page, request }) => {
    await page.goto('/souls/pippa/');
    await ready(page);
    const presetPage = await request.get('/souls/pippa/code-review/');
    const want = /data-bundle-revision="([0-9a-f]{64})"/.exec(await presetPage.text())![1];
    await page.getByLabel('Preset', { exact: true }).selectOption('code-review');
    await expect(page.locator('[data-bundle]')).toHaveAttribute('data-revision', want!);
    await expect(page.locator('tr.doc[data-role="project"]')).toHaveAttribute('data-uri', 'soul://pippa/projects/code-review.md');
    await expect(page.locator('[data-fact-html="preset-card"]')).toHaveText('code-review');
    // Adding a project at the end keeps the whole published prompt cacheable.
    await expect(page.locator('[data-cache-view]')).toHaveAttribute('data-first-role', 'project');
    expect(page.url()).toContain('preset=code-review');
    await page.locator('tr.doc[data-role="project"]').scrollIntoViewIfNeeded();
    await capture(page, 'preview-preset');
  });

  test('deleting instructions.md in the editor shows identity_document_missing, never a blank page', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/souls/pippa/');
    await ready(page);
    const before = await revision(page);
    await page.getByText("Edit a note's text").click();
    await chooseNote(page, 'pippa/instructions.md');
    await page.getByRole('button', { name: 'Delete note' }).click();

    const box = page.locator('[data-live-error]');
    await expect(box).toBeVisible();
    await expect(box.locator('[data-slot="code"]')).toHaveText('identity_document_missing');
    await expect(box.locator('[data-slot="note"]')).toHaveText('soul://pippa/instructions.md');
    await expect(box.locator('[data-slot="role"]')).toHaveText('soul_instructions');
    await expect(page.locator('[data-live-status]')).toContainText('identity_document_missing');
    await expect(page.locator('[data-live-status]')).toHaveAttribute('aria-live', 'polite');
    await expect(page.locator('[data-bundle-revision]')).toContainText('the load failed');
    await expect(page.locator('tr.doc').first()).toBeVisible();
    await expect(page.locator('[data-cache-view]')).toBeHidden();
    await box.scrollIntoViewIfNeeded();
    await capture(page, 'preview-error');

    await page.getByRole('button', { name: 'Restore note' }).click();
    await expect(box).toBeHidden();
    await expect(page.locator('[data-bundle]')).toHaveAttribute('data-revision', before!);
    expect(errors).toEqual([]);
  });

  test('an edited note re-loads with its new text; reset returns to the published bundle', async ({ page }) => {
    await page.goto('/souls/pippa/');
    await ready(page);
    const before = await revision(page);
    await page.getByText("Edit a note's text").click();
    await chooseNote(page, 'pippa/Pippa.md');
    const editor = page.getByLabel('Text as the loader reads it');
    await editor.fill(`${await editor.inputValue()}\nA line added in the preview.\n`);
    await page.getByRole('button', { name: 'Apply edit' }).click();
    await expect(page.locator('[data-prompt-text]')).toContainText('A line added in the preview.');
    expect(await revision(page)).not.toBe(before);
    // The first row moved: nothing of the old prompt is cacheable past its first bytes.
    await expect(page.locator('[data-cache-view]')).toHaveAttribute('data-first-uri', 'soul://pippa/Pippa.md');

    await page.getByLabel('Harness').fill('cli');
    await page.getByLabel('Harness').press('Enter');
    await expect(page.locator('[data-fact="harness"]').first()).toHaveText('cli');
    await page.getByRole('button', { name: 'Reset to published' }).click();
    await expect(page.locator('[data-bundle]')).toHaveAttribute('data-revision', before!);
    await expect(page.getByLabel('Harness')).toHaveValue('webui');
    await expect(page.locator('[data-live-status]')).toContainText('the published bundle');
    expect(new URL(page.url()).search).toBe('');
  });

  test('tokens: an edited note is an estimate marked ≈, the untouched rows keep the build\'s counts, a reset brings them all back', async ({ page }) => {
    await page.goto('/souls/pippa/');
    await ready(page);
    const tokens = () => page.locator('tr.doc td.tokens').allTextContents();
    const published = await tokens();
    const promptTokens = await page.locator('.identity-card [data-fact="prompt-tokens"]').textContent();
    // Each count carries its unit, for the phone's cards and for screen readers.
    expect(published.every((t) => /^\d[\d,]* tokens$/.test(t))).toBe(true);
    await page.getByText("Edit a note's text").click();
    await chooseNote(page, 'pippa/Pippa.md');
    const editor = page.getByLabel('Text as the loader reads it');
    await editor.fill(`${await editor.inputValue()}\nSome more words for the estimate to count.\n`);
    await page.getByRole('button', { name: 'Apply edit' }).click();
    await expect(row(page, 'soul://pippa/Pippa.md').locator('td.tokens')).toHaveText(/^≈ \d/);
    const edited = await tokens();
    const at = await page.locator('tr.doc').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.uri));
    // Every other row is the same text as published: the build's exact count, no mark.
    edited.forEach((t, i) => {
      if (at[i] !== 'soul://pippa/Pippa.md') expect(t).toBe(published[i]);
    });
    await expect(page.locator('.identity-card [data-fact="prompt-tokens"]')).toHaveText(/^≈ \d/);
    await page.getByRole('button', { name: 'Reset to published' }).click();
    await expect(page.locator('.identity-card [data-fact="prompt-tokens"]')).toHaveText(promptTokens!);
    expect(await tokens()).toEqual(published);
  });

  test('an empty harness is harness_required, named', async ({ page }) => {
    await page.goto('/souls/lingtai/');
    await ready(page);
    await page.getByLabel('Harness').fill('');
    await page.getByLabel('Harness').press('Enter');
    await expect(page.locator('[data-live-error] [data-slot="code"]')).toHaveText('harness_required');
  });

  test('a shared link opens the same preview', async ({ page, browser }) => {
    await page.goto('/souls/pippa/');
    await ready(page);
    await page.getByLabel('Harness').fill('cli');
    await page.getByLabel('Harness').press('Enter');
    await page.getByLabel('Preset', { exact: true }).selectOption('research-spike');
    await page.getByRole('checkbox', { name: 'Citing sources' }).check();
    await page.getByRole('checkbox', { name: 'People' }).check();
    await expect(row(page, INDEX_NOTE)).toHaveAttribute('data-mode', 'pointer');
    const link = page.url();
    expect(link).toContain('harness=cli');
    const state = await visible(page);

    const teammate = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await teammate.goto(link);
    await ready(teammate);
    expect(await revision(teammate)).toBe(await revision(page));
    expect(await visible(teammate)).toEqual(state);
    await expect(teammate.getByLabel('Harness')).toHaveValue('cli');
    await expect(teammate.getByLabel('Preset', { exact: true })).toHaveValue('research-spike');
    await expect(teammate.getByRole('checkbox', { name: 'Citing sources' })).toBeChecked();
    await expect(teammate.getByRole('checkbox', { name: 'People' })).toBeChecked();
    await capture(teammate, 'preview-shared');
    await teammate.context().close();
  });

  test('controls are labelled form elements, usable by keyboard', async ({ page }) => {
    await page.goto('/souls/pippa/');
    await ready(page);
    for (const label of ['Harness', 'Preset']) await expect(page.getByLabel(label, { exact: true })).toBeEnabled();
    const boxes = page.locator('[data-live] input[type="checkbox"]');
    const n = await boxes.count();
    expect(n).toBeGreaterThan(10);
    for (let i = 0; i < n; i++) expect(await boxes.nth(i).evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent?.trim())).toBeTruthy();
    const box = page.getByRole('checkbox', { name: 'Citing sources' });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(row(page, POINTER_NOTE)).toHaveAttribute('data-mode', 'whole');
    await capture(page.locator('.live'), 'preview-controls');
  });

  test('without JavaScript the controls do not show and the page is complete', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/souls/pippa/');
    await expect(page.locator('[data-live]')).toBeHidden();
    await expect(page.locator('tr.doc')).toHaveCount(23);
    await expect(page.locator('[data-bundle-revision]')).toHaveText(/^[0-9a-f]{64}$/);
    await context.close();
  });
});

test.describe('a preview is never mistaken for the published page', () => {
  test('an address with preview state: a banner, heading, title and chip for that state; canonical still published', async ({ page }) => {
    await page.goto(`/souls/pippa/?preset=code-review&flip=${POINTER_NOTE}`);
    const banner = page.locator('[data-preview-banner]');
    // Before the preview has drawn: the banner is there from first paint, and the panel is open.
    await expect(banner).toBeVisible();
    await ready(page);
    await expect(banner.getByRole('link', { name: 'Open the published page' })).toHaveAttribute('href', '/souls/pippa/');
    await expect(page.locator('h1')).toHaveText('Pippa · code-review');
    expect(await page.title()).toBe('Pippa · code-review · Soulpress');
    await expect(page.locator('.preset-nav a[aria-current="page"]')).toHaveText('code-review');
    await expect(page.locator('.preset-nav a[aria-current]')).toHaveCount(1);
    await expect(page.locator('[data-fact-html="preset-card"]')).toHaveText('code-review');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/^https?:\/\/[^/]+\/souls\/pippa\/$/);
    await capture(page, 'preview-banner');

    await page.getByRole('button', { name: 'Reset to published' }).click();
    await expect(banner).toBeHidden();
    await expect(page.locator('h1')).toHaveText('Pippa');
    expect(await page.title()).toBe('Pippa · Soulpress');
    await expect(page.locator('.preset-nav a[aria-current="page"]')).toHaveText('none');
  });

  test('the published page has no banner until something differs; a harness alone is enough', async ({ page }) => {
    await page.goto('/souls/pippa/');
    await ready(page);
    const banner = page.locator('[data-preview-banner]');
    await expect(banner).toBeHidden();
    await page.getByLabel('Harness').fill('my-own-harness');
    await page.getByLabel('Harness').press('Enter');
    await expect(banner).toBeVisible();
    await expect(page.locator('[data-fact="harness"]').first()).toHaveText('my-own-harness');
  });

  test('a flipped row is marked with its mode, bytes and share before and after', async ({ page }) => {
    await page.goto('/souls/pippa/');
    await ready(page);
    const r = row(page, POINTER_NOTE);
    const bytes = (await r.locator('td.prompt-size').textContent())!.trim();
    const share = (await r.locator('.share-figure').textContent())!.trim();
    await expect(page.locator('tr.doc.changed')).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Citing sources' }).check();
    await expect(r).toHaveAttribute('data-changed', 'mode flipped');
    await expect(r.locator('.change-mark')).toHaveText('mode flipped in this preview');
    await expect(r.locator('.mode-cell .mode')).toHaveText('whole');
    await expect(r.locator('.mode-cell .was')).toHaveText('was pointer');
    await expect(r.locator('td.prompt-size .was')).toHaveText(`was ${bytes}`);
    await expect(r.locator('td.share .was')).toHaveText(`was ${share}`);
    expect((await r.locator('.share-figure').textContent())!.trim()).not.toBe(share);
    // Only the row the change touched: every other share moves a little, but is not marked.
    await expect(page.locator('tr.doc.changed')).toHaveCount(1);
    await expect(page.locator('[data-live-status]')).toContainText('1 row changed');
    await r.scrollIntoViewIfNeeded();
    await capture(page, 'preview-marks');
    await page.getByRole('checkbox', { name: 'Citing sources' }).uncheck();
    await expect(page.locator('tr.doc.changed')).toHaveCount(0);
  });

  test('an edited note shows its line diff against the published text; a flip shows its frontmatter line', async ({ page }) => {
    await page.goto('/souls/pippa/');
    await ready(page);
    await page.getByText("Edit a note's text").click();
    await chooseNote(page, 'pippa/Pippa.md');
    const diff = page.locator('[data-live-diff]');
    await expect(diff).toBeHidden();
    const editor = page.getByLabel('Text as the loader reads it');
    const text = await editor.inputValue();
    const first = text.split('\n').find((l) => l.trim() !== '')!;
    await editor.fill(`${text.replace(first, 'A first line rewritten.')}\nA line added in the preview.\n`);
    await page.getByRole('button', { name: 'Apply edit' }).click();
    await expect(diff).toBeVisible();
    await expect(diff.locator('del')).toHaveText([`- ${first}`]);
    await expect(diff.locator('ins').first()).toHaveText('+ A first line rewritten.');
    await expect(diff.locator('ins', { hasText: 'A line added in the preview.' })).toHaveCount(1);
    await expect(row(page, 'soul://pippa/Pippa.md')).toHaveAttribute('data-changed', 'text changed');
    await diff.scrollIntoViewIfNeeded();
    await capture(page, 'preview-diff');
    await page.getByRole('button', { name: 'Restore note' }).click();
    await expect(diff).toBeHidden();

    await page.getByRole('checkbox', { name: 'Citing sources' }).check();
    await page.getByLabel('Note', { exact: true }).selectOption('cwkpippa-shared/core/citing-sources.md');
    await expect(diff.locator('ins')).toContainText(['prompt_loading: inline']);
  });

  test('the harness control offers the site\'s harnesses, says what a harness changes and takes any id', async ({ page }) => {
    await page.goto('/souls/pippa/');
    await ready(page);
    const harness = page.getByLabel('Harness');
    const options = await page.locator(`datalist#${await harness.getAttribute('list')} option`).evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options).toEqual(['webui', 'cli', 'api', 'ide']);
    await expect(harness).toHaveAccessibleDescription(/no document depends on it/);
    const before = await revision(page);
    await harness.fill('cli');
    await harness.press('Enter');
    await expect(page.locator('[data-fact="harness"]').first()).toHaveText('cli');
    // What the help says: the rows, prompt and revision stay the same.
    expect(await revision(page)).toBe(before);
    await expect(page.locator('tr.doc.changed')).toHaveCount(0);
  });
});

test.describe('note popovers', () => {
  test('open by keyboard on a lesson, described by the trigger, closed by Escape', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/lessons/the-load-order/');
    const tip = page.locator('#note-popover');
    await expect(tip).toBeHidden();
    // Tab through the page until focus reaches a note link or pointer.
    let opened = false;
    for (let i = 0; i < 120 && !opened; i++) {
      await page.keyboard.press('Tab');
      opened = await tip.isVisible();
    }
    expect(opened).toBe(true);
    const trigger = page.locator(':focus');
    await expect(trigger).toHaveAttribute('aria-describedby', 'note-popover');
    await expect(tip).toHaveAttribute('role', 'tooltip');
    await expect(tip.locator('.note-popover-title')).not.toBeEmpty();
    await expect(tip.locator('.note-popover-uri')).toHaveText(/^soul:\/\//);
    await capture(page, 'preview-popover');
    await page.keyboard.press('Escape');
    await expect(tip).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(trigger).not.toHaveAttribute('aria-describedby');
    expect(errors).toEqual([]);
  });

  test('open on hover over a catalog link with the note title and first lines', async ({ page }) => {
    await page.goto('/shared/');
    const link = page.locator('table.catalog a.doc-title').first();
    const title = (await link.textContent())!.trim();
    await link.hover();
    const tip = page.locator('#note-popover');
    await expect(tip).toBeVisible();
    await expect(tip.locator('.note-popover-title')).toHaveText(title);
    await expect(tip.locator('.note-popover-lines')).not.toBeEmpty();
    await expect(link).toHaveAttribute('aria-describedby', 'note-popover');
    await page.mouse.move(5, 5);
    await expect(tip).toBeHidden();
  });

  test('a soul:// pointer in lesson prose gets a tab stop and a preview', async ({ page }) => {
    await page.goto('/lessons/the-load-order/');
    const pointer = page.locator('p code[tabindex="0"]').first();
    await expect(pointer).toHaveText(/^soul:\/\//);
    await pointer.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(page.locator('#note-popover')).toBeVisible();
    await expect(page.locator('#note-popover .note-popover-uri')).toHaveText((await pointer.textContent())!.trim());
  });

  test('a row link on a soul page previews its note', async ({ page }) => {
    await page.goto('/souls/pippa/');
    await ready(page);
    await row(page, POINTER_NOTE).locator('a.doc-title').hover();
    await expect(page.locator('#note-popover .note-popover-uri')).toHaveText(POINTER_NOTE);
  });
});
