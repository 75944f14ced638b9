// The main page kinds in light and dark, with the basics a person would check: the heading shows, the
// console stays clean, and the theme toggle flips data-theme. `npm run screenshots` also captures each
// page, whole, in both schemes, to look at (helpers/capture.ts).
import { expect, test } from '@playwright/test';
import type { ConsoleMessage, Page } from '@playwright/test';
import { capture } from './helpers/capture.ts';
import { BACKGROUND, switchScheme } from './helpers/scheme.ts';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'lesson', path: '/lessons/the-load-order/' },
  { name: 'soul', path: '/souls/pippa/' },
  { name: 'catalog', path: '/shared/' },
  { name: 'family', path: '/family/' },
  { name: 'note', path: '/notes/cwkpippa-shared/core/voice/' },
  { name: 'note-pointer', path: '/notes/cwkpippa-shared/core/craft/testing/' },
  { name: 'vault-notes', path: '/notes/cwkpippa-shared/' },
  { name: 'agent', path: '/agents/mingjing/' },
  { name: 'agent-rejected', path: '/agents/jianxin/' },
  { name: 'agent-entry', path: '/agents/mingjing/knowledge/sources/citation-style/' },
] as const;

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

// One visit a page, light then dark, the scheme switched on the loaded page (helpers/scheme.ts).
test.describe('light and dark schemes', () => {
  test.use({ colorScheme: 'light', viewport: { width: 1280, height: 900 } });

  for (const { name, path } of PAGES) {
    test(`${name} renders in light and dark`, async ({ page }) => {
      const errors = collectErrors(page);
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.locator('[data-theme-toggle]')).toBeVisible();
      for (const scheme of ['light', 'dark'] as const) {
        await switchScheme(page, scheme, path);
        // From the top: the edit cost capture below scrolled the page, and sticky parts draw where it stands.
        await page.evaluate(() => window.scrollTo(0, 0));
        await capture(page, `${name}-${scheme}`, { fullPage: true });
        // A note's edit cost table sits below the note's body: captured on its own too, to be looked at.
        if (name.startsWith('note')) await capture(page.locator('[data-edit-cost]'), `${name}-edit-cost-${scheme}`);
      }
      expect(errors).toEqual([]);
    });
  }
});

test.describe('theme toggle', () => {
  test.use({ colorScheme: 'light' });

  test('switches data-theme and remembers it across pages', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).not.toHaveAttribute('data-theme');
    await page.locator('[data-theme-toggle]').click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe(BACKGROUND.light);
    await page.goto('/shared/');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.locator('[data-theme-toggle]').click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(errors).toEqual([]);
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 360, height: 780 }, colorScheme: 'light' });

  test('the soul page fits 360px without sideways scrolling of the page', async ({ page }) => {
    await page.goto('/souls/pippa/');
    await expect(page.locator('h1')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await capture(page, 'soul-360');
  });

  test('the agent page fits 360px without sideways scrolling of the page', async ({ page }) => {
    await page.goto('/agents/mingjing/');
    await expect(page.locator('h1')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await capture(page, 'agent-360', { fullPage: true });
  });
});

// A note page's "What an edit here costs" table on a phone, in both schemes: its rows become cards.
for (const scheme of ['light', 'dark'] as const) {
  test.describe(`375px, ${scheme}`, () => {
    test.use({ viewport: { width: 375, height: 812 }, colorScheme: scheme });

    test('a note page fits 375px and its edit cost table reads as cards', async ({ page }) => {
      await page.goto('/notes/cwkpippa-shared/core/voice/');
      await expect(page.locator('[data-impact-row]').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await capture(page.locator('[data-edit-cost]'), `note-edit-cost-375-${scheme}`);
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, colorScheme: 'dark' });

  test('pages read fully and no dead buttons show', async ({ page }) => {
    await page.goto('/souls/pippa/');
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.locator('tr.doc').first()).toBeVisible();
    await expect(page.locator('[data-theme-toggle]')).toBeHidden();
    await expect(page.locator('button.copy').first()).toBeHidden();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe(BACKGROUND.light);
  });

  test('an agent page reads fully: sections, SHOW, rules; the preview stays hidden', async ({ page }) => {
    await page.goto('/agents/mingjing/');
    await expect(page.locator('tr[data-section]').first()).toBeVisible();
    await expect(page.locator('[data-show-rows]')).toBeVisible();
    await expect(page.locator('[data-rules-state]')).toBeVisible();
    await expect(page.locator('[data-agent-live]')).toBeHidden();
  });
});

test.describe('print', () => {
  test.use({ colorScheme: 'dark' });

  test('a soul page prints as the document: no header or preview, the full prompt open, light colours', async ({ page }) => {
    await page.goto('/souls/pippa/');
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.site-header')).toBeHidden();
    await expect(page.locator('[data-live]')).toBeHidden();
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await expect(page.locator('.prompt-text details').first()).toHaveAttribute('open', '');
    await expect(page.locator('[data-prompt-text]')).toBeVisible();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe(BACKGROUND.light);
    await capture(page, 'soul-print', { fullPage: true });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect(page.locator('.prompt-text details').first()).not.toHaveAttribute('open', '');
  });
});
