// Accessibility: no serious or critical axe violation (WCAG 2.2 AA) on any page of the sitemap, in
// light and dark, with the live previews running (as Starlight walks its sitemap).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const DIST = path.resolve(import.meta.dirname, '../../dist');

function sitemapPages(): string[] {
  const map = readFileSync(path.join(DIST, 'sitemap-0.xml'), 'utf8');
  return [...map.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`every page of the sitemap has no serious axe violation (${scheme})`, async ({ browser }) => {
    // About 5 minutes for ~100 pages on 2 shared cores; opening each preview panel adds a little.
    test.setTimeout(600_000);
    const pages = sitemapPages();
    expect(pages.length).toBeGreaterThan(60);
    const context = await browser.newContext({ colorScheme: scheme });
    const page = await context.newPage();
    const found: string[] = [];
    for (const url of pages) {
      await page.goto(url);
      // With a live preview, check the page as a reader sees it once the preview has drawn.
      if (await page.locator('[data-agent-live], [data-live]').count()) {
        await expect(page.locator('[data-live-status]')).toHaveText(/^Re-(composed|assembled)/);
        // Its controls are checked too: open the collapsed panel, then back to the top, so the sticky
        // header covers no target the click scrolled under it.
        await page.locator('[data-live-panel] > summary').click();
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
      for (const v of result.violations) if (v.impact === 'serious' || v.impact === 'critical') found.push(`${url}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')})`);
    }
    await context.close();
    expect(found).toEqual([]);
  });
}
