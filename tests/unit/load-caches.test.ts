// What the loader and the fs store remember to go faster never hides a change: a note rewritten
// between two loads of one store (same size, same mtime), a folder swapped for a symlink, a
// frontmatter fixed or broken again, and loads running at once each get their own right answer.
import assert from 'node:assert/strict';
import { mkdir, rename, stat, symlink, unlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MemoryStore, VaultError, loadIdentity, renderPrompt, utf8Length } from '../../src/core/index.ts';
import type { Bundle } from '../../src/core/index.ts';
import { FsStore } from '../../src/node/index.ts';
import { sha256, tempDir, tinyFiles, tinyStore, writeTree } from './helpers.ts';

const load = (store: FsStore | MemoryStore, soul = 'ada'): Promise<Bundle> => loadIdentity({ store, soul, harness: 'test' });
const doc = (bundle: Bundle, uri: string) => bundle.documents.find((d) => d.uri === uri);
const code = (expected: string) => (error: unknown) => error instanceof VaultError && error.code === expected;

describe('one FsStore, loads before and after a change on disk', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let root: string;
  before(async () => {
    tmp = await tempDir();
    root = path.join(tmp.dir, 'root');
    await writeTree(root, tinyFiles({ 'tiny-shared/core/voice.md': '---\nprompt_loading: inline\n---\nAAAA\n', 'ada/core/deep/self.md': 'deep\n' }));
    await mkdir(path.join(tmp.dir, 'elsewhere'));
    await writeFile(path.join(tmp.dir, 'elsewhere', 'self.md'), 'not hers\n');
  });
  after(() => tmp.cleanup());

  test('a shared note rewritten with the same size and mtime: new text, revision and mode', async () => {
    const store = new FsStore(root);
    const file = path.join(root, 'tiny-shared', 'core', 'voice.md');
    const first = await load(store);
    assert.equal(doc(first, 'soul://tiny-shared/core/voice.md')?.mode, 'whole');
    const { atime, mtime, size } = await stat(file);
    // Same length, same timestamps: only the bytes tell the change.
    const changed = '---\nprompt_loading: on-demand\n---\nB\n';
    assert.equal(Buffer.byteLength(changed), size);
    await writeFile(file, changed);
    await utimes(file, atime, mtime);
    const second = await load(store);
    const voice = doc(second, 'soul://tiny-shared/core/voice.md')!;
    assert.equal(voice.mode, 'pointer');
    assert.equal(voice.revision, sha256(changed));
    assert.notEqual(second.revision, first.revision);
    assert.equal(second.revision, sha256(renderPrompt(second.documents)));
  });

  test('a folder swapped for a symlink after a load: the next load refuses it, and the swap back loads again', async () => {
    const store = new FsStore(root);
    const deep = path.join(root, 'ada', 'core', 'deep');
    assert.equal(doc(await load(store), 'soul://ada/core/deep/self.md')?.text, 'deep\n');
    await rename(deep, path.join(tmp.dir, 'deep-aside'));
    await symlink(path.join(tmp.dir, 'elsewhere'), deep);
    await assert.rejects(load(store), code('uri_invalid'));
    await unlink(deep);
    await rename(path.join(tmp.dir, 'deep-aside'), deep);
    assert.equal(doc(await load(store), 'soul://ada/core/deep/self.md')?.text, 'deep\n');
  });
});

test('a folder a load reads from but never lists, swapped for a symlink between two loads of one store', async () => {
  const tmp = await tempDir();
  try {
    const root = path.join(tmp.dir, 'root');
    await writeTree(root, tinyFiles({ 'tiny-shared/index/core-index.md': 'catalog\n' }));
    await writeTree(path.join(tmp.dir, 'outside'), { 'core-index.md': 'outside catalog\n' });
    const store = new FsStore(root);
    assert.equal(doc(await load(store), 'soul://tiny-shared/index/core-index.md')?.text, 'catalog\n');
    const index = path.join(root, 'tiny-shared', 'index');
    await rename(index, path.join(tmp.dir, 'index-aside'));
    await symlink(path.join(tmp.dir, 'outside'), index);
    await assert.rejects(load(store), (error: unknown) => code('uri_invalid')(error) && (error as VaultError).role === 'shared_catalog');
  } finally {
    await tmp.cleanup();
  }
});

