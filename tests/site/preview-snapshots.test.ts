// The live preview's data: each soul's and guest's snapshot is a JSON file of exactly the notes its
// load can read, fetched (never inlined), and loading from it gives the published bundles byte for
// byte. The popover index names every note with its page.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { MemoryStore, discoverFamily, loadIdentity, noteUri } from '../../src/core/index.ts';
import type { Snapshot, NoteIndex } from '../../src/data/snapshot-types.ts';
import { excerptHtml } from '../../src/markdown/excerpt.ts';
import { renderNote } from '../../src/markdown/render-note.ts';
import { DIST, exists, pageFile } from './helpers/dist.ts';
import { expectedBundles, expectedNotes, HARNESS } from './helpers/family.ts';
import type { Expected, ExpectedNote } from './helpers/family.ts';
import { withAttr } from './helpers/html.ts';

let expected: Expected[] = [];
let notes: ExpectedNote[] = [];

before(async () => {
  expected = await expectedBundles();
  notes = await expectedNotes();
});

const snapshotOf = (soul: string): Snapshot => JSON.parse(readFileSync(path.join(DIST, 'data', 'snapshots', `${soul}.json`), 'utf8')) as Snapshot;
const members = () => [...new Map(expected.map((e) => [e.bundle.soul, e.bundle.kind])).entries()];

describe('preview snapshots', () => {
  test('every soul and guest has one, holding exactly the notes its load can read', async () => {
    const family = await discoverFamily(new MemoryStore(notes.map((n) => [`${n.vault}/${n.path}`, n.bytes])));
    assert.ok(members().length >= 5);
    for (const [soul, kind] of members()) {
      const snap = snapshotOf(soul);
      const want = notes
        .filter((n) =>
          kind === 'guest'
            ? n.vault === family.guests && (n.path === 'instructions.md' || n.path.startsWith(`${soul}/`))
            : n.vault === soul || (n.vault === family.shared && (n.path === 'instructions.md' || n.path.startsWith('core/') || n.path === 'index/core-index.md')),
        )
        .map((n) => `${n.vault}/${n.path}`)
        .sort();
      assert.deepEqual(Object.keys(snap.files).sort(), want, `${soul}: snapshot files`);
      assert.equal(snap.soul, soul);
      assert.equal(snap.kind, kind);
      assert.equal(snap.family, family.name);
      assert.equal(snap.harness, HARNESS);
      // Other souls' notes never travel with this one's page.
      for (const key of Object.keys(snap.files)) assert.ok(!key.startsWith('quill/') || soul === 'quill', `${soul} carries ${key}`);
    }
  });

  test('the snapshot text is the note bytes exactly (BOM and CRLF kept)', () => {
    const byKey = new Map(notes.map((n) => [`${n.vault}/${n.path}`, n.bytes]));
    for (const [soul] of members()) {
      for (const [key, text] of Object.entries(snapshotOf(soul).files)) {
        assert.ok(Buffer.from(text, 'utf8').equals(Buffer.from(byKey.get(key)!)), `${soul}: ${key} differs from the file`);
      }
    }
  });

  test('loading from a snapshot gives every published bundle, byte for byte', async () => {
    for (const { bundle, page } of expected) {
      const snap = snapshotOf(bundle.soul);
      const store = new MemoryStore(Object.entries(snap.files), 'fs');
      const again = await loadIdentity({ store, soul: bundle.soul, harness: snap.harness, preset: bundle.preset, family: snap.family });
      assert.equal(JSON.stringify(again), JSON.stringify(bundle), `${page}: snapshot bundle differs`);
      assert.equal(snap.revisions[bundle.preset ?? ''], bundle.revision);
      assert.deepEqual(snap.presets, expected.filter((e) => e.bundle.soul === bundle.soul && e.bundle.preset !== null).map((e) => e.bundle.preset));
    }
  });

  test('pages name their snapshot and do not inline it', () => {
    for (const { bundle, page } of expected) {
      const html = readFileSync(pageFile(DIST, page), 'utf8');
      const live = withAttr(html, 'data-live')[0];
      assert.ok(live, `${page}: no live preview section`);
      // The document first: the preview comes after the load order, its panel collapsed (the CSS hides it
      // without JavaScript; tests/browser/preview.spec.ts checks that).
      assert.ok(live.at > html.indexOf('data-load-order'), `${page}: the live preview comes before the load order`);
      const panel = withAttr(html, 'data-live-panel')[0];
      assert.ok(panel && panel.name === 'details' && !panel.attrs.has('open') && panel.at > live.at, `${page}: the preview panel is not a collapsed <details> in the section`);
      assert.equal(live.attrs.get('data-snapshot'), `/data/snapshots/${bundle.soul}.json`);
      assert.ok(exists(path.join(DIST, live.attrs.get('data-snapshot')!)));
      assert.ok(!html.includes('"files":{'), `${page}: snapshot JSON inlined`);
    }
  });

  test('every flippable note has a labelled checkbox, checked as its published mode', () => {
    for (const { bundle, page } of expected) {
      const html = readFileSync(pageFile(DIST, page), 'utf8');
      const boxes = withAttr(html, 'name', 'flip');
      const flippable = bundle.documents.filter((d) => d.role === 'shared_core' || d.role === 'soul_index');
      assert.deepEqual(boxes.map((b) => b.attrs.get('value')), flippable.map((d) => d.uri), `${page}: flip checkboxes`);
      for (const d of flippable) {
        const box = boxes.find((b) => b.attrs.get('value') === d.uri)!;
        const checkedMode = box.attrs.get('data-checked-mode');
        assert.equal(box.attrs.has('checked'), d.mode === checkedMode, `${page}: ${d.uri} checkbox state`);
        // Inside a <label>: the checkbox's accessible name is the note's title.
        const before = html.slice(0, box.at);
        assert.ok(before.lastIndexOf('<label') > before.lastIndexOf('</label>'), `${page}: ${d.uri} checkbox not in a label`);
      }
    }
  });
});

