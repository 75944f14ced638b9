// Property tests of note order: comparePaths is a total order equal to a simple reference
// (UTF-8 bytes, segment by segment), and walkNotes / loadIdentity give the same order whatever
// order the files were written in.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { MemoryStore, compareCodePoints, comparePaths, loadIdentity, walkNotes } from '../../src/core/index.ts';

const utf8 = (s: string): Buffer => Buffer.from(s, 'utf8');
/** -1, 0 or 1 (never -0, which strict equality tells apart from 0). */
const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);

/**
 * The reference order: UTF-8 byte order is code-point order for well-formed text, and with "/"
 * mapped to the lowest byte a folder sorts before any longer name it prefixes (`b/c.md` < `b.md`).
 */
const reference = (a: string, b: string): number => Buffer.compare(utf8(a.replaceAll('/', '\0')), utf8(b.replaceAll('/', '\0')));

/** Names from letters that tempt a wrong order: case, accents precomposed or not, astral vs high BMP, dots. */
const name = fc
  .string({ unit: fc.constantFrom('a', 'b', 'B', 'Z', '0', '-', '.', ' ', '_', 'é', 'e\u0301', 'ｚ', '🦊', '𝔸', '灵'), minLength: 1, maxLength: 5 })
  .filter((s) => !s.startsWith('.'));
const relPath = fc.tuple(fc.array(name, { maxLength: 2 }), name).map(([dirs, file]) => [...dirs, `${file}.md`].join('/'));

test('compareCodePoints is code-point order, which is UTF-8 byte order', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
      assert.equal(sign(compareCodePoints(a, b)), sign(Buffer.compare(utf8(a), utf8(b))));
    }),
    { numRuns: 500 },
  );
});

test('comparePaths is a total order that matches the reference', () => {
  fc.assert(
    fc.property(relPath, relPath, relPath, (a, b, c) => {
      assert.equal(sign(comparePaths(a, b)), sign(reference(a, b)));
      assert.equal(sign(comparePaths(a, b)) + sign(comparePaths(b, a)), 0);
      assert.equal(comparePaths(a, b) === 0, a === b);
      if (comparePaths(a, b) <= 0 && comparePaths(b, c) <= 0) assert.ok(comparePaths(a, c) <= 0);
    }),
    { numRuns: 500 },
  );
});

test('walkNotes lists every note once, in the same order whatever order the files were written in', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.uniqueArray(relPath, { minLength: 1, maxLength: 25 }).chain((paths) => fc.tuple(fc.constant(paths), fc.shuffledSubarray(paths, { minLength: paths.length }))),
      async ([paths, shuffled]) => {
        const a = await walkNotes(new MemoryStore(paths.map((p) => [`v/core/${p}`, p])), 'v', 'core');
        const b = await walkNotes(new MemoryStore(shuffled.map((p) => [`v/core/${p}`, p])), 'v', 'core');
        assert.deepEqual(b, a);
        assert.deepEqual(a, paths.map((p) => `core/${p}`).sort(reference));
      },
    ),
    { numRuns: 150 },
  );
});

test('loadIdentity gives the same documents and revision whatever order the files were written in', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.uniqueArray(relPath, { maxLength: 15 }),
      fc.uniqueArray(relPath, { maxLength: 15 }),
      fc.infiniteStream(fc.nat()),
      async (shared, own, noise) => {
        const files: Array<[string, string]> = [
          ['cwkpippa-shared/instructions.md', 'Shared for {soul}.\n'],
          ['wren/Wren.md', '# Wren\n'],
          ['wren/instructions.md', 'Short.\n'],
          ...shared.map((p, i): [string, string] => [`cwkpippa-shared/core/${p}`, i % 2 ? `---\nprompt_loading: inline\n---\n${p}\n` : `${p}\n`]),
          ...own.map((p): [string, string] => [`wren/core/${p}`, `${p}\n`]),
        ];
        // The same files in another order: sort by random keys drawn from the stream.
        const keys = [...noise.take(files.length)];
        const reordered = files.map((f, i) => [keys[i]!, f] as const).sort((x, y) => x[0] - y[0]).map(([, f]) => f);
        const one = await loadIdentity({ store: new MemoryStore(files), soul: 'wren', harness: 'test' });
        const two = await loadIdentity({ store: new MemoryStore(reordered), soul: 'wren', harness: 'test' });
        assert.deepEqual(two, one);
        const uris = (role: string) => one.documents.filter((d) => d.role === role).map((d) => d.uri);
        assert.deepEqual(uris('shared_core'), shared.sort(reference).map((p) => `soul://cwkpippa-shared/core/${p}`));
        assert.deepEqual(uris('soul_core'), own.sort(reference).map((p) => `soul://wren/core/${p}`));
      },
    ),
    { numRuns: 100 },
  );
});
