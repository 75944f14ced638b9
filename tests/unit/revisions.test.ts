// Bytes, revisions and text (VAULT.md section 4), the empty pointer, and note_large.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LARGE_NOTE_BYTES, loadIdentity, noteRevision, rememberRevision, sha256Hex } from '../../src/core/index.ts';
import type { Bundle, IdentityDocument } from '../../src/core/index.ts';
import { FsStore } from '../../src/node/index.ts';
import { sha256, tempDir, tinyFiles, tinyStore, utf8, writeTree } from './helpers.ts';

const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);
const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
};
const find = (bundle: Bundle, uri: string): IdentityDocument => {
  const d = bundle.documents.find((x) => x.uri === uri);
  assert.ok(d, uri);
  return d;
};

describe('document revision and bytes', () => {
  const body = 'Héllo, 灵台 𝒜\n';
  const crlfInline = '---\r\ntitle: Windows\r\nprompt_loading: inline\r\n---\r\nbody\r\n';
  const files = {
    'ada/core/plain.md': utf8(body),
    'ada/core/bom.md': concat(BOM, utf8(body)),
    'tiny-shared/core/crlf-bom.md': concat(BOM, utf8(crlfInline)),
    'tiny-shared/core/pointer.md': utf8('---\r\nprompt_loading: on-demand\r\n---\r\nlater\r\n'),
  };

  test('revision is the SHA-256 hex of the raw bytes; bytes is their length', async () => {
    const bundle = await loadIdentity({ store: tinyStore(files), soul: 'ada', harness: 'test' });
    const d = find(bundle, 'soul://ada/core/plain.md');
    assert.equal(d.revision, sha256(files['ada/core/plain.md']));
    assert.match(d.revision, /^[0-9a-f]{64}$/);
    assert.equal(d.bytes, files['ada/core/plain.md'].byteLength);
    assert.equal(d.text, body);
  });

  test('a BOM is dropped from the text but counted in bytes and revision', async () => {
    const bundle = await loadIdentity({ store: tinyStore(files), soul: 'ada', harness: 'test' });
    const d = find(bundle, 'soul://ada/core/bom.md');
    assert.equal(d.text, body);
    assert.equal(d.bytes, files['ada/core/bom.md'].byteLength);
    assert.equal(d.bytes, utf8(body).byteLength + 3);
    assert.equal(d.revision, sha256(files['ada/core/bom.md']));
    assert.notEqual(d.revision, sha256(body));
  });

  test('CRLF frontmatter after a BOM is read: prompt_loading: inline makes it whole', async () => {
    const bundle = await loadIdentity({ store: tinyStore(files), soul: 'ada', harness: 'test' });
    const whole = find(bundle, 'soul://tiny-shared/core/crlf-bom.md');
    assert.equal(whole.mode, 'whole');
    assert.equal(whole.text, crlfInline);
    const pointer = find(bundle, 'soul://tiny-shared/core/pointer.md');
    assert.equal(pointer.mode, 'pointer');
    // A pointer still names the note's own bytes.
    assert.equal(pointer.revision, sha256(files['tiny-shared/core/pointer.md']));
    assert.equal(pointer.bytes, files['tiny-shared/core/pointer.md'].byteLength);
  });

  test('the same through the fs store', async () => {
    const tmp = await tempDir();
    try {
      await writeTree(tmp.dir, tinyFiles(files));
      const bundle = await loadIdentity({ store: new FsStore(tmp.dir), soul: 'ada', harness: 'test' });
      const d = find(bundle, 'soul://ada/core/bom.md');
      assert.deepEqual([d.text, d.bytes, d.revision], [body, files['ada/core/bom.md'].byteLength, sha256(files['ada/core/bom.md'])]);
      assert.equal(find(bundle, 'soul://tiny-shared/core/crlf-bom.md').mode, 'whole');
    } finally {
      await tmp.cleanup();
    }
  });

  test('sha256Hex (WebCrypto) agrees with node:crypto', async () => {
    for (const input of ['', 'abc', body, '\uFEFFx']) assert.equal(await sha256Hex(input), sha256(input));
    const bytes = concat(BOM, utf8(body));
    assert.equal(await sha256Hex(bytes), sha256(bytes));
  });
});

describe('bundle revision', () => {
  test('SHA-256 of every non-empty text, in order, joined by one blank line', async () => {
    const store = tinyStore({
      'tiny-shared/core/a.md': '---\nprompt_loading: inline\n---\na\n',
      'tiny-shared/core/b.md': 'b\n',
      'ada/core/c.md': 'c\n',
    });
    const bundle = await loadIdentity({ store, soul: 'ada', harness: 'test' });
    // The absent catalog has empty text and must not add a blank line.
    assert.ok(bundle.documents.some((d) => d.text === ''));
    const prompt = bundle.documents.filter((d) => d.text !== '').map((d) => d.text).join('\n\n');
    assert.equal(bundle.revision, sha256(prompt));
  });

  test('same bytes, same revision; one changed byte, another revision', async () => {
    const a = await loadIdentity({ store: tinyStore(), soul: 'ada', harness: 'test' });
    const b = await loadIdentity({ store: tinyStore(), soul: 'ada', harness: 'other-harness' });
    assert.equal(a.revision, b.revision);
    const c = await loadIdentity({ store: tinyStore({ 'ada/instructions.md': "Ada's instructions!\n" }), soul: 'ada', harness: 'test' });
    assert.notEqual(a.revision, c.revision);
  });
});