describe('popover index', () => {
  test('the first lines are the note\'s rendered prose: emphasis as markup, headings and code left out', async () => {
    const source = '# Title\n\n## Part\n\nOne *line*\nwrapped with `code`.\n\n```sh\nrm -rf /\n```\n- item **one**\n- item two\n- item three\n';
    const html = await renderNote(source, { vault: 'v', path: 'n.md', pages: new Map(), title: 'Title' });
    assert.equal(excerptHtml(html), 'One <em>line</em> wrapped with <code>code</code>.\nitem <strong>one</strong>\nitem two');
    assert.equal(excerptHtml(''), '');
    const long = excerptHtml(`<p>${'灵台 🦊 &amp; '.repeat(100)}</p>`);
    const shown = long.replace(/&amp;/g, '&');
    assert.equal(Array.from(shown).length, 280);
    assert.ok(long.endsWith('…'));
    assert.ok(!/&[a-z]*…$/.test(long), 'a cut split an entity');
    assert.ok(!/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(long), 'a cut split a surrogate pair');
  });

  test('the first lines keep no attribute and no tag but a few inline ones: nothing in a popover can run or load', () => {
    const html = '<p><a href="javascript:alert(1)" onclick="x()">link</a> <img src=x onerror="alert(1)"> <em class="a" onmouseover="y()">em</em> &lt;script&gt;alert(1)&lt;/script&gt;</p>';
    assert.equal(excerptHtml(html), 'link  <em>em</em> &lt;script&gt;alert(1)&lt;/script&gt;');
  });

  test('names every note, with its page and no frontmatter in the lines', () => {
    const index = JSON.parse(readFileSync(path.join(DIST, 'data', 'notes.json'), 'utf8')) as NoteIndex;
    assert.deepEqual(Object.keys(index).sort(), notes.map((n) => n.uri).sort());
    for (const n of notes) {
      const [title, href, excerpt] = index[noteUri(n.vault, n.path)]!;
      assert.ok(title.length > 0);
      assert.ok(exists(pageFile(DIST, href)), `${n.uri}: no page at ${href}`);
      assert.ok(!/^prompt_loading:|^summary:/m.test(excerpt), `${n.uri}: frontmatter in the popover lines`);
      assert.ok(excerpt.split('\n').length <= 3);
      // Markup the build made: bare inline tags only, never an attribute.
      for (const tag of excerpt.match(/<[^>]*>/g) ?? []) assert.match(tag, /^<\/?(em|strong|code|del|s|kbd|sub|sup)>$/, `${n.uri}: ${tag} in the popover lines`);
    }
  });
});