describe('folders a load reads from but never lists are still checked', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  before(async () => {
    tmp = await tempDir();
    await writeTree(path.join(tmp.dir, 'outside'), { 'core-index.md': 'outside catalog\n', 'instructions.md': 'outside\n' });
  });
  after(() => tmp.cleanup());

  test('a linked shared index folder: uri_invalid for the shared catalog', async () => {
    const root = path.join(tmp.dir, 'linked-index');
    await writeTree(root, tinyFiles());
    await symlink(path.join(tmp.dir, 'outside'), path.join(root, 'tiny-shared', 'index'));
    await assert.rejects(load(new FsStore(root)), (error: unknown) => code('uri_invalid')(error) && (error as VaultError).role === 'shared_catalog');
  });

  test('a linked shared vault: uri_invalid, even though its core is read in parallel', async () => {
    const root = path.join(tmp.dir, 'linked-vault');
    await writeTree(root, tinyFiles({ 'tiny-shared/instructions.md': null }));
    await writeTree(path.join(tmp.dir, 'outside'), { 'core/x.md': 'x\n' });
    await symlink(path.join(tmp.dir, 'outside'), path.join(root, 'tiny-shared'));
    await assert.rejects(load(new FsStore(root)), code('uri_invalid'));
  });
});

test('frontmatter broken, fixed and broken again between loads is judged each time', async () => {
  const key = 'tiny-shared/core/voice.md';
  // All three the same length: only their content tells them apart.
  const inline = '---\nprompt_loading: inline\n---\nvoice\n';
  const bad = '---\nprompt_loading: [inlin\n---\nvoice\n';
  const other = '---\nprompt_loading: outlin\n---\nvoice\n';
  const store = tinyStore({ [key]: inline });
  assert.equal(doc(await load(store), `soul://${key}`)?.mode, 'whole');
  store.write(key, bad);
  await assert.rejects(load(store), code('frontmatter_invalid'));
  store.write(key, inline);
  assert.equal(doc(await load(store), `soul://${key}`)?.mode, 'whole');
  store.write(key, other);
  await assert.rejects(load(store), code('frontmatter_invalid'));
  store.write(key, bad);
  await assert.rejects(load(store), code('frontmatter_invalid'));
  // The same frontmatter in two notes: one parse may serve both, each keeps its own text.
  store.write(key, '---\nprompt_loading: inline\n---\none\n');
  store.write('tiny-shared/core/voice2.md', '---\nprompt_loading: inline\n---\ntwo\n');
  const both = await load(store);
  assert.equal(doc(both, `soul://${key}`)?.text, '---\nprompt_loading: inline\n---\none\n');
  assert.equal(doc(both, 'soul://tiny-shared/core/voice2.md')?.text, '---\nprompt_loading: inline\n---\ntwo\n');
});

test('utf8Length is the UTF-8 length of every string, remembered or not', () => {
  const texts = ['', 'a', 'é'.repeat(300), 'a'.repeat(600), '灵'.repeat(300), '🦊'.repeat(150), 'a'.repeat(599) + 'é'];
  for (let round = 0; round < 2; round++) for (const text of texts) assert.equal(utf8Length(text), Buffer.byteLength(text), JSON.stringify(text.slice(0, 8)));
  // Equal-length strings that differ are told apart; equal content from another string agrees.
  const lone = 'b'.repeat(599) + '🦊'.slice(0, 1) + 'x';
  assert.equal(utf8Length(lone), Buffer.byteLength(lone));
  assert.equal(utf8Length(['é'.repeat(150), 'é'.repeat(150)].join('')), 600);
});

test('loads at once share no prompt buffer: each revision is the SHA-256 of its own prompt', async () => {
  const files: Record<string, string> = { 'fam-shared/instructions.md': 'shared for {soul}\n' };
  const souls = ['s1', 's2', 's3', 's4'];
  for (const [i, soul] of souls.entries()) {
    files[`${soul}/${soul.toUpperCase()}.md`] = `I am ${soul}.\n`;
    files[`${soul}/instructions.md`] = `mine\n`;
    // Sizes far apart, so a buffer kept from a larger prompt is reused for a smaller one.
    for (let n = 0; n < (i + 1) * 40; n++) files[`${soul}/core/n${n}.md`] = `${soul} note ${n} ${'é'.repeat(50 * (4 - i))}\n`;
  }
  const store = new MemoryStore(files);
  for (let round = 0; round < 3; round++) {
    const order = round === 1 ? [...souls].reverse() : souls;
    const bundles = await Promise.all(order.map((soul) => load(store, soul)));
    for (const bundle of bundles) assert.equal(bundle.revision, sha256(renderPrompt(bundle.documents)), bundle.soul);
    assert.equal(new Set(bundles.map((b) => b.revision)).size, souls.length);
  }
});
