import { expect, test } from '@playwright/test';

// The header search box: results as you type, the shortcut, and results that land on a heading.
test('the header search shows results as you type, and a result links to the heading it matched', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/shared/');
  const box = page.locator('#site-search-q');
  // The client is not loaded until the box is focused.
  const client = await page.locator('form[data-site-search]').getAttribute('data-client');
  expect(await page.evaluate((src) => performance.getEntriesByType('resource').some((r) => r.name.endsWith(src!)), client)).toBe(false);
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  await page.keyboard.type('rotate');
  const panel = page.locator('#site-search-panel');
  await expect(panel).toBeVisible();
  await expect(panel.locator('.site-search-status')).toContainText('for “rotate”');
  const hit = panel.locator('.search-hit', { has: page.locator('a.search-title[href="/notes/cwkpippa-shared/core/safety/secrets/"]') });
  await expect(hit.locator('.search-kind')).toHaveText('Note in cwkpippa-shared');
  // Excerpts are text and <mark>, nothing else.
  expect(await panel.locator('.search-excerpt *:not(mark)').count()).toBe(0);
  const heading = hit.locator('a.search-heading').first();
  const target = (await heading.getAttribute('href'))!;
  expect(target).toMatch(/^\/notes\/cwkpippa-shared\/core\/safety\/secrets\/#user-content-/);
  await heading.click();
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`));
  const id = decodeURIComponent(target.split('#')[1]!);
  await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
  // Escape closes the panel; Ctrl+K focuses the box again from anywhere.
  await page.locator('h1').click();
  await page.keyboard.press('Control+k');
  await expect(page.locator('#site-search-q')).toBeFocused();
  await page.keyboard.type('secrets');
  await expect(page.locator('#site-search-panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#site-search-panel')).toBeHidden();
  // The panel's last link opens the search page with the query.
  expect(errors).toEqual([]);
});

test('the shortcut does not steal a slash typed into a field', async ({ page }) => {
  await page.goto('/shared/');
  await page.locator('#catalog-filter-q').fill('core/');
  await expect(page.locator('#catalog-filter-q')).toHaveValue('core/');
  await expect(page.locator('#site-search-q')).not.toBeFocused();
});

test('without JavaScript the header search is a form that opens the search page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/souls/pippa/');
  await page.fill('#site-search-q', 'voice');
  await page.press('#site-search-q', 'Enter');
  await expect(page).toHaveURL(/\/search\/\?q=voice$/);
  await context.close();
});

test('the search page makes every result reachable, 20 at a time', async ({ page }) => {
  await page.goto('/search/?q=soul');
  const status = page.locator('#search-status');
  await expect(status).toContainText('for “soul”');
  const total = Number(/(\d+) results?/.exec((await status.textContent())!)![1]);
  expect(total).toBeGreaterThan(20);
  const items = page.locator('#search-results > li');
  await expect(items).toHaveCount(20);
  const more = page.locator('#search-more');
  for (let shown = 20; shown < total; shown = Math.min(total, shown + 20)) {
    await expect(more).toHaveText(`Show ${Math.min(20, total - shown)} more`);
    await more.click();
    await expect(items).toHaveCount(Math.min(total, shown + 20));
  }
  await expect(more).toBeHidden();
  await expect(status).toHaveText(`${total} results for “soul”.`);
  // Typing runs the search again and keeps the query in the address.
  await page.fill('#search-q', 'pointer');
  await expect(status).toContainText('for “pointer”');
  expect(new URL(page.url()).searchParams.get('q')).toBe('pointer');
});

test('the catalog filter narrows the table by words and distance; without JavaScript the full table shows', async ({ page, browser }) => {
  await page.goto('/shared/');
  const rows = page.locator('table[data-catalog] tbody tr');
  const total = await rows.count();
  expect(total).toBeGreaterThan(5);
  const visible = page.locator('table[data-catalog] tbody tr:visible');
  await page.fill('#catalog-filter-q', 'secrets');
  await expect(visible).toHaveCount(1);
  await expect(visible.locator('a.doc-title')).toHaveText('Handling secrets');
  await expect(page.locator('.catalog-filter-count')).toHaveText(`1 of ${total} notes`);
  await page.fill('#catalog-filter-q', '');
  await page.selectOption('#catalog-filter-distance', 'head');
  const head = await page.locator('table[data-catalog] tbody tr[data-distance="head"]').count();
  await expect(visible).toHaveCount(head);
  await page.selectOption('#catalog-filter-distance', '');
  await expect(visible).toHaveCount(total);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto('/shared/');
  await expect(plain.locator('[data-catalog-filter]')).toBeHidden();
  await expect(plain.locator('table[data-catalog] tbody tr:visible')).toHaveCount(total);
  await context.close();
});

test('the catalog sorts by what an edit costs and back to load order; the vault index has that order built in', async ({ page, browser }) => {
  await page.goto('/shared/');
  const uris = () => page.locator('table[data-catalog] tbody tr').evaluateAll((rows) => rows.map((r) => [(r as HTMLElement).dataset['uri']!, Number((r as HTMLElement).dataset['editCost'])] as const));
  const loadOrder = await uris();
  expect(new Set(loadOrder.map(([, c]) => c)).size).toBeGreaterThan(1);
  await page.selectOption('#catalog-filter-order', 'edit-cost');
  const sorted = await uris();
  expect(sorted.map(([, c]) => c)).toEqual([...loadOrder.map(([, c]) => c)].sort((a, b) => b - a));
  expect(sorted).not.toEqual(loadOrder);
  // Filtering still works on the sorted table.
  await page.selectOption('#catalog-filter-distance', 'head');
  await expect(page.locator('table[data-catalog] tbody tr:visible')).toHaveCount(loadOrder.filter(([, c]) => c > 0).length);
  await page.selectOption('#catalog-filter-order', '');
  expect(await uris()).toEqual(loadOrder);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto('/shared/');
  await plain.locator('a[href$="#by-edit-cost"]').click();
  const costs = await plain.locator('table[data-edit-cost-table] tbody tr').evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset['editCost'])));
  expect(costs.length).toBeGreaterThan(5);
  expect(costs).toEqual([...costs].sort((a, b) => b - a));
  await context.close();
});

test('a heading anchor shows on hover and focus, is named for its section, and links to it', async ({ page }) => {
  await page.goto('/souls/pippa/');
  const anchor = page.locator('a.heading-anchor[href="#load-order-title"]');
  await expect(anchor).toHaveCSS('opacity', '0');
  await page.locator('#load-order-title').hover();
  await expect(anchor).toHaveCSS('opacity', '1');
  await expect(anchor).toHaveAccessibleName('Link to the section “Load order”');
  await anchor.focus();
  await expect(anchor).toHaveCSS('opacity', '1');
  await anchor.click();
  await expect(page).toHaveURL(/#load-order-title$/);
  // The section list leads to the same place.
  await expect(page.locator('nav.page-toc a[href="#load-order-title"]')).toBeVisible();
});

// One page of each kind, at the narrowest phone width: nothing makes the page scroll sideways.
const PAGES = [
  '/',
  '/souls/',
  '/souls/pippa/',
  '/souls/pippa/code-review/',
  '/guests/',
  '/guests/marlow/',
  '/shared/',
  '/family/',
  '/notes/',
  '/notes/cwkpippa-shared/',
  '/notes/cwkpippa-shared/core/safety/secrets/',
  '/lessons/',
  '/lessons/never-partial/',
  '/agents/',
  '/agents/mingjing/',
  '/agents/jianxin/knowledge/',
  '/agents/jianxin/knowledge/services/build-farm/',
  '/search/?q=voice',
];

test('no page kind scrolls sideways at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const url of PAGES) {
    // After load every script of the page has run; the one thing drawn later is the search page's
    // results, fetched from the index: wait for those, not for 500 ms without a request.
    await page.goto(url);
    if (url.startsWith('/search/')) await expect(page.locator('#search-results li a').first()).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, url).toBeLessThanOrEqual(360);
    // The header is a row of brand and buttons plus at most two rows of section links, every link
    // of them on screen (none hidden past the edge of a row that scrolls).
    const header = await page.locator('.site-header').boundingBox();
    expect(header!.height, `${url}: header height`).toBeLessThan(140);
    const links = await page.locator('.site-nav a').evaluateAll((as) => as.map((a) => ({ text: a.textContent, right: a.getBoundingClientRect().right })));
    expect(links.length, `${url}: section links`).toBeGreaterThan(0);
    for (const link of links) expect(link.right, `${url}: ${link.text} is on screen`).toBeLessThanOrEqual(360);
  }
});

test('on a phone the catalog keeps each read command and its copy button in view', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/shared/');
  const row = page.locator('table[data-catalog] tbody tr').first();
  const command = row.locator('code[data-command]');
  const copy = row.locator('button.copy');
  await expect(copy).toBeVisible();
  for (const box of [await command.boundingBox(), await copy.boundingBox()]) {
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  }
  // The search box folds into its button, which opens the search page.
  await expect(page.locator('#site-search-q')).toBeHidden();
  await page.locator('.site-search-go').click();
  await expect(page).toHaveURL(/\/search\/\?q=$/);
  await expect(page.locator('#search-q')).toBeFocused();
});
