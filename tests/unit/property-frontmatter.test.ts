// Property tests of the frontmatter splitter on hostile text: it only ever throws
// FrontmatterProblem, always finishes quickly, gives the same answer twice, and the loader
// turns every problem into frontmatter_invalid naming the note and role.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { FrontmatterProblem, MemoryStore, VaultError, loadIdentity, promptLoading, splitFrontmatter } from '../../src/core/index.ts';

/** Pieces that steer random text into the splitter's and the YAML parser's corners. */
const FRAGMENTS = [
  '---', '--- ', '---\t', '----', '...', '\n', '\r\n', '\r', '\uFEFF', ' ', '  ', '\t', ':', ': ', '- ', '-', '#', '# c',
  '&a ', '*a', '&b ', '*b', '<<: *a', '[', ']', '{', '}', ',', '"', "'", '\\', '\\u00e9', '|', '|-', '>', '!', '!!omap ', '!!str ', '!x ',
  '%YAML 1.2', '? ', 'prompt_loading', 'inline', 'on-demand', 'Inline', 'date', '2026-01-02', 'null', '~', 'true', '0x1F', '0o17',
  '1e3', '.inf', '.nan', '__proto__', 'constructor', 'key', 'é', '🦊', '\u0000', '\u2028', '\u0085', '\ud800', '{soul}',
];
const piece = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FRAGMENTS) }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) });
/** Free text built from the pieces. */
const text = fc.array(piece, { maxLength: 50 }).map((p) => p.join(''));
/** Text shaped like a note with frontmatter: an opening fence, lines of pieces, maybe a closing fence, a body. */
const fenced = fc
  .tuple(
    fc.constantFrom('---\n', '---\r\n', '--- \n', '---'),
    fc.array(fc.array(piece, { maxLength: 8 }).map((p) => p.join('')), { maxLength: 12 }),
    fc.constantFrom('\n', '\r\n'),
    fc.constantFrom('---\n', '---\r\n', '---', '...\n', ''),
    text,
  )
  .map(([open, lines, eol, close, body]) => `${open}${lines.join(eol)}${eol}${close}${body}`);
/** Nested aliases, up to a billion laughs and beyond: must fail fast or parse, never expand without bound. */
const bomb = fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 })).map(([depth, width]) => {
  let yaml = 'a0: &a0 [lol, lol]\n';
  for (let i = 1; i <= depth; i++) yaml += `a${i}: &a${i} [${Array(width).fill(`*a${i - 1}`).join(', ')}]\n`;
  return `---\n${yaml}---\nbody\n`;
});
const anyNote = fc.oneof({ weight: 3, arbitrary: text }, { weight: 5, arbitrary: fenced }, { weight: 1, arbitrary: bomb });

type Outcome = { ok: true; data: unknown; yaml: string | null; body: string } | { ok: false; problem: string };

/** One call: a result or a FrontmatterProblem; any other exception fails the property. Slow calls fail too. */
function split(note: string): Outcome {
  const start = performance.now();
  try {
    const { data, yaml, body } = splitFrontmatter(note);
    return { ok: true, data, yaml, body };
  } catch (error) {
    if (!(error instanceof FrontmatterProblem)) throw error;
    return { ok: false, problem: error.message };
  } finally {
    const ms = performance.now() - start;
    assert.ok(ms < 1000, `splitFrontmatter took ${ms} ms on ${JSON.stringify(note).slice(0, 200)}`);
  }
}

const FENCE = /^---[ \t]*\r?$/;

test('splitFrontmatter only throws FrontmatterProblem, finishes, and is deterministic', () => {
  fc.assert(
    fc.property(anyNote, (note) => {
      const first = split(note);
      assert.deepEqual(split(note), first);
      if (!first.ok) return;
      // A result is a plain mapping, and the body is the note's tail.
      assert.equal(Object.getPrototypeOf(first.data), Object.prototype);
      assert.ok(note.endsWith(first.body));
      const opens = FENCE.test(note.split('\n', 1)[0]!);
      if (first.yaml === null) {
        assert.ok(!opens);
        assert.equal(first.body, note);
        assert.deepEqual(first.data, {});
      } else {
        assert.ok(opens);
        assert.ok(note.includes(first.yaml));
      }
      // prompt_loading is one of its two values, absent, or a problem of the same kind.
      try {
        assert.ok([undefined, 'inline', 'on-demand'].includes(promptLoading(first.data as Record<string, unknown>)));
      } catch (error) {
        assert.ok(error instanceof FrontmatterProblem, String(error));
      }
    }),
    { numRuns: 400 },
  );
});

test('text whose first line is not a fence is all body, never a problem', () => {
  fc.assert(
    fc.property(text.filter((t) => !FENCE.test(t.split('\n', 1)[0]!)), (note) => {
      assert.deepEqual(split(note), { ok: true, data: {}, yaml: null, body: note });
    }),
    { numRuns: 200 },
  );
});

test('a simple mapping reads the same with LF or CRLF line ends', () => {
  const key = fc.stringMatching(/^[a-z][a-z_]{0,9}$/);
  const value = fc.stringMatching(/^v[a-z0-9 ]{0,12}[a-z0-9]$/);
  fc.assert(
    fc.property(fc.uniqueArray(fc.tuple(key, value), { selector: ([k]) => k, maxLength: 6 }), fc.constantFrom('\n', '\r\n'), (pairs, eol) => {
      const note = ['---', ...pairs.map(([k, v]) => `${k}: ${v}`), '---', 'body'].join(eol);
      const result = split(note);
      assert.ok(result.ok, JSON.stringify(result));
      assert.deepEqual(result.data, Object.fromEntries(pairs));
      assert.equal(result.body, 'body');
    }),
    { numRuns: 150 },
  );
});

test('the loader maps every frontmatter problem to frontmatter_invalid with note and role, BOM or not', async () => {
  const base = {
    'cwkpippa-shared/instructions.md': 'Shared.\n',
    'wren/Wren.md': '# Wren\n',
    'wren/instructions.md': 'Short.\n',
  };
  await fc.assert(
    fc.asyncProperty(anyNote, fc.constantFrom('cwkpippa-shared/core/n.md', 'wren/index/n.md'), fc.boolean(), async (note, key, bom) => {
      const store = new MemoryStore({ ...base, [key]: bom ? `\uFEFF${note}` : note });
      const role = key.startsWith('wren/') ? 'soul_index' : 'shared_core';
      // The store holds UTF-8, so a lone surrogate arrives as U+FFFD; the loader drops one leading BOM.
      const expected = split(note.toWellFormed());
      let acceptable = expected.ok;
      try {
        if (expected.ok) promptLoading(expected.data as Record<string, unknown>);
      } catch {
        acceptable = false;
      }
      let loaded = true;
      try {
        await loadIdentity({ store, soul: 'wren', harness: 'test' });
      } catch (error) {
        loaded = false;
        assert.ok(error instanceof VaultError, String(error));
        assert.deepEqual([error.code, error.note, error.role], ['frontmatter_invalid', `soul://${key}`, role]);
      }
      // It loads exactly when the splitter and prompt_loading accept the note.
      assert.equal(loaded, acceptable, JSON.stringify(expected));
    }),
    { numRuns: 150 },
  );
});
