// A note's kept HTML is reused while what its links look up finds the same pages: a note added, moved
// or removed elsewhere leaves it alone, and one its links name makes it render again.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderNotes } from '../../src/markdown/render-pool.ts';
import type { RenderJob } from '../../src/markdown/render-pool.ts';
import { bodyKey, cachedRender, keepRender, openRenderCache } from '../../src/markdown/render-cache.ts';

const job: RenderJob = {
  vault: 'v',
  path: 'a.md',
  title: 'A',
  body: 'See [the next note](soul://v/b.md), `soul://v/c.md` and [a missing one](soul://v/gone.md).\n\nAgain: [b](soul://v/b.md).\n',
};
const pages = (extra: Record<string, string> = {}): Map<string, string> =>
  new Map(Object.entries({ 'soul://v/a.md': 'notes/v/a/', 'soul://v/b.md': 'notes/v/b/', 'soul://v/c.md': 'notes/v/c/', ...extra }));

test('a render records each page it looked up, once, in the order it asked', async () => {
  const [note] = await renderNotes([job], pages(), 0);
  assert.deepEqual(note!.lookups, ['soul://v/b.md', 'soul://v/c.md', 'soul://v/gone.md']);
  assert.match(note!.html, /href="[^"]*notes\/v\/b\/"/);
  assert.doesNotMatch(note!.html, /gone/, 'a link to no page is dropped, its text kept');
});

test('kept HTML is reused until a page its links look up is added, moved or removed', async () => {
  const cache = await openRenderCache(null);
  const key = bodyKey(job);
  const before = pages();
  const [note] = await renderNotes([job], before, 0);
  const htmlKey = keepRender(cache, key, note!, before);
  assert.deepEqual(cachedRender(cache, key, before), { html: note!.html, htmlKey });
  // Notes the body does not name come and go: the same HTML, under the same key.
  assert.deepEqual(cachedRender(cache, key, pages({ 'soul://v/unrelated.md': 'notes/v/unrelated/' })), { html: note!.html, htmlKey });
  const fewer = pages();
  fewer.delete('soul://v/a.md');
  assert.deepEqual(cachedRender(cache, key, fewer), { html: note!.html, htmlKey }, 'its own page is not something it looks up');
  // A page it names appears, moves or goes: rendered again.
  assert.equal(cachedRender(cache, key, pages({ 'soul://v/gone.md': 'notes/v/gone/' })), undefined, 'the missing note now exists');
  assert.equal(cachedRender(cache, key, pages({ 'soul://v/b.md': 'notes/v/elsewhere/' })), undefined, 'a linked note moved');
  const withoutC = pages();
  withoutC.delete('soul://v/c.md');
  assert.equal(cachedRender(cache, key, withoutC), undefined, 'a note named in code went away');
  // Rendered again for the new pages, the HTML differs and so does its key.
  const now = pages({ 'soul://v/gone.md': 'notes/v/gone/' });
  const [again] = await renderNotes([job], now, 0);
  assert.notEqual(again!.html, note!.html);
  assert.notEqual(keepRender(cache, key, again!, now), htmlKey);
  assert.equal(cachedRender(cache, key, before), undefined, 'the key holds the latest render only');
});

test('another body, title or place is another key', () => {
  const key = bodyKey(job);
  assert.notEqual(bodyKey({ ...job, body: `${job.body} ` }), key);
  assert.notEqual(bodyKey({ ...job, title: 'B' }), key);
  assert.notEqual(bodyKey({ ...job, path: 'b.md' }), key);
  assert.notEqual(bodyKey({ ...job, vault: 'w' }), key);
});
