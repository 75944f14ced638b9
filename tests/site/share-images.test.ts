// Issue 22, item 5: soul, preset, guest and agent pages unfurl with an image of their figures, made at
// build time; no other page names one, and no note gets one.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { DIST, ROOT, readPage } from './helpers/dist.ts';
import { expectedBundles } from './helpers/family.ts';
import { ORIGIN, checkShareImages, metaTags } from './helpers/share-images.ts';
let pages: string[] = [];

before(async () => {
  const bundles = (await expectedBundles()).map((e) => decodeURIComponent(e.page));
  const agents = readdirSync(path.join(ROOT, 'content/agents')).map((id) => `agents/${id}/`);
  pages = [...bundles, ...agents];
});

test('every soul, preset, guest and agent page names its own image, a 1200×630 PNG; no other page names one', () => {
  assert.ok(pages.some((p) => p.startsWith('guests/')) && pages.some((p) => p.startsWith('agents/')) && pages.filter((p) => p.split('/').length === 4).length > 0, 'the sample has every kind');
  const images = checkShareImages(DIST, ORIGIN, '/', pages);
  assert.equal(images.length, pages.length);
});

test('the alt text names the page’s own soul and figures', async () => {
  for (const { bundle, page } of await expectedBundles()) {
    const alt = metaTags(readPage(DIST, `${decodeURIComponent(page)}index.html`)).get('og:image:alt')!;
    assert.ok(alt.includes(`${bundle.documents.length} documents`), `${page}: ${alt}`);
    assert.ok(alt.startsWith(bundle.preset === null ? `${bundle.display}, ` : `${bundle.display} · ${bundle.preset}, `), `${page}: ${alt}`);
  }
});
