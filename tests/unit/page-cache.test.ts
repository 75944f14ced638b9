// Page cache keys (src/build/page-cache.ts): equal props give equal keys, and any change to what a
// page renders, in a long field hashed on its own or anywhere else, gives another key.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageCacheKey } from '../../src/build/page-cache.ts';
import type { SiteData } from '../../src/data/types.ts';

const site = (title = 'Soulpress') => ({ title, family: 'f', harness: 'webui', search: true, shareImages: true, noteIndexes: [], agents: [], history: null }) as unknown as SiteData;
const body = (n: number) => `<p>${'word '.repeat(400)}${n}</p>`;
const note = (over: Record<string, unknown> = {}) => ({ uri: 'soul://v/a.md', html: body(1), source: 'short', impact: { entries: [{ offset: 3 }] }, ...over });

test('equal props in new objects give the same key; the order of their fields does not matter', () => {
  const s = site();
  assert.equal(pageCacheKey(s, { note: note(), harness: 'webui' }), pageCacheKey(s, { harness: 'webui', note: note() }));
});

test('a change in a long field, a short one, a nested one or the layout changes the key', () => {
  const s = site();
  const base = pageCacheKey(s, { note: note() });
  const changed = [
    pageCacheKey(s, { note: note({ html: body(2) }) }),
    pageCacheKey(s, { note: note({ source: 'shorter' }) }),
    pageCacheKey(s, { note: note({ impact: { entries: [{ offset: 4 }] } }) }),
    pageCacheKey(site('Another'), { note: note() }),
  ];
  for (const k of changed) assert.notEqual(k, base);
  assert.equal(new Set(changed).size, changed.length);
});

test('a long string moved to another field is another page', () => {
  const s = site();
  const long = body(3);
  assert.notEqual(pageCacheKey(s, { note: note({ html: long }) }), pageCacheKey(s, { note: note({ html: 'x', summary: long }) }));
});
