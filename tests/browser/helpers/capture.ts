// Pictures of pages to look at, in test-results/screenshots/, taken only under `npm run screenshots`:
// encoding them as PNG (tall pages whole, in both schemes) was most of what the specs that take them
// cost, and `npm test` asserts without them.
import type { Locator, Page } from '@playwright/test';

const SHOTS = 'test-results/screenshots';
const CAPTURE = process.env['SOULPRESS_SCREENSHOTS'] === '1';

export async function capture(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (CAPTURE) await target.screenshot({ path: `${SHOTS}/${name}.png`, ...options });
}
