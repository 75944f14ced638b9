// Order inside a role: code-point order of the relative path, nothing else (VAULT.md section 2).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MemoryStore, comparePaths, compareCodePoints, loadIdentity, walkNotes } from '../../src/core/index.ts';
import type { VaultStore } from '../../src/core/index.ts';
import { FsStore } from '../../src/node/index.ts';
import { fixture, tempDir, tinyFiles, writeTree } from './helpers.ts';

// U+1D49C (astral, a surrogate pair in UTF-16) sorts after U+FF5A by code point, though before it by UTF-16 unit.
const ASTRAL = '\u{1D49C}';
const HALFWIDTH = '\uFF5A';

const notes = {
  'ada/core/b.md': 'b\n',
  'ada/core/a.md': 'a\n',
  'ada/core/b/c.md': 'b/c\n',
  'ada/core/B.md': 'upper B\n',
  'ada/core/Z.md': 'upper Z\n',
  'ada/core/é.md': 'e acute\n',
  [`ada/core/${ASTRAL}.md`]: 'astral\n',
  [`ada/core/${HALFWIDTH}.md`]: 'halfwidth z\n',
  'ada/core/.hidden.md': 'never a note\n',
  'ada/core/.dot/inside.md': 'never a note either\n',
  'ada/core/notes.txt': 'not a note\n',
  'ada/core/README': 'not a note\n',
  'ada/core/x.md.bak': 'not a note\n',
};
const expected = ['core/B.md', 'core/Z.md', 'core/a.md', 'core/b/c.md', 'core/b.md', 'core/é.md', `core/${HALFWIDTH}.md`, `core/${ASTRAL}.md`];

describe('compareCodePoints and comparePaths', () => {
  test('code points, not UTF-16 units: an astral name after a U+FFxx name', () => {
    assert.ok(compareCodePoints(HALFWIDTH, ASTRAL) < 0);
    assert.ok(compareCodePoints(ASTRAL, HALFWIDTH) > 0);
    // The naive UTF-16 comparison gets this the other way round, which is the point of the test.
    assert.ok(ASTRAL < HALFWIDTH);
  });

  test('uppercase before lowercase, no locale folding', () => {
    assert.ok(compareCodePoints('Z', 'a') < 0);
    assert.ok(compareCodePoints('B', 'b') < 0);
    assert.ok(compareCodePoints('a', 'ab') < 0);
    assert.equal(compareCodePoints('same', 'same'), 0);
  });

  test('nested paths: core/a.md < core/b/c.md < core/b.md', () => {
    const paths = ['core/b.md', 'core/b/c.md', 'core/a.md'];
    assert.deepEqual(paths.sort(comparePaths), ['core/a.md', 'core/b/c.md', 'core/b.md']);
  });
});

describe('notes of a role in order', () => {
  let disk: { dir: string; cleanup: () => Promise<void> };
  before(async () => {
    disk = await tempDir();
    await writeTree(disk.dir, tinyFiles(notes));
  });
  after(() => disk.cleanup());

  const stores = (): Array<[string, VaultStore]> => [
    ['memory store', new MemoryStore(Object.entries(tinyFiles(notes)) as Array<[string, string]>)],
    ['fs store', new FsStore(disk.dir)],
  ];

  test('walkNotes: code-point order, dot names skipped, non-.md ignored', async () => {
    for (const [name, store] of stores()) {
      assert.deepEqual(await walkNotes(store, 'ada', 'core'), expected, name);
    }
  });

  test('soul_core documents come in that order', async () => {
    for (const [name, store] of stores()) {
      const bundle = await loadIdentity({ store, soul: 'ada', harness: 'test' });
      const core = bundle.documents.filter((d) => d.role === 'soul_core').map((d) => d.uri);
      assert.deepEqual(core, expected.map((p) => `soul://ada/${p}`), name);
    }
  });

  test('insertion order of the store does not move the order', async () => {
    const reversed = new MemoryStore(Object.entries(tinyFiles(notes)).reverse() as Array<[string, string]>);
    assert.deepEqual(await walkNotes(reversed, 'ada', 'core'), expected);
  });

  test('the tiny fixture on disk: shared core skips .hidden.md, .drafts/ and readme.txt', async () => {
    const bundle = await loadIdentity({ store: new FsStore(fixture('tiny')), soul: 'ada', harness: 'test' });
    assert.deepEqual(
      bundle.documents.filter((d) => d.role === 'shared_core').map((d) => d.uri),
      ['soul://tiny-shared/core/a.md', 'soul://tiny-shared/core/b/c.md', 'soul://tiny-shared/core/b.md'],
    );
  });
});
