// Search: the default build ships a Pagefind index and a search page. A build with search off (which
// ships neither the index nor a link to it, its search page saying so) is checked in history.test.ts,
// on the build of a vault outside git that has no history section either: one build for both.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { test } from 'node:test';
import { DIST, exists, readPage } from './helpers/dist.ts';

test('the default build has a Pagefind index and the search page uses it', () => {
  assert.ok(exists(path.join(DIST, 'pagefind/pagefind.js')), 'dist/pagefind/pagefind.js');
  // The sample has fewer notes than one shard holds: one note index.
  assert.ok(exists(path.join(DIST, 'pagefind-notes/0/pagefind-entry.json')), 'the note pages\' index, merged by the search page');
  assert.equal(exists(path.join(DIST, 'pagefind-notes/1')), false);
  const page = readPage(DIST, 'search/index.html');
  assert.match(page, /<form class="search-form"[^>]*role="search"/);
  assert.match(page, /data-pagefind="\/pagefind\/pagefind\.js"/);
  assert.match(page, /data-pagefind-notes="\/pagefind-notes\/0\/"/);
  assert.match(readPage(DIST, 'index.html'), /href="\/search\/"/);
});

/** Every page record of a Pagefind index: fragments are gzip, after Pagefind's 12-byte signature. */
function fragments(index: string): Array<{ url: string; content: string; meta: Record<string, string> }> {
  const dir = path.join(DIST, index, 'fragment');
  return readdirSync(dir).map((f) => JSON.parse(gunzipSync(readFileSync(path.join(dir, f))).subarray(12).toString('utf8')));
}

test('the index holds page text, not page chrome: no copy buttons, code captions, anchors or lesson meta', () => {
  const shards = readdirSync(path.join(DIST, 'pagefind-notes')).map((n) => `pagefind-notes/${n}`);
  const all = [...fragments('pagefind'), ...shards.flatMap(fragments)];
  assert.ok(all.length > 90, `${all.length} pages indexed`);
  for (const page of all) {
    assert.doesNotMatch(page.content, /\b(?:Shell|Text|TypeScript|JSON|Console|YAML)Copy\b/, `${page.url}: a code caption's label and button`);
    assert.ok(!page.content.includes('Link to the section'), `${page.url}: a heading anchor's name`);
    assert.doesNotMatch(page.content, /\d+ min read/, `${page.url}: a lesson's meta line`);
    assert.ok(page.meta['kind'], `${page.url}: no page kind`);
  }
  // Headings are kept as anchors, so a result can link to the heading it matched.
  const secrets = all.find((p) => p.url === '/notes/cwkpippa-shared/core/safety/secrets/');
  assert.ok(secrets, 'the secrets note is indexed');
  assert.ok((secrets as unknown as { anchors: Array<{ id: string }> }).anchors.some((a) => a.id === 'user-content-never'));
});
