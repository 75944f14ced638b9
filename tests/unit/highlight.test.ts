// A code block's colours depend on its language and text alone. Shiki stops tokenising a line
// after 500 ms by default and colours the rest from the last state, so on a busy machine the
// same block came out differently from one build to the next (and cold builds of one tree were
// not byte-identical). One long line (tokenising grows with the square of its length: seconds
// on any machine) shows it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toHtml } from 'hast-util-to-html';
import { highlightCode } from '../../src/markdown/shiki.ts';

const KEYWORD = /--shiki-light:#A0111F;--shiki-dark:#FF9492">const</g;

test('a line that takes longer than 500 ms to tokenise is coloured to its end', async () => {
  // The line must outlast Shiki's limit on this machine: on a fast one it is made longer (twice as
  // long is about four times the work) rather than the test passing without showing anything.
  let statements = 750;
  let html = '';
  let ms = 0;
  while (ms <= 500 && statements < 48_000) {
    statements *= 2;
    const line = 'const a = [1, "two", { three: 3 }]; '.repeat(statements);
    const started = performance.now();
    html = toHtml(await highlightCode(line, 'ts', undefined));
    ms = performance.now() - started;
  }
  assert.ok(ms > 500, `took ${Math.round(ms)} ms: too fast to show Shiki's time limit`);
  assert.equal(html.match(KEYWORD)?.length, statements, 'every const is a keyword, the last one too');
});

test('the same block highlights the same before and after other languages are loaded', async () => {
  const ts = 'import { test } from "node:test";\nconst n: number = 0;\n';
  const before = toHtml(await highlightCode(ts, 'ts', undefined));
  await Promise.all(['markdown', 'bash', 'yaml', 'json'].map((lang) => highlightCode('# a\n\n```ts\nconst x = 1;\n```\n', lang, undefined)));
  assert.equal(toHtml(await highlightCode(ts, 'ts', undefined)), before);
  assert.match(before, KEYWORD);
});

test('an unknown language is plain text under its own name', async () => {
  const html = toHtml(await highlightCode('x', 'no-such-language', undefined));
  assert.match(html, /data-language="text"/);
});
