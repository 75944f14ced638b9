// Accessibility: no serious or critical axe violation (WCAG 2.2 AA) on any page of the sitemap, in
// light and dark, with the live previews running (as Starlight walks its sitemap); and at phone width,
// where tables, prompts and code scroll sideways and rows become cards, one page of each route.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { firstPagePerRoute, siteRoutes } from '../../src/build/routes.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'dist');

function sitemapPages(): string[] {
  const map = readFileSync(path.join(DIST, 'sitemap-0.xml'), 'utf8');
  return [...map.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

// In dark, what changes is colour: the dark walks check the colour rules only, over every page, which
// keeps CI within its 20 minutes (the light walks check every rule).
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The page's serious and critical violations, each as `url: rule (targets)`. */
async function violations(page: Page, url: string, scheme: 'light' | 'dark'): Promise<string[]> {
  await page.goto(url);
  // With a live preview, check the page as a reader sees it once the preview has drawn.
  if (await page.locator('[data-agent-live], [data-live]').count()) {
    await expect(page.locator('[data-live-status]')).toHaveText(/^Re-(composed|assembled)/);
    // Its controls are checked too: open the collapsed panel, then back to the top, so the sticky
    // header covers no target the click scrolled under it.
    await page.locator('[data-live-panel] > summary').click();
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  // Violations only: axe then leaves out the nodes of every rule that passed, most of its time on a long page.
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const result = await (scheme === 'dark' ? axe.withRules(COLOUR_RULES) : axe.withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${url}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')})`);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`every page of the sitemap has no serious axe violation (${scheme === 'light' ? 'light, every rule' : 'dark, the colour rules'})`, async ({ browser }) => {
    // About 5 minutes for ~100 pages on 2 shared cores; opening each preview panel adds a little.
    test.setTimeout(600_000);
    const pages = sitemapPages();
    expect(pages.length).toBeGreaterThan(60);
    const context = await browser.newContext({ colorScheme: scheme });
    const page = await context.newPage();
    const found: string[] = [];
    for (const url of pages) found.push(...(await violations(page, url, scheme)));
    await context.close();
    expect(found).toEqual([]);
  });
}

// At 375 px a wide table, a prompt or a code block scrolls inside its box, which a keyboard must reach
// (scrollable-region-focusable), and rows become cards. One page per route of src/pages: the first of
// the sitemap's pages that route made.
for (const scheme of ['light', 'dark'] as const) {
  test(`one page of each route has no serious axe violation at 375 px (${scheme === 'light' ? 'light, every rule' : 'dark, the colour rules'})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const pages = [...firstPagePerRoute(siteRoutes(path.join(ROOT, 'src/pages')), sitemapPages()).values()];
    expect(pages.length).toBeGreaterThan(15);
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const found: string[] = [];
    for (const url of pages) found.push(...(await violations(page, url, scheme)));
    await context.close();
    expect(found).toEqual([]);
  });
}
