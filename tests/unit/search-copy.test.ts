// What Pagefind reads of a page other than a note: data-search-ignore contents out, everything else kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { searchCopy, searchCopyBytes } from '../../src/integration/search-copy.ts';

test('the contents of an ignored element go, the element and the rest of the page stay', () => {
  const page = '<main><h1>Pell</h1><section class="a" data-search-ignore aria-label="x"><section><p>inner</p></section><pre>big</pre></section><p>after</p></main>';
  assert.equal(searchCopy(page), '<main><h1>Pell</h1><section class="a" data-search-ignore aria-label="x"></section><p>after</p></main>');
});

test('several ignored elements of different kinds, one inside another', () => {
  const page = '<nav data-search-ignore><ul><li>a</li></ul></nav><p>keep</p><ul data-search-ignore><li>x<ul data-search-ignore><li>y</li></ul></li></ul><p>also</p>';
  assert.equal(searchCopy(page), '<nav data-search-ignore></nav><p>keep</p><ul data-search-ignore></ul><p>also</p>');
});

test('a page without the attribute, or with a look-alike attribute, is unchanged', () => {
  const page = '<section data-search-ignored><p>text</p></section><p data-search="ignore">x</p>';
  assert.equal(searchCopy(page), page);
});

test('tags that do not pair up leave the page as it is, so no text the index needs is lost', () => {
  const unclosed = '<section data-search-ignore><p>a</p><p>searchable</p>';
  assert.equal(searchCopy(unclosed), unclosed);
  const stray = '<section data-search-ignore><p>a</p></section><p>searchable</p></section>';
  assert.equal(searchCopy(stray), stray);
});

test('from the page bytes: non-ASCII text around and inside is kept byte for byte, and a no-break space is not whitespace', () => {
  const html = '<p>Ünïcode 灵台 à</p><section data-search-ignore><p>é 灵</p></section><p>après\u00a0—</p><i title="x\u00a0data-search-ignore">ok</i>';
  const bytes = Buffer.from(html, 'utf8');
  const copy = searchCopyBytes(bytes).toString('utf8');
  assert.equal(copy, searchCopy(html));
  assert.equal(copy, '<p>Ünïcode 灵台 à</p><section data-search-ignore></section><p>après\u00a0—</p><i title="x\u00a0data-search-ignore">ok</i>');
  const untouched = Buffer.from('<p>nothing to take 灵</p>', 'utf8');
  assert.equal(searchCopyBytes(untouched), untouched);
});
