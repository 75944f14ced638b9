// Lessons keep progress in this browser only: a lesson's checkbox marks it done, the index shows a
// "Done" mark on each lesson so marked, and previous/next links are plain links. Without JavaScript,
// or with storage refused, no progress UI shows and the lessons read as before.
import { expect, test } from '@playwright/test';

const FIRST = '/lessons/the-load-order/';
const SECOND = '/lessons/whole-or-pointer/';

test('marking a lesson done shows on the index, survives a reload and can be undone', async ({ page }) => {
  await page.goto(SECOND);
  const box = page.getByRole('checkbox', { name: 'I have done this lesson' });
  await expect(box).toBeVisible();
  await expect(box).not.toBeChecked();
  await box.check();
  await page.reload();
  await expect(box).toBeChecked();

  await page.goto('/lessons/');
  const card = (slug: string) => page.locator(`[data-lesson-done="${slug}"]`);
  // The state is said in words, not colour alone.
  await expect(card('whole-or-pointer')).toBeVisible();
  await expect(card('whole-or-pointer')).toHaveText(/Done/);
  await expect(card('the-load-order')).toBeHidden();

  await page.goto(SECOND);
  await box.uncheck();
  await page.goto('/lessons/');
  await expect(card('whole-or-pointer')).toBeHidden();
});

test('previous and next are links between neighbouring lessons', async ({ page }) => {
  await page.goto(SECOND);
  const pager = page.getByRole('navigation', { name: 'Lessons' });
  await expect(pager.locator('a[rel="prev"]')).toHaveAttribute('href', FIRST);
  await pager.locator('a[rel="next"]').click();
  await expect(page.locator('main h1')).toHaveText('What rides the turn');
  await expect(page).toHaveURL(/\/lessons\/what-rides-the-turn\/$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('no progress UI shows, and the pager still works', async ({ page }) => {
    await page.goto(SECOND);
    await expect(page.locator('[data-lesson-progress]')).toBeHidden();
    await page.getByRole('navigation', { name: 'Lessons' }).locator('a[rel="prev"]').click();
    await expect(page).toHaveURL(new RegExp(`${FIRST}$`));
    await page.goto('/lessons/');
    await expect(page.locator('[data-lesson-done]').first()).toBeHidden();
  });
});

test('with storage refused, no progress UI shows and nothing fails', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await page.goto(SECOND);
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'I have done this lesson' })).toBeHidden();
  await page.goto('/lessons/');
  await expect(page.locator('[data-lesson-done]').first()).toBeHidden();
  expect(errors).toEqual([]);
});
