// The family map on a phone: the page itself never scrolls sideways (the graph scales, the matrix scrolls in
// its own focusable box), the note column stays in view while the matrix scrolls, in light and dark at 375 px
// (and pictured, under `npm run screenshots`).
import { expect, test } from '@playwright/test';
import { capture } from './helpers/capture.ts';

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme}, 375 px`, () => {
    test.use({ colorScheme: scheme, viewport: { width: 375, height: 800 } });

    test('the family map fits the phone and keeps its note column in view', async ({ page }) => {
      await page.goto('/family/');
      await expect(page.locator('h1')).toHaveText('Family map');
      // Nothing but the matrix's own box is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const graph = page.locator('svg.family-graph');
      expect((await graph.boundingBox())!.width).toBeLessThanOrEqual(375);
      const box = page.locator('.family-map-scroll');
      await expect(box).toHaveAttribute('tabindex', '0');
      expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      const note = page.locator('.family-map tbody .note-head').first();
      const before = (await note.boundingBox())!.x;
      await box.evaluate((el) => el.scrollBy(300, 0));
      expect(await box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      expect((await note.boundingBox())!.x).toBe(before);
      await box.evaluate((el) => el.scrollTo(0, 0));
      await capture(page, `family-phone-${scheme}`, { fullPage: true });
    });
  });
}
