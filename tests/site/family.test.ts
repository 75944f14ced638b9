// The family map: one cell per (shared note, bundle), each saying what a load through the core put in
// that bundle (whole, pointer, or no document at all) with the bytes its text adds, totals that add up,
// links to the notes, and the inheritance graph. Checked on the sample, on tests/fixtures/tiny (a guest,
// no shared catalog) and on a family written here (several souls and presets, no guests, many notes).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { discoverFamily, noteUri, parseUri } from '../../src/core/index.ts';
import type { Bundle } from '../../src/core/index.ts';
import { FsStore } from '../../src/node/index.ts';
import { DIST, ROOT, VAULTS, astroBuild, cleanup, readPage, tmp } from './helpers/dist.ts';
import { expectedBundles, notePage } from './helpers/family.ts';
import { decodeEntities, tags, withAttr } from './helpers/html.ts';

const work = tmp('family-map');
after(() => cleanup(work));

const utf8 = (text: string): number => new TextEncoder().encode(text).length;
const keyOf = (b: Bundle): string => (b.preset === null ? b.soul : `${b.soul}/${b.preset}`);

interface Cell {
  uri: string;
  column: string;
  carried: string;
  bytes: number;
  absent: boolean;
  href: string | null;
}

/** Every cell of the map, with the URI of the row it is in and the link inside it. */
function readCells(html: string): Cell[] {
  const out: Cell[] = [];
  let uri = '';
  let cell: Cell | null = null;
  for (const t of tags(html)) {
    if (t.name === 'tr') uri = t.attrs.get('data-uri') ?? '';
    if (t.name === 'td' || t.name === 'th') cell = null;
    if (t.name === 'td' && t.attrs.has('data-carried')) {
      cell = { uri, column: t.attrs.get('data-column')!, carried: t.attrs.get('data-carried')!, bytes: Number(t.attrs.get('data-bytes')), absent: t.attrs.has('data-absent'), href: null };
      out.push(cell);
    }
    if (t.name === 'a' && cell && cell.href === null) cell.href = t.attrs.get('href') ?? null;
  }
  return out;
}

