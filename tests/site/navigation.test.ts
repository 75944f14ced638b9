// Finding one's way through dist/: every breadcrumb link leads to a page (and an id on it), each
// level a breadcrumb names has its index page (guests, a vault's notes), guests are breadcrumbed
// as guests, the header marks the current section, every "On this page" entry and heading anchor
// lands on the page, and a note page's tree marks the note and names its folders.
import assert from 'node:assert/strict';
import path from 'node:path';
import { before, test } from 'node:test';
import { DIST, exists, listFiles, readPage } from './helpers/dist.ts';
import { expectedBundles, expectedNotes, notePage } from './helpers/family.ts';
import type { Expected, ExpectedNote } from './helpers/family.ts';
import { decodeEntities, ids, tags } from './helpers/html.ts';
import type { Tag } from './helpers/html.ts';
import { linkTarget } from './helpers/links.ts';

let notes: ExpectedNote[];
let bundles: Expected[];
before(async () => {
  notes = await expectedNotes();
  bundles = await expectedBundles();
});

const pages = listFiles(DIST).filter((f) => f.endsWith('.html'));

/** The tags inside the first element that opens with `open` (a regex over the start tag), up to `close`. */
function within(html: string, open: RegExp, close: string): Tag[] {
  const m = open.exec(html);
  if (!m) return [];
  const end = html.indexOf(close, m.index);
  return tags(html.slice(m.index, end));
}

/** Follow an internal link of page `rel`: the page it names exists and, with a fragment, has that id. */
function follow(rel: string, href: string): string | null {
  const target = linkTarget(DIST, '/', rel, href);
  if ('why' in target) return target.why;
  if (target.id !== '' && !ids(readPage(DIST, path.relative(DIST, target.file))).has(target.id)) return `no id "${target.id}"`;
  return null;
}

test('every breadcrumb link in dist/ resolves, and only the last level is left unlinked', () => {
  let links = 0;
  let crumbs = 0;
  for (const rel of pages) {
    const html = readPage(DIST, rel);
    const start = html.search(/<nav class="breadcrumb"/);
    if (start < 0) continue;
    crumbs++;
    const body = html.slice(start, html.indexOf('</nav>', start));
    for (const a of tags(body).filter((t) => t.name === 'a')) {
      links++;
      const broken = follow(rel, a.attrs.get('href')!);
      assert.equal(broken, null, `${rel}: breadcrumb ${a.attrs.get('href')}: ${broken}`);
    }
    // Every level but the last is a link: a level shown as plain text would be a dead end.
    const levels = [...body.matchAll(/<(a|span)\b([^>]*)>/g)].filter((m) => !m[2]!.includes('aria-hidden'));
    levels.slice(0, -1).forEach((m) => assert.equal(m[1], 'a', `${rel}: a breadcrumb level before the last is not a link`));
  }
  assert.ok(crumbs > 60, `only ${crumbs} pages have a breadcrumb`);
  assert.ok(links > crumbs, `only ${links} breadcrumb links`);
});

test('/guests/ lists every guest, and a guest page is breadcrumbed under it', () => {
  const guests = bundles.filter((b) => b.bundle.kind === 'guest');
  assert.ok(guests.length >= 1);
  const index = readPage(DIST, 'guests/index.html');
  for (const g of guests) {
    assert.ok(index.includes(`href="/${g.page}"`), `/guests/ does not link ${g.page}`);
    const crumb = within(readPage(DIST, `${g.page}index.html`), /<nav class="breadcrumb"/, '</nav>').find((t) => t.name === 'a');
    assert.equal(crumb?.attrs.get('href'), '/guests/', `${g.page}: first breadcrumb`);
  }
  // A family soul stays under Souls.
  const soul = bundles.find((b) => b.bundle.kind === 'family')!;
  assert.equal(within(readPage(DIST, `${soul.page}index.html`), /<nav class="breadcrumb"/, '</nav>').find((t) => t.name === 'a')?.attrs.get('href'), '/souls/');
});

