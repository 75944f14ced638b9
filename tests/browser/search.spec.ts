import { expect, test } from '@playwright/test';

// Search is Pagefind's index of the built pages, queried in the browser; results are text, never raw HTML.
test('search finds a shared core note and links to its page', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/search/?q=secrets');
  await expect(page.locator('#search-status')).toContainText('for “secrets”');
  const first = page.locator('#search-results li a').first();
  await expect(first).toBeVisible();
  const hrefs = await page.locator('#search-results li a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toContain('/notes/cwkpippa-shared/core/safety/secrets/');
  // A note's text is found on the note's page, not again on every bundle that carries it or
  // on the list of all notes: those parts are left out of the index.
  expect(hrefs.filter((h) => h?.startsWith('/souls/') || h?.startsWith('/guests/') || h === '/notes/')).toEqual([]);
  // Excerpts keep only text and <mark>: no other element comes through from the index.
  const stray = await page.locator('#search-results p *:not(mark)').count();
  expect(stray).toBe(0);
  await page.fill('#search-q', 'zzzznotaword');
  await page.press('#search-q', 'Enter');
  await expect(page.locator('#search-status')).toContainText('No results');
  expect(new URL(page.url()).searchParams.get('q')).toBe('zzzznotaword');
  expect(errors).toEqual([]);
});

// Two indexes answer one search: the note pages' (written from the site data while Astro
// renders) and the other pages' (from the built HTML).
test('one search finds both a soul page and a note page', async ({ page }) => {
  await page.goto('/search/?q=Ashford');
  await expect(page.locator('#search-results li a').first()).toBeVisible();
  const hrefs = await page.locator('#search-results li a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toContain('/souls/quill/');
  expect(hrefs.some((h) => h?.startsWith('/notes/quill/'))).toBe(true);
  // A soul page and its identity note share a title: each result says what kind of page it is.
  const soul = page.locator('#search-results li', { has: page.locator('a[href="/souls/quill/"]') });
  await expect(soul.locator('.search-kind')).toHaveText('Soul page');
  const note = page.locator('#search-results li', { has: page.locator('a[href^="/notes/quill/"]') }).first();
  await expect(note.locator('.search-kind')).toHaveText('Note in quill');
});

test('without JavaScript the search page points to the list of every note', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/search/');
  await expect(page.locator('#search-status a')).toHaveAttribute('href', '/notes/');
  await context.close();
});

// A commit message repeats on the family history and on every soul and preset history it changed:
// those pages must not bury the lesson and the note that say the same words (the commit heading is
// weighed low, components/history/CommitHead.astro).
test('a lesson or note ranks above the history pages that repeat one commit message', async ({ page }) => {
  // The sample's commit "the family voice asks for numbers with their units", on eleven history pages.
  await page.goto('/search/?q=numbers%20with%20their%20units');
  await expect(page.locator('#search-results li a').first()).toBeVisible();
  const hrefs = await page.locator('#search-results li a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const history = hrefs.map((h, i) => [h, i] as const).filter(([h]) => /(^|\/)history\/$/.test(h.split('#')[0]!));
  expect(history.length, 'the commit message is found on history pages').toBeGreaterThan(3);
  expect(hrefs[0]).toMatch(/^\/(lessons|notes)\//);
  // The note the commit edited and the lesson that quotes that rule both come before any history page.
  for (const want of ['/notes/cwkpippa-shared/core/voice/', '/lessons/whole-or-pointer/']) {
    const at = hrefs.indexOf(want);
    expect(at, `${want} found`).toBeGreaterThanOrEqual(0);
    expect(at, `${want} before the first history page`).toBeLessThan(history[0]![1]);
  }
});
