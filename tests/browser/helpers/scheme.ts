// Light and dark on one loaded page. The site's colours are CSS alone (light-dark() under color-scheme,
// no transitions), so switching the emulated scheme draws what a page loaded in that scheme draws.
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** --bg in each scheme (src/styles/global.css), as computed style reports it. */
export const BACKGROUND = { light: 'rgb(255, 255, 255)', dark: 'rgb(14, 17, 22)' } as const;

/**
 * Switch the loaded page's scheme, and check the switch took: the page's background is that scheme's, so
 * what is checked or captured next in one scheme is not the other passed off as it.
 */
export async function switchScheme(page: Page, scheme: keyof typeof BACKGROUND, where: string): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), `${where}: ${scheme} background`).toBe(BACKGROUND[scheme]);
}
