// Picks a note in a soul page's live preview and waits until its editor holds that note. The worker
// reads the note back asynchronously, so right after the pick the editor still shows the note before.
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

// As a textarea reports it: line breaks as LF, and no BOM (the loader drops it).
const asShown = (text: string): string => text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');

export async function chooseNote(page: Page, key: string): Promise<void> {
  const snapshot = await page.locator('[data-live]').getAttribute('data-snapshot');
  const files = ((await (await page.request.get(new URL(snapshot!, page.url()).href)).json()) as { files: Record<string, string> }).files;
  const stored = files[key];
  if (stored === undefined) throw new Error(`${key} is not in the member's snapshot`);
  await page.getByLabel('Note', { exact: true }).selectOption(key);
  const editor = page.getByLabel('Text as the loader reads it');
  await expect.poll(async () => asShown(await editor.inputValue())).toBe(asShown(stored));
}
