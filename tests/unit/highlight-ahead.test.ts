// The lessons' code blocks are highlighted ahead, on the worker that renders the notes, so the main
// thread does not start Shiki while Vite compiles the lessons. What the worker makes is what the main
// thread would have made, and a block the worker did not get is still highlighted where it is asked for.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mdxCodeBlocks } from '../../src/markdown/code-blocks.ts';
import { highlightAhead, highlightCode, highlightCounts, highlighted } from '../../src/markdown/shiki.ts';
import { renderNotes } from '../../src/markdown/render-pool.ts';

const LESSON = [
  'import Exercise from "../components/Exercise.astro";',
  '',
  '# A lesson',
  '',
  '```ts title="load.ts"',
  'const order = loadIdentity(store, "pippa");',
  '```',
  '',
  '<Exercise>',
  '',
  '~~~bash',
  'soul-vault read soul://pippa/core/curiosity.md',
  '~~~',
  '',
  '</Exercise>',
  '',
  '1. In a list:',
  '',
  '   ```json',
  '   { "nested": true }',
  '   ```',
  '',
  '```',
  'no language',
  '```',
].join('\n');

test('the blocks of an MDX lesson, as its compile finds them: in components and lists too, with language and meta', () => {
  assert.deepEqual(mdxCodeBlocks(LESSON), [
    { code: 'const order = loadIdentity(store, "pippa");', lang: 'ts', meta: 'title="load.ts"' },
    { code: 'soul-vault read soul://pippa/core/curiosity.md', lang: 'bash', meta: undefined },
    { code: '{ "nested": true }', lang: 'json', meta: undefined },
    { code: 'no language', lang: undefined, meta: undefined },
  ]);
  assert.deepEqual(mdxCodeBlocks('<Broken'), [], 'a lesson that does not parse has none here: its compile reports it');
});

test('blocks handed to a note worker come back as the main thread would highlight them; others are highlighted where asked', async () => {
  const blocks = mdxCodeBlocks(LESSON);
  highlightAhead(blocks);
  const html = await renderNotes([{ body: '# Note\n\nText.', vault: 'v', path: 'n.md', title: 'Note' }], new Map([['soul://v/n.md', 'notes/v/n/']]), 1);
  assert.equal(html.length, 1);
  const before = { ...highlightCounts };
  for (const b of blocks) {
    // The lesson's tree hands the code over with a final line break; the worker was given it without.
    assert.deepEqual(await highlightCode(`${b.code}\n`, b.lang, b.meta), await highlighted(b.code, b.lang, b.meta), b.code);
  }
  assert.equal(highlightCounts.ahead - before.ahead, blocks.length, 'every block came from the worker');
  assert.equal(highlightCounts.here - before.here, 0);
  // Taken once: asked again (no cache folder here), or never handed over, a block is highlighted in place.
  await highlightCode('const late = 1;', 'ts', undefined);
  assert.equal(highlightCounts.here - before.here, 1);
});