/** The map checked against the loader over the same vault root. */
async function checkMap(html: string, vaultRoot: string): Promise<{ bundles: Bundle[]; rows: string[] }> {
  const family = await discoverFamily(new FsStore(vaultRoot));
  const bundles = (await expectedBundles(vaultRoot)).map((e) => e.bundle);
  // Shared notes: whatever a bundle carries from the shared vault, and the guest container's own instructions.
  const shared = (uri: string): boolean => parseUri(uri).vault === family.shared || uri === noteUri(family.guests, 'instructions.md');
  const rows: string[] = [];
  for (const b of bundles) for (const d of b.documents) if (shared(d.uri) && !rows.includes(d.uri)) rows.push(d.uri);
  assert.ok(rows.length > 0, 'the family shares notes');

  const cells = readCells(html);
  assert.equal(cells.length, rows.length * bundles.length, 'one cell per (note, bundle)');
  const byKey = new Map(cells.map((c) => [`${c.uri}\u0000${c.column}`, c]));
  assert.equal(byKey.size, cells.length, 'no (note, bundle) has two cells');
  assert.deepEqual([...new Set(cells.map((c) => c.uri))], rows, 'one row per shared note, in load order');
  assert.deepEqual([...new Set(cells.map((c) => c.column))], bundles.map(keyOf), 'one column per bundle, in the site order');

  for (const uri of rows) {
    const { vault, path: notePath } = parseUri(uri);
    let rowBytes = 0;
    for (const b of bundles) {
      const cell = byKey.get(`${uri}\u0000${keyOf(b)}`);
      assert.ok(cell, `no cell for ${uri} in ${keyOf(b)}`);
      const doc = b.documents.find((d) => d.uri === uri);
      const absent = doc ? doc.revision === '' && doc.bytes === 0 : cell.absent;
      assert.equal(cell.carried, doc ? doc.mode : 'none', `${uri} in ${keyOf(b)}`);
      assert.equal(cell.bytes, doc ? utf8(doc.text) : 0, `${uri} in ${keyOf(b)}: bytes`);
      assert.equal(cell.absent, absent, `${uri} in ${keyOf(b)}: absent`);
      // Each cell links to the note's page; an absent note has none, so a carried one links to its bundle row.
      if (!absent) assert.equal(cell.href, `/${notePage(vault, notePath)}`, `${uri} in ${keyOf(b)}: link`);
      else if (doc) assert.match(cell.href ?? '', /^\/(souls|guests)\/.+\/#doc-/);
      rowBytes += cell.bytes;
    }
    assert.equal(withAttr(html, 'data-uri', uri).length, 1);
    const row = html.slice(html.indexOf(`data-uri="${uri}"`));
    assert.equal(Number(/data-row-bytes="(\d+)"/.exec(row)?.[1]), rowBytes, `${uri}: row total`);
  }
  let total = 0;
  for (const b of bundles) {
    const carried = b.documents.filter((d) => shared(d.uri)).reduce((n, d) => n + utf8(d.text), 0);
    const shown = withAttr(html, 'data-column-bytes').find((t) => t.attrs.get('data-column') === keyOf(b));
    assert.equal(Number(shown?.attrs.get('data-column-bytes')), carried, `${keyOf(b)}: column total`);
    total += carried;
  }
  assert.equal(Number(withAttr(html, 'data-total-bytes')[0]?.attrs.get('data-total-bytes')), total);

  // The graph: a box for each container with members, each soul, preset and guest, and the same facts in words.
  const svg = withAttr(html, 'class', 'family-graph')[0];
  assert.equal(svg?.name, 'svg');
  assert.equal(svg.attrs.get('role'), 'img');
  const guests = bundles.filter((b) => b.kind === 'guest');
  assert.equal((html.match(/<g class="graph-node /g) ?? []).length, 1 + bundles.length - guests.length + (guests.length > 0 ? 1 + guests.length : 0));
  const desc = decodeEntities(/<desc id="family-graph-desc">([^<]*)<\/desc>/.exec(html)?.[1] ?? '');
  for (const b of bundles) assert.ok(desc.includes(b.preset ?? b.display), `the graph's words name ${keyOf(b)}`);
  return { bundles, rows };
}

/** A vault root written here: several souls and presets, no guests, many shared notes, some carried whole. */
function writeFamily(root: string): void {
  const write = (rel: string, text: string): void => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  write('kin-shared/instructions.md', 'You are {soul_display} ({soul}), one of the kin.\n');
  write('kin-shared/index/core-index.md', '# Catalog\n');
  for (let i = 1; i <= 40; i++) {
    const folder = i % 4 === 0 ? 'core/deep/' : 'core/';
    const inline = i % 3 === 0 ? '---\nprompt_loading: inline\n---\n' : '';
    write(`kin-shared/${folder}note-${String(i).padStart(2, '0')}.md`, `${inline}Shared note ${i}.\n`);
  }
  const souls: Array<[string, string, string[]]> = [
    ['ash', 'Ash Grey', ['plan', 'review']],
    ['birch', 'Birch', []],
    ['cedar', 'Cedar O\'Neil', ['write']],
  ];
  for (const [id, display, presets] of souls) {
    write(`${id}/${display}.md`, `I am ${display}.\n`);
    write(`${id}/instructions.md`, `Be ${id}.\n`);
    for (const p of presets) write(`${id}/projects/${p}.md`, `Working on ${p}.\n`);
  }
}

let lessons = '';
const builds = new Map<string, string>();

before(() => {
  lessons = path.join(work, 'lessons');
  mkdirSync(lessons);
  const kin = path.join(work, 'kin');
  writeFamily(kin);
  for (const [name, vault] of [['tiny', path.join(ROOT, 'tests/fixtures/tiny')], ['kin', kin]] as const) {
    const outDir = path.join(work, `out-${name}`);
    const run = astroBuild({ outDir, vault, env: { SOULPRESS_LESSONS: lessons, SOULPRESS_SEARCH: 'off', SOULPRESS_HISTORY: 'off' } });
    assert.equal(run.status, 0, run.stderr);
    builds.set(name, outDir);
  }
});

test('the sample: every cell agrees with the loader, and the totals add up', async () => {
  const { bundles } = await checkMap(readPage(DIST, 'family/index.html'), VAULTS);
  assert.ok(bundles.some((b) => b.preset !== null) && bundles.some((b) => b.kind === 'guest'), 'the sample has presets and guests');
});

test('a family with a guest and no shared catalog: the absent catalog is an empty pointer, guests carry none of it', async () => {
  const html = readPage(builds.get('tiny')!, 'family/index.html');
  const { rows } = await checkMap(html, path.join(ROOT, 'tests/fixtures/tiny'));
  assert.ok(rows.includes('soul://tiny-shared/index/core-index.md'));
  assert.ok(readCells(html).some((c) => c.absent && c.carried === 'pointer'), 'the absent catalog shows');
});

test('several souls and presets, no guests, forty shared notes', async () => {
  const html = readPage(builds.get('kin')!, 'family/index.html');
  const { bundles, rows } = await checkMap(html, path.join(work, 'kin'));
  assert.equal(bundles.length, 6);
  assert.equal(rows.length, 42);
  assert.match(html, /The family has no guests\./);
  assert.doesNotMatch(html, /Guest container/);
});

test('the header of every page and the home page link to the family map', () => {
  for (const [dist, page] of [[DIST, 'index.html'], [DIST, 'souls/pippa/index.html'], [builds.get('tiny')!, '404.html']] as const) {
    const nav = /<nav class="site-nav"[\s\S]*?<\/nav>/.exec(readPage(dist, page))?.[0] ?? '';
    assert.match(nav, /href="\/family\/"/, page);
  }
  const main = /<main[\s\S]*<\/main>/.exec(readPage(DIST, 'index.html'))![0];
  assert.match(main, /href="\/family\/"/);
  assert.match(readPage(DIST, 'family/index.html'), /<a href="\/family\/" aria-current="page"/);
});
