// Accessibility: no serious or critical axe violation (WCAG 2.2 AA) on any page of the sitemap in light,
// with the live previews running (as Starlight walks its sitemap); no colour violation in dark on any page
// of the sitemap either; and at phone width, where tables, prompts and code scroll sideways and rows become
// cards, one page of each route. One browser; each walk runs a few pages at once, each in its own context,
// and the sitemap's walk checks each page in light and then in dark on one visit.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { firstPagePerRoute, siteRoutes } from '../../src/build/routes.ts';
import { switchScheme } from './helpers/scheme.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'dist');

function sitemapPages(): string[] {
  const map = readFileSync(path.join(DIST, 'sitemap-0.xml'), 'utf8');
  return [...map.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

// In dark, what changes is colour: the dark walk checks the colour rules only (the light walks check every rule).
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const EVERY_RULE = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/**
 * axe's minified build, as @axe-core/playwright itself would load it. The builder evaluates its source
 * twice per analyze (1.3 MB unminified), which cost more than a colour check of the page; here it is
 * put in the page once per visit and the builder is given a source that only checks it is there.
 */
const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE = readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8');
const AXE_PRESENT = 'if (typeof window.axe?.run !== "function") throw new Error("axe is not in the page")';

/**
 * axe over the page as it is now, axe already in it. Legacy mode runs axe in the page in one call; the
 * default runs it in each frame and then finishes the report in a new blank page, which costs about half
 * a second a call (measured: 1.2-2.4 s against 1.6-5.2 s for every rule on a soul page) and buys nothing
 * here: the site has no frames.
 */
async function axeOn(page: Page, url: string, scheme: 'light' | 'dark'): Promise<string[]> {
  // Violations only: axe then leaves out the nodes of every rule that passed, most of its time on a long page.
  const axe = new AxeBuilder({ page, axeSource: AXE_PRESENT }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  const result = await (scheme === 'dark' ? axe.withRules(COLOUR_RULES) : axe.withTags(EVERY_RULE)).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${url} (${scheme}): ${v.id} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')})`);
}

/**
 * One visit to a page: every rule in light, then, when asked, the colour rules in dark, switched on the
 * loaded page (helpers/scheme.ts) rather than loading it and opening its preview a second time.
 */
async function violations(page: Page, url: string, dark: boolean): Promise<{ light: string[]; dark: string[] }> {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(url);
  // With a live preview, check the page as a reader sees it once the preview has drawn.
  if (await page.locator('[data-agent-live], [data-live]').count()) {
    // Its controls are checked too: open the collapsed panel (which starts the preview), let it draw, then
    // back to the top, so the sticky header covers no target the click scrolled under it.
    await page.locator('[data-live-panel] > summary').click();
    // Drawing waits for the preview's code and snapshot, which share the CPU with the other pages of the walk.
    await expect(page.locator('[data-live-status]')).toHaveText(/^Re-(composed|assembled)/, { timeout: 30_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await page.evaluate(AXE_SOURCE);
  const light = await axeOn(page, url, 'light');
  if (!dark) return { light, dark: [] };
  await switchScheme(page, 'dark', url);
  return { light, dark: await axeOn(page, url, 'dark') };
}

/** The sitemap at 1280 px, light and dark in one visit a page: both tests below read the one walk. */
let desktop: Promise<Array<{ light: string[]; dark: string[] }>> | null = null;
function desktopWalk(browser: Browser): Promise<Array<{ light: string[]; dark: string[] }>> {
  desktop ??= walk(browser, sitemapPages(), { width: 1280, height: 720 }, true);
  return desktop;
}

test('every page of the sitemap has no serious axe violation (light, every rule)', async ({ browser }) => {
  // ~120 pages, each opening its preview panel if it has one, checked in dark on the same visit.
  test.setTimeout(600_000);
  expect(sitemapPages().length).toBeGreaterThan(60);
  expect((await desktopWalk(browser)).flatMap((r) => r.light)).toEqual([]);
});

/** The first page of each route, from the sitemap. */
function onePerRoute(): string[] {
  return [...firstPagePerRoute(siteRoutes(), sitemapPages()).values()];
}

/**
 * Pages at once in a walk. axe and the page's own scripts run in the renderer while the test process
 * waits, so a few pages keep both cores busy; more would only queue for them.
 */
const AT_ONCE = 4;

/**
 * Every page's violations, in sitemap order: AT_ONCE contexts of this size, each a page that takes
 * the next address as soon as it is done with one.
 */
async function walk(browser: Browser, pages: string[], viewport: { width: number; height: number }, dark: boolean): Promise<Array<{ light: string[]; dark: string[] }>> {
  const found: Array<{ light: string[]; dark: string[] }> = new Array(pages.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    const context = await browser.newContext({ colorScheme: 'light', viewport });
    const page = await context.newPage();
    try {
      while (next < pages.length) {
        const i = next++;
        found[i] = await violations(page, pages[i]!, dark);
      }
    } finally {
      await context.close();
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, pages.length) }, worker));
  return found;
}

// Dark changes colours only (the colour rules), but on every page: a colour that fails on one page kind
// alone (a table, a callout, a diff) would be missed by a sample.
test('every page of the sitemap has no serious colour violation in dark', async ({ browser }) => {
  test.setTimeout(600_000);
  expect(sitemapPages().length).toBeGreaterThan(60);
  expect((await desktopWalk(browser)).flatMap((r) => r.dark)).toEqual([]);
});

// At 375 px a wide table, a prompt or a code block scrolls inside its box, which a keyboard must reach
// (scrollable-region-focusable), and rows become cards. One page per route: the first of
// the sitemap's pages that route made.
test('one page of each route has no serious axe violation at 375 px (light, every rule)', async ({ browser }) => {
  test.setTimeout(300_000);
  const pages = onePerRoute();
  expect(pages.length).toBeGreaterThan(15);
  expect((await walk(browser, pages, { width: 375, height: 812 }, false)).flatMap((r) => r.light)).toEqual([]);
});
