// A code block's colours depend on its language and text alone, never on what was highlighted
// before it: the first block Shiki highlights in a language can come out in wrong light colours,
// so builds of one tree differed with the order notes were rendered in.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toHtml } from 'hast-util-to-html';
import { highlightCode } from '../../src/markdown/shiki.ts';

const TS = 'import { test } from "node:test";\nconst n: number = 0;\n';

test('the first ts block highlights as it does later, after markdown (which embeds ts) too', async () => {
  const before = toHtml(await highlightCode(TS, 'ts', undefined));
  toHtml(await highlightCode('# Title\n\n```ts\nconst x = 1;\n```\n', 'markdown', undefined));
  const after = toHtml(await highlightCode(TS, 'ts', undefined));
  assert.equal(after, before);
  assert.match(before, /--shiki-light:#A0111F[^>]*>import</, 'the keyword has the light theme\'s keyword colour');
});

test('blocks highlighted at once, in any order, get the same colours', async () => {
  const langs = ['markdown', 'ts', 'bash', 'yaml', 'ts', 'markdown', 'json', 'ts'];
  const alone = toHtml(await highlightCode(TS, 'ts', undefined));
  const all = await Promise.all(langs.map((lang) => highlightCode(lang === 'ts' ? TS : 'a: 1\n', lang, undefined)));
  for (const [i, lang] of langs.entries()) if (lang === 'ts') assert.equal(toHtml(all[i]!), alone);
});

test('an unknown language is plain text under its own name', async () => {
  const html = toHtml(await highlightCode('x', 'no-such-language', undefined));
  assert.match(html, /data-language="text"/);
});
