// Token counts against the tokenizer's own counts. The reference is js-tiktoken's o200k_base, a
// second implementation of the same BPE: nothing here goes through src/node/tokens.ts's cache or cuts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { discoverFamily, listPresets, loadIdentity, renderPrompt } from '../../src/core/index.ts';
import { FsStore } from '../../src/node/index.ts';
import { cacheBreakTokens, countJoined, countTokens, exactTokens, headedTokens, impactTokens, promptBreakTokens, suffixTokens } from '../../src/node/tokens.ts';
import { SAMPLE } from './helpers.ts';

const reference = new Tiktoken(o200k);
// Vault text is text: special-token names are counted as the characters they are.
const encode = (text: string): number[] => reference.encode(text, [], []);
const count = (text: string): number => encode(text).length;

/** Leading tokens two token lists share. */
function sharedTokens(a: number[], b: number[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

const store = new FsStore(SAMPLE);

async function sampleBundles() {
  const family = await discoverFamily(store);
  const out = [];
  for (const soul of [...family.souls, ...family.guestIds]) {
    const presets = family.souls.includes(soul) ? await listPresets(store, soul) : [];
    for (const preset of [null, ...presets]) out.push(await loadIdentity({ store, soul, harness: 'sample', preset }));
  }
  return out;
}

describe('token counts', () => {
  test('every document and every prompt of the sample family: the reference count', async () => {
    let prompts = 0;
    for (const bundle of await sampleBundles()) {
      for (const doc of bundle.documents) assert.equal(countTokens(doc.text), count(doc.text), doc.uri);
      const prompt = renderPrompt(bundle.documents);
      assert.equal(countTokens(prompt), count(prompt), `${bundle.soul} ${bundle.preset}`);
      prompts++;
    }
    assert.ok(prompts >= 10);
  });

  test('a special-token name in a note is text, counted as its characters', () => {
    assert.equal(countTokens('a <|endoftext|> b'), count('a <|endoftext|> b'));
    assert.ok(countTokens('<|endoftext|>') > 1);
  });

  // The cache splits texts at line starts; on any text the sum must be the whole-text count.
  const line = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.constantFrom('', ' ', '  indented', '- item', '# Heading', '```', '\t', '...', '/path', "it's", '123456', '灵台', '👩‍💻 emoji', '\r', '\u00a0nbsp', '\u0301mark', "'s", '// comment', '. .'),
  );
  // Without U+FEFF and U+0085, the two characters JavaScript's \s and Unicode's White_Space disagree on:
  // gpt-tokenizer and tiktoken count them differently (the test below), which is not what these check.
  const text = fc
    .array(fc.tuple(line, fc.constantFrom('\n', '\n\n', '\n\n\n', '\r\n', ' \n\n')), { maxLength: 12 })
    .map((lines) => lines.map(([l, end]) => l + end).join('').replace(/[\uFEFF\u0085]/g, ''));

  test('known difference: gpt-tokenizer splits at U+FEFF (a BOM inside text) where tiktoken does not', () => {
    // If gpt-tokenizer is fixed, this fails: drop it, and the filter above.
    assert.notEqual(countTokens('a\uFEFF\n'), count('a\uFEFF\n'));
    assert.equal(countTokens('a\n'), count('a\n'));
  });

  test('paragraph-cached counts equal whole-text counts on any text', () => {
    fc.assert(fc.property(fc.array(text, { minLength: 1, maxLength: 5 }), (parts) => {
      const joined = parts.join('\n\n');
      assert.equal(countTokens(joined), count(joined));
    }), { numRuns: 1000 });
  });

  // A prompt is counted from its documents' counts and the pieces at each join.
  test('texts joined by a blank line: the joined text\'s count, from the texts\' own', () => {
    const start = fc.constantFrom('', ' ', '\n', '/', '\t', 'a', '#', '  - ', '.');
    const part = fc.oneof(text, fc.tuple(start, text).map(([s, t]) => s + t), line);
    fc.assert(fc.property(fc.array(part, { maxLength: 6 }), (parts) => {
      const joined = parts.filter((p) => p !== '').join('\n\n');
      assert.equal(countJoined(parts, '\n\n'), count(joined));
    }), { numRuns: 1500 });
  });

  // What an edit resends (soul-vault impact, the note pages): the joined text from each text's start on.
  test('each text\'s tail of a join, and a tail with another text in front: the reference counts', () => {
    const start = fc.constantFrom('', ' ', '\n', '/', '\t', 'a', '#', '  - ', '.');
    const part = fc.oneof(text, fc.tuple(start, text).map(([s, t]) => s + t), line);
    fc.assert(fc.property(fc.array(part, { maxLength: 6 }), part, (parts, head) => {
      const tails = suffixTokens(parts, '\n\n');
      parts.forEach((p, i) => {
        const tail = parts.slice(i).filter((t) => t !== '').join('\n\n');
        assert.equal(tails[i], p === '' ? 0 : count(tail), `tail ${i}`);
        if (head === '') return;
        const headed = [head, ...parts.slice(i + 1).filter((t) => t !== '')].join('\n\n');
        assert.equal(headedTokens(head, '\n\n', parts, tails, i + 1), count(headed), `headed ${i}`);
      });
    }), { numRuns: 400 });
  });

  test('every prompt of the sample family counted from its documents: the reference count', async () => {
    for (const bundle of await sampleBundles()) {
      assert.equal(countJoined(bundle.documents.map((d) => d.text), '\n\n'), count(renderPrompt(bundle.documents)), `${bundle.soul} ${bundle.preset}`);
    }
  });

  test('a cache break: cached tokens are the leading tokens both prompts share', () => {
    fc.assert(fc.property(text, text, text, (head, a, b) => {
      const from = `${head}\n\n${a}`;
      const to = `${head}\n\n${b}`;
      const got = cacheBreakTokens(from, to);
      const expected = sharedTokens(encode(from), encode(to));
      assert.deepEqual(got, { tokens: count(to), cachedTokens: expected, resentTokens: count(to) - expected });
    }), { numRuns: 1000 });
  });

  test("a bundle's prompt count and its tails come from one walk, and each is the reference count", async () => {
    for (const bundle of await sampleBundles()) {
      const texts = bundle.documents.map((d) => d.text);
      const prompt = renderPrompt(bundle.documents);
      const revision = `${bundle.soul}/${bundle.preset}/walk`;
      const counted = exactTokens.prompt(prompt, revision, [], texts);
      assert.deepEqual(counted, { tokens: count(prompt), estimated: false }, `${bundle.soul} ${bundle.preset}`);
      // Asked second, the tails are the ones the count was made from: the first is the whole prompt, each the reference tail.
      const tails = impactTokens.suffixes(texts, '\n\n', revision);
      const first = texts.findIndex((t) => t !== '');
      assert.equal(tails[first], counted.tokens);
      texts.forEach((t, i) => assert.equal(tails[i], t === '' ? 0 : count(texts.slice(i).filter((x) => x !== '').join('\n\n')), `tail ${i}`));
    }
  });

  test('a preset against its soul, given the prompt counted from its documents: the reference cache break', async () => {
    const bundles = await sampleBundles();
    let compared = 0;
    for (const own of bundles.filter((b) => b.preset !== null)) {
      const base = bundles.find((b) => b.soul === own.soul && b.preset === null)!;
      const prompt = (b: typeof own) => ({ promptText: renderPrompt(b.documents), revision: `${b.soul}/${b.preset}`, promptTokens: { tokens: countJoined(b.documents.map((d) => d.text), '\n\n'), estimated: false } });
      const [from, to] = [prompt(base), prompt(own)];
      const expected = sharedTokens(encode(from.promptText), encode(to.promptText));
      assert.deepEqual(promptBreakTokens(from, to), { tokens: count(to.promptText), cachedTokens: expected, resentTokens: count(to.promptText) - expected }, `${own.soul} ${own.preset}`);
      // A count the caller gives is taken as it is: a wrong one shows (so the right one above was used, not recounted).
      assert.equal(cacheBreakTokens(from.promptText, to.promptText, to.promptTokens.tokens + 5).tokens, count(to.promptText) + 5);
      compared++;
    }
    assert.ok(compared > 0, 'the sample has presets');
  });

  test('a cache break on the sample: an edit near the top resends nearly all, one at the end almost nothing', async () => {
    const [pippa] = (await sampleBundles()).filter((b) => b.soul === 'pippa' && b.preset === null);
    const prompt = renderPrompt(pippa!.documents);
    const top = prompt.replace('Pippa', 'Pipa');
    const end = `${prompt} And one more line.`;
    const early = cacheBreakTokens(prompt, top);
    const late = cacheBreakTokens(prompt, end);
    assert.equal(early.cachedTokens, sharedTokens(encode(prompt), encode(top)));
    assert.equal(late.cachedTokens, sharedTokens(encode(prompt), encode(end)));
    assert.ok(early.resentTokens > 0.9 * early.tokens, JSON.stringify(early));
    assert.ok(late.resentTokens < 10, JSON.stringify(late));
    assert.deepEqual(cacheBreakTokens(prompt, prompt), { tokens: count(prompt), cachedTokens: count(prompt), resentTokens: 0 });
  });
});