describe('the absent shared catalog', () => {
  test('one empty pointer: mode pointer, text "", revision "", bytes 0, required false', async () => {
    const bundle = await loadIdentity({ store: tinyStore(), soul: 'ada', harness: 'test' });
    assert.deepEqual(
      bundle.documents.filter((d) => d.role === 'shared_catalog'),
      [{ role: 'shared_catalog', uri: 'soul://tiny-shared/index/core-index.md', mode: 'pointer', required: false, revision: '', bytes: 0, text: '' }],
    );
  });
});

describe('note_large', () => {
  let disk: { dir: string; cleanup: () => Promise<void> };
  // Multi-byte text, so the limit is checked in bytes, not characters: 'é' is two bytes.
  const note = (bytes: number): string => 'é'.repeat(Math.floor(bytes / 2)) + (bytes % 2 ? 'x' : '');
  const files = { 'ada/core/at-limit.md': note(51_200), 'ada/core/over-limit.md': note(51_201) };
  before(async () => {
    disk = await tempDir();
    await writeTree(disk.dir, tinyFiles(files));
  });
  after(() => disk.cleanup());

  test('the limit is 51,200 bytes', () => {
    assert.equal(LARGE_NOTE_BYTES, 51_200);
    assert.equal(utf8(files['ada/core/at-limit.md']).byteLength, 51_200);
    assert.equal(utf8(files['ada/core/over-limit.md']).byteLength, 51_201);
  });

  for (const [name, store] of [
    ['memory store', () => tinyStore(files)],
    ['fs store', () => new FsStore(disk.dir)],
  ] as const) {
    test(`a warning at 51,201 bytes but not at 51,200, and the note still loads whole (${name})`, async () => {
      const bundle = await loadIdentity({ store: store(), soul: 'ada', harness: 'test' });
      assert.deepEqual(
        bundle.warnings.map((w) => [w.code, w.uri]),
        [['note_large', 'soul://ada/core/over-limit.md']],
      );
      assert.match(bundle.warnings[0]!.message, /soul:\/\/ada\/core\/over-limit\.md/);
      const over = find(bundle, 'soul://ada/core/over-limit.md');
      assert.equal(over.mode, 'whole');
      assert.equal(over.text, files['ada/core/over-limit.md']);
      assert.equal(over.bytes, 51_201);
    });
  }

  test('size never decides: a large on-demand note stays a pointer, a large inline one is whole', async () => {
    const store = tinyStore({
      'tiny-shared/core/big-pointer.md': note(60_000),
      'tiny-shared/core/big-whole.md': `---\nprompt_loading: inline\n---\n${note(60_000)}`,
    });
    const bundle = await loadIdentity({ store, soul: 'ada', harness: 'test' });
    assert.equal(find(bundle, 'soul://tiny-shared/core/big-pointer.md').mode, 'pointer');
    assert.equal(find(bundle, 'soul://tiny-shared/core/big-whole.md').mode, 'whole');
    assert.ok(bundle.warnings.some((w) => w.code === 'note_large' && w.uri === 'soul://tiny-shared/core/big-whole.md'));
  });
});

describe('a store may hand the core the hash it computed', () => {
  test("the fs store's node:crypto revisions equal WebCrypto's over the same bytes, for every note of a load", async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const files: Record<string, string | Uint8Array> = { ...(tinyFiles() as Record<string, string>), 'ada/core/bom.md': concat(BOM, utf8('Héllo, 灵台 𝒜\n')) };
      await writeTree(dir, files);
      const bundle = await loadIdentity({ store: new FsStore(dir), soul: 'ada', harness: 'test' });
      const read = bundle.documents.filter((d) => d.uri.slice('soul://'.length) in files);
      assert.ok(read.length > 3 && read.some((d) => d.uri.endsWith('bom.md')));
      for (const d of read) {
        const raw = files[d.uri.slice('soul://'.length)]!;
        assert.equal(d.revision, await sha256Hex(typeof raw === 'string' ? utf8(raw) : raw), d.uri);
      }
    } finally {
      await cleanup();
    }
  });

  test('a remembered revision is what noteRevision returns for those bytes, and only for that array', async () => {
    const bytes = utf8('a note');
    rememberRevision(bytes, 'f'.repeat(64));
    assert.equal(await noteRevision(bytes), 'f'.repeat(64));
    assert.equal(await noteRevision(utf8('a note')), await sha256Hex(utf8('a note')));
  });
});
