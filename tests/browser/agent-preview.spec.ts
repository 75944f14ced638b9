// The agent page's live preview in Chromium: the composer re-runs on each edit and the page redraws
// sections, SHOW, the .rules outcome and the banner; a broken owner document shows its rejection
// (no partial composition) and fixing it recovers.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // The preview comes after the document, collapsed: open it as a reader would; it starts then.
  await page.locator('[data-live-panel] > summary').click();
  await expect(page.locator('[data-live-status]')).toHaveText(/^Re-composed/);
}

async function edit(page: Page, file: string, text: string): Promise<void> {
  await page.selectOption('#agent-live-file', file);
  await page.fill('#agent-live-text', text);
  await page.click('[data-action="apply"]');
}

test.describe('agent live preview', () => {
  test('without changes it draws the published composition', async ({ page }) => {
    await open(page, '/agents/mingjing/');
    await expect(page.locator('tr[data-section]')).toHaveCount(15);
    await expect(page.locator('tr[data-section="pad"]')).toHaveAttribute('data-applied', 'pending');
    await expect(page.locator('[data-rules-state]')).toHaveAttribute('data-rules-state', 'replace');
  });

  test('an edited pad re-composes: bytes change and the section stays written, not yet applied', async ({ page }) => {
    await open(page, '/agents/mingjing/');
    const before = await page.locator('tr[data-section="pad"]').getAttribute('data-bytes');
    await edit(page, 'system/pad.md', '# A much shorter pad\n');
    await expect(page.locator('tr[data-section="pad"]')).not.toHaveAttribute('data-bytes', before!);
    await expect(page.locator('tr[data-section="pad"]')).toHaveAttribute('data-applied', 'pending');
  });

  test('after the composed prompt, collapsed; an edit makes the page say it is a preview, reset takes it back', async ({ page }) => {
    await page.goto('/agents/mingjing/');
    const panel = page.locator('[data-live-panel]');
    await expect(panel).not.toHaveAttribute('open', '');
    expect(await page.evaluate(() => document.querySelector('[data-sections]')!.compareDocumentPosition(document.querySelector('[data-agent-live]')!) & Node.DOCUMENT_POSITION_FOLLOWING)).toBeTruthy();
    // Closed, the preview has not started: no composer ran, no snapshot was fetched.
    await expect(page.locator('[data-live-status]')).toHaveText('');
    await panel.locator('> summary').click();
    await expect(page.locator('[data-live-status]')).toHaveText(/^Re-composed/);
    const banner = page.locator('[data-preview-banner]');
    await expect(banner).toBeHidden();
    await edit(page, 'system/pad.md', '# A much shorter pad\n');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Open the published page' })).toHaveAttribute('href', '/agents/mingjing/');
    await page.click('[data-action="reset"]');
    await expect(banner).toBeHidden();
  });

  test('an invalid owner document shows its rejection and composes nothing; fixing it recovers', async ({ page }) => {
    await open(page, '/agents/mingjing/');
    await edit(page, 'settings/psyche.json', '{"schema_version": 1, "schema_version": 1}');
    await expect(page.locator('[data-agent-banner]')).toContainText('duplicate_key');
    await expect(page.locator('tr[data-section]')).toHaveCount(0);
    await expect(page.locator('[data-show-failed]')).toContainText('SETTINGS_UNAVAILABLE');
    await edit(page, 'settings/psyche.json', '{"schema_version": 1, "comment": "now valid"}');
    await expect(page.locator('[data-agent-banner]')).toBeEmpty();
    await expect(page.locator('tr[data-section="comment"]')).toHaveCount(1);
    await expect(page.locator('[data-show-rows] tbody tr')).toHaveCount(8);
  });

  test('a .rules body changes what the next heartbeat will do', async ({ page }) => {
    await open(page, '/agents/mingjing/');
    await edit(page, '.rules', '  \n');
    await expect(page.locator('[data-rules-state]')).toHaveAttribute('data-rules-state', 'empty');
    await page.selectOption('#agent-live-file', 'system/rules.md');
    // The editor shows the chosen file once its change handler has run: read it only then.
    await expect(page.locator('#agent-live-text')).not.toHaveValue(/^\s*$/);
    const rules = await page.inputValue('#agent-live-text');
    await edit(page, '.rules', `\n${rules.trim()}\n\n`);
    await expect(page.locator('[data-rules-state]')).toHaveAttribute('data-rules-state', 'identical');
    await page.click('[data-action="reset"]');
    await expect(page.locator('[data-rules-state]')).toHaveAttribute('data-rules-state', 'replace');
  });

  test('a chosen file\'s editor takes no typing until the file has come back, so the reply never writes over it', async ({ page }) => {
    await open(page, '/agents/mingjing/');
    // Chosen and read in one task: the worker's reply cannot have come back yet.
    const atOnce = await page.evaluate(() => {
      const select = document.querySelector<HTMLSelectElement>('#agent-live-file')!;
      select.value = '.rules';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return document.querySelector<HTMLTextAreaElement>('#agent-live-text')!.readOnly;
    });
    expect(atOnce).toBe(true);
    await expect(page.locator('#agent-live-text')).toHaveJSProperty('readOnly', false);
    await expect(page.locator('#agent-live-text')).not.toHaveValue(/^\s*$/);
  });

  test('a rejected agent starts rejected for the same reason, and a valid document composes it', async ({ page }) => {
    await open(page, '/agents/jianxin/');
    await expect(page.locator('[data-agent-banner]')).toContainText('unknown_key');
    await edit(page, 'settings/psyche.json', '{"schema_version": 1}');
    await expect(page.locator('[data-agent-banner]')).toBeEmpty();
    await expect(page.locator('tr[data-section="rules"]')).toHaveCount(1);
    // The covenant mirror on disk holds an owner value the published page never composed, so the
    // snapshot does not carry it: the preview says less than a real rebuild would, never more.
    await expect(page.locator('tr[data-section="covenant"]')).toHaveCount(0);
  });
});