test("each vault has a notes page listing every note of it, folder by folder", () => {
  const vaults = [...new Set(notes.map((n) => n.vault))];
  assert.ok(vaults.length >= 3);
  for (const vault of vaults) {
    const file = `notes/${encodeURIComponent(vault)}/index.html`;
    assert.ok(exists(path.join(DIST, file)), `no ${file}`);
    const links = new Set(within(readPage(DIST, file), /<nav class="note-tree/, '</nav>').filter((t) => t.name === 'a').map((t) => t.attrs.get('href')));
    const own = notes.filter((n) => n.vault === vault);
    for (const n of own) assert.ok(links.has(`/${notePage(n.vault, n.path)}`), `${file} does not list ${n.uri}`);
    // Folders carry the ids a note's breadcrumb points to.
    const folders = new Set(own.filter((n) => n.path.includes('/')).map((n) => n.path.split('/')[0]!));
    const pageIds = ids(readPage(DIST, file));
    for (const f of folders) assert.ok([...pageIds].some((id) => id === `folder-${f}`), `${file}: no id for folder ${f}`);
  }
});

test("a note page's tree marks the note, opens its folders and lists only its branch", () => {
  const deep = notes.filter((n) => n.path.split('/').length >= 3);
  assert.ok(deep.length > 0);
  for (const n of deep) {
    const html = readPage(DIST, `${notePage(n.vault, n.path)}index.html`);
    const tree = within(html, /<nav class="note-tree note-tree-side"/, '</nav>').filter((t) => t.name === 'a');
    const current = tree.filter((t) => t.attrs.get('aria-current') === 'page');
    assert.deepEqual(current.map((t) => t.attrs.get('href')), [`/${notePage(n.vault, n.path)}`], n.uri);
    // A note in another top-level folder is not listed (that folder is one link to the vault's page).
    const elsewhere = notes.find((o) => o.vault === n.vault && o.path.includes('/') && o.path.split('/')[0] !== n.path.split('/')[0]);
    if (elsewhere) assert.ok(!tree.some((t) => t.attrs.get('href') === `/${notePage(elsewhere.vault, elsewhere.path)}`), `${n.uri} lists ${elsewhere.uri}`);
    for (const t of tree) assert.equal(follow(`${notePage(n.vault, n.path)}index.html`, t.attrs.get('href')!), null, `${n.uri}: tree link ${t.attrs.get('href')}`);
  }
});

test('the header marks the current section: the section page as the page, a page inside it as the location', () => {
  const current = (rel: string) =>
    within(readPage(DIST, rel), /<nav class="site-nav"/, '</nav>')
      .filter((t) => t.name === 'a' && t.attrs.has('aria-current'))
      .map((t) => [t.attrs.get('href'), t.attrs.get('aria-current')]);
  assert.deepEqual(current('souls/index.html'), [['/souls/', 'page']]);
  assert.deepEqual(current('souls/pippa/index.html'), [['/souls/', 'true']]);
  assert.deepEqual(current('guests/index.html'), [['/souls/', 'true']]);
  assert.deepEqual(current('shared/index.html'), [['/shared/', 'page']]);
  assert.deepEqual(current(`${notePage(notes[0]!.vault, notes[0]!.path)}index.html`), [['/notes/', 'true']]);
  assert.deepEqual(current('lessons/index.html'), [['/lessons/', 'page']]);
  assert.deepEqual(current('index.html'), []);
});

test('every "On this page" entry and every heading anchor points to an id on its own page', () => {
  let tocs = 0;
  let anchors = 0;
  for (const rel of pages) {
    const html = readPage(DIST, rel);
    const pageIds = ids(html);
    const toc = within(html, /<nav class="page-toc"/, '</nav>').filter((t) => t.name === 'a');
    if (toc.length > 0) tocs++;
    for (const t of toc) assert.ok(pageIds.has(decodeURIComponent(t.attrs.get('href')!.slice(1))), `${rel}: section list entry ${t.attrs.get('href')}`);
    for (const t of tags(html).filter((t) => t.name === 'a' && t.attrs.get('class') === 'heading-anchor')) {
      anchors++;
      assert.ok(pageIds.has(decodeURIComponent(t.attrs.get('href')!.slice(1))), `${rel}: heading anchor ${t.attrs.get('href')}`);
    }
  }
  // Soul, preset, guest and agent pages each have a section list; lessons and notes have anchors.
  const expected = bundles.length + listFiles(path.join(DIST, 'agents')).filter((f) => /^[^/]+\/index\.html$/.test(f)).length;
  assert.equal(tocs, expected);
  assert.ok(anchors > 50, `only ${anchors} heading anchors`);
});

test('a heading anchor is named for its section, and sits beside the heading, not in it', () => {
  const html = readPage(DIST, 'souls/pippa/index.html');
  const m = /<div class="anchored">\s*<h2 id="load-order-title">([^<]*)<\/h2>\s*<a class="heading-anchor" href="#load-order-title"><span class="visually-hidden">([^<]*)<\/span><\/a>\s*<\/div>/.exec(html);
  assert.ok(m, 'the load order heading has its anchor beside it');
  assert.equal(decodeEntities(m[2]!), `Link to the section “${m[1]}”`);
});
