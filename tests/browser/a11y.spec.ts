// Accessibility of the agent pages: no serious or critical axe violation (WCAG 2.2 AA) on any agent,
// catalog or entry page in the sitemap, nor on the agent lessons, in light and dark, with the live
// preview running.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const DIST = path.resolve(import.meta.dirname, '../../dist');

function agentPages(): string[] {
  const map = readFileSync(path.join(DIST, 'sitemap-0.xml'), 'utf8');
  const urls = [...map.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  return urls.filter((u) => u.startsWith('/agents/') || /\/lessons\/the-(four-domains|rules-signal)\//.test(u));
}

for (const scheme of ['light', 'dark'] as const) {
  test(`agent pages have no serious axe violation (${scheme})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const pages = agentPages();
    expect(pages.length).toBeGreaterThan(10);
    const context = await browser.newContext({ colorScheme: scheme });
    const page = await context.newPage();
    const found: string[] = [];
    for (const url of pages) {
      await page.goto(url);
      if (await page.locator('[data-agent-live]').count()) await expect(page.locator('[data-live-status]')).toHaveText(/^Re-composed/);
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
      for (const v of result.violations) if (v.impact === 'serious' || v.impact === 'critical') found.push(`${url}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')})`);
    }
    await context.close();
    expect(found).toEqual([]);
  });
}
