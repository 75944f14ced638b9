// Every note of every vault has a page with its URI, revision, size, read command and frontmatter,
// and "loaded by" lists each soul and guest that loads it, in the role and mode the loader gives.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import { decodeNote, readCommand, splitFrontmatter } from '../../src/core/index.ts';
import { DIST, exists, listFiles, pageFile } from './helpers/dist.ts';
import { expectedBundles, expectedNotes, notePage } from './helpers/family.ts';
import type { Expected, ExpectedNote } from './helpers/family.ts';
import { pageText, withAttr } from './helpers/html.ts';

let notes: ExpectedNote[] = [];
let bundles: Expected[] = [];

before(async () => {
  notes = await expectedNotes();
  bundles = await expectedBundles();
});

const read = (n: ExpectedNote) => readFileSync(pageFile(DIST, notePage(n.vault, n.path)), 'utf8');

test('every note has exactly one page, and every note page is a note', () => {
  assert.ok(notes.length > 40, 'the sample family has its notes');
  for (const n of notes) assert.ok(exists(pageFile(DIST, notePage(n.vault, n.path))), `no page for ${n.uri}`);
  // Not counted: the list of every note and each vault's own notes page (notes/<vault>/).
  const pages = listFiles(DIST).filter((f) => f.startsWith('notes/') && f.endsWith('/index.html') && !/^notes\/(?:[^/]+\/)?index\.html$/.test(f));
  assert.equal(pages.length, notes.length);
});

test('names with spaces and CJK get pages at encoded URLs', () => {
  assert.ok(notes.some((n) => n.path.includes(' ')));
  assert.ok(notes.some((n) => /[\u4e00-\u9fff]/.test(n.path)));
  for (const n of notes.filter((n) => /[^a-z0-9/._-]/.test(n.path))) {
    assert.ok(exists(pageFile(DIST, notePage(n.vault, n.path))), n.uri);
  }
});

test('a note page shows URI, revision, size and the exact read command', () => {
  for (const n of notes) {
    const html = read(n);
    const article = withAttr(html, 'data-note')[0]!;
    assert.equal(article.attrs.get('data-uri'), n.uri);
    assert.equal(article.attrs.get('data-revision'), createHash('sha256').update(n.bytes).digest('hex'));
    const text = pageText(html);
    assert.ok(text.includes(readCommand(n.uri)), `${n.uri}: command`);
    assert.ok(text.includes(`${n.bytes.byteLength.toLocaleString('en-US')} B`), `${n.uri}: size`);
  }
});

test('frontmatter keys appear in the frontmatter table', () => {
  for (const n of notes) {
    let data: Record<string, unknown>;
    try {
      data = splitFrontmatter(decodeNote(n.bytes, n.uri, undefined, 'test')).data;
    } catch {
      continue;
    }
    const html = read(n);
    const table = html.slice(html.indexOf('id="frontmatter-title"'));
    for (const key of Object.keys(data)) assert.ok(table.includes(`<code>${key}</code>`), `${n.uri}: frontmatter key ${key}`);
  }
});

test('"loaded by" lists every member, role and mode that loads the note, and nothing more', () => {
  for (const n of notes) {
    const want = new Set<string>();
    for (const { bundle } of bundles) {
      for (const d of bundle.documents) if (d.uri === n.uri) want.add(`${bundle.soul} ${d.role} ${d.mode}`);
    }
    const html = read(n);
    const got = new Set(withAttr(html, 'data-member').map((t) => `${t.attrs.get('data-member')} ${t.attrs.get('data-role')} ${t.attrs.get('data-mode')}`));
    assert.deepEqual(got, want, n.uri);
  }
});
