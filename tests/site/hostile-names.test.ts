// Issue 14 through the build: notes and presets named with every character a URL, a server or
// Astro would rewrite, an NFC/NFD pair, links and odd files where no load reads, and a note
// outside the role folders that is not UTF-8. `check` passes it, so the build must succeed, under
// a base path, with every page and every internal link answering 200 from a real static server
// and every note on exactly one page. A vault root that does not exist must leave dist/ alone.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { checkFamily, walkFolder, noteUri, VAULT_ID } from '../../src/core/index.ts';
import { FsStore } from '../../src/node/index.ts';
import { writeFiles } from '../fixtures/hostile/generate.ts';
import { crawl } from './helpers/crawl.ts';
import { DIST, astroBuild, cleanup, exists, listFiles, readPage, tmp } from './helpers/dist.ts';
import { compareHashes, hashFiles } from './helpers/hashes.ts';
import { checkLinks } from './helpers/links.ts';
import { tags } from './helpers/html.ts';
import { agentParam, agentPath, guestPath, notesFolderPath, soulPath } from '../../src/data/urls.ts';
import { BRANCH_ENTRIES } from '../../src/data/note-tree.ts';
import { expectedBundles } from './helpers/family.ts';
import { ORIGIN, checkShareImages } from './helpers/share-images.ts';

const work = tmp('hostile-names');
after(() => cleanup(work));
const vault = path.join(work, 'vaults');
const lessons = path.join(work, 'lessons');
const serveRoot = path.join(work, 'served');
const base = '/team/souls/';
const site = path.join(serveRoot, 'team', 'souls');
const agents = path.join(work, 'agents');
/** Agent ids and entry folders get the same treatment as note names. */
const AGENT_NAMES = ['c#', 'e\u0301', 'what?', 'sp ace', '%2e%2e', '\u7075\u53f0'];

/** Names that once gave a 404, a lost page or a stack trace, and their neighbours. */
const NAMES = ['#'.repeat(200), '\u{1f98a}'.repeat(60), 'e\u0301'.repeat(80), 'c#', 'what?', '\u00e9', 'e\u0301', '%2e%2e', '%', 'tab\there', 'new\nline', 'a&b+c', 'sp ace', ' lead', 'trail ', '~tilde', '\u7075\u53f0', '\u{1f98a}', '\u212b', '\u00c5', '\u1100\u1161', 'x.html', 'index'];

/** Every note path under the root that the loader can name, as the site must publish it. */
async function readableNotes(root: string): Promise<string[]> {
  const store = new FsStore(root);
  const out: string[] = [];
  for (const v of (await store.vaults()).filter((id) => VAULT_ID.test(id))) {
    const { paths } = await walkFolder(store, v, '').catch(() => ({ paths: [] as string[] }));
    out.push(...paths.map((p) => noteUri(v, p)));
  }
  return out.sort();
}

before(() => {
  const files: Record<string, string | Uint8Array> = {
    'cwkpippa-shared/instructions.md': 'Shared for {soul}.\n',
    'wren/Wren.md': '# Wren\n',
    'wren/instructions.md': 'Wren.\n',
    'wren/drafts/latin1.md': new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]),
    'cwkpippa-guests/instructions.md': 'Guest {soul}.\n',
    'cwkpippa-guests/ada/Ada.md': '# Ada\n',
    'cwkpippa-guests/ada/instructions.md': 'Ada.\n',
    'cwkpippa-guests/ada/memory/old.md': '---\ndate: 0099-06-01\n---\nOld.\n',
    // A note's page file is <page>/index.html: a folder named index.html beside it must not take its place.
    'wren/core/coll.md': 'Beside a folder.\n',
    'cwkpippa-shared/core/c-.md': 'Slugs like c#.md.\n',
    'wren/core/coll/index.html.md': 'Named like the page file.\n',
  };
  NAMES.forEach((name, i) => {
    const loading = i % 2 === 0 ? '---\nprompt_loading: inline\n---\n' : '';
    files[`cwkpippa-shared/core/${name}.md`] = `${loading}# Shared ${i}\n\nSee \`soul://wren/core/${name}.md\`.\n`;
    files[`wren/core/${name}.md`] = `Core ${i}: \`soul://cwkpippa-shared/core/${name}.md\`\n`;
    files[`wren/index/${name}/${name}.md`] = `Index ${i}.\n`;
    if (i < 8) files[`wren/projects/${name}.md`] = `Preset ${i}.\n`;
  });
  // wren/core/ past what a note page's tree lists whole: the clipped tree's links are crawled under the base too.
  for (let i = 0; i < 12; i++) files[`wren/core/zz-more-${i}.md`] = `More ${i}.\n`;
  // A preset named like the soul page's share image, beside it.
  files['wren/projects/og.png.md'] = 'Preset og.\n';
  writeFiles(vault, files);
  const agentFiles: Record<string, string> = {};
  for (const id of AGENT_NAMES) {
    agentFiles[`${id}/system/pad.md`] = `Pad of ${id}.\n`;
    for (const name of AGENT_NAMES) {
      agentFiles[`${id}/knowledge/${name}/KNOWLEDGE.md`] = `---\nname: Entry ${name}\ndescription: about ${name}\n---\nBody.\n`;
      agentFiles[`${id}/.library/custom/${name}/SKILL.md`] = `---\nname: skill-${name}\ndescription: does ${name}\n---\nSteps.\n`;
    }
  }
  writeFiles(agents, agentFiles);
  // Links and a FIFO where no load reads: a linked guest, a linked logo, a linked note outside the roles.
  symlinkSync('ada', path.join(vault, 'cwkpippa-guests', 'ada-alias'));
  writeFileSync(path.join(work, 'logo.png'), 'png');
  symlinkSync(path.join(work, 'logo.png'), path.join(vault, 'wren', 'logo.png'));
  symlinkSync('../Wren.md', path.join(vault, 'wren', 'drafts', 'link.md'));
  mkdirSync(lessons);
  mkdirSync(site, { recursive: true });
});

describe('a vault of hostile names, built under a base path', () => {
  test('check passes it, and the build succeeds with no stack trace', async () => {
    const report = await checkFamily({ store: new FsStore(vault) });
    assert.deepEqual(report.findings, []);
    assert.deepEqual(report.guests, ['ada']);
    const run = astroBuild({ outDir: site, vault, base, env: { SOULPRESS_LESSONS: lessons, SOULPRESS_AGENTS: agents } });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.doesNotMatch(run.stdout + run.stderr, /^\s+at /m);
  });

  test('every hostile agent, catalog and entry has its page (the crawl below fetches each over HTTP)', () => {
    const html = listFiles(site).filter((f) => f.endsWith('index.html'));
    for (const id of AGENT_NAMES) {
      const pages = html.filter((f) => f.startsWith(`agents/${agentParam(id)}/`));
      // The agent page, two catalogs, and one page per knowledge entry and skill.
      assert.equal(pages.length, 3 + 2 * AGENT_NAMES.length, `${id}: ${pages.join(', ')}`);
    }
  });

  test('every page and every internal link answers 200 from a static HTTP server', async () => {
    assert.ok(exists(path.join(site, 'index.html')), 'the build ran');
    const report = await crawl(serveRoot, site, base);
    assert.deepEqual(report.broken, []);
    assert.ok(report.pages > NAMES.length * 3, `${report.pages} pages`);
    // And as files, fragments included; a fragment names one row, never two (c#.md and c-.md slug alike).
    assert.deepEqual(checkLinks(site, base).broken, []);
    for (const rel of listFiles(site).filter((f) => f.endsWith('.html'))) {
      const seen = new Set<string>();
      for (const tag of tags(readPage(site, rel))) {
        const id = tag.attrs.get('id');
        if (id === undefined) continue;
        assert.ok(!seen.has(id), `${rel}: id "${id}" twice`);
        seen.add(id);
      }
    }
  });

  test('every readable note has exactly one page, NFC and NFD included; links and refused entries have none', async () => {
    const report = await crawl(serveRoot, site, base);
    const expected = await readableNotes(vault);
    assert.ok(expected.includes('soul://cwkpippa-shared/core/\u00e9.md') && expected.includes('soul://cwkpippa-shared/core/e\u0301.md'));
    assert.deepEqual([...report.notePages.keys()].sort(), expected);
    for (const [uri, urls] of report.notePages) assert.equal(urls.length, 1, `${uri}: ${urls.join(', ')}`);
    assert.equal(report.notePages.has('soul://wren/drafts/link.md'), false);
  });

  test("a note page's tree lists a large folder around the note, with links to the rest on the vault's page", () => {
    // The pages of core/'s own notes (notes/wren/core/<note>/index.html), whose branch ends in core/.
    const pages = listFiles(site).filter((f) => f.startsWith('notes/wren/core/') && f.endsWith('/index.html') && f.split('/').length === 5);
    assert.ok(pages.length > BRANCH_ENTRIES, `${pages.length} pages`);
    const cut = new Set<string>();
    for (const rel of pages) {
      const html = readPage(site, rel);
      const start = html.indexOf('<nav class="note-tree note-tree-side"');
      const nav = html.slice(start, html.indexOf('</nav>', start));
      // core/'s own list: its one folder (coll/) is closed, so the list holds no other.
      const list = nav.slice(nav.indexOf('<ul>', nav.indexOf('>core/</span>')), nav.indexOf('</ul>', nav.indexOf('>core/</span>')));
      const listed = [...list.matchAll(/<li class="tree-(?:note|folder[^"]*)"/g)].length;
      assert.equal(listed, BRANCH_ENTRIES, rel);
      assert.match(nav, /aria-current="page"/, rel);
      for (const [, href, text] of nav.matchAll(/<li class="tree-more"><a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)) {
        assert.equal(href, `${base}${notesFolderPath('wren', 'core')}`, rel);
        cut.add(text!);
      }
    }
    // The folder's first notes are cut after them, its last before them.
    assert.deepEqual([...cut].sort(), ['Earlier in core/', 'More in core/']);
  });

  test('every preset has its own page', () => {
    assert.equal(listFiles(path.join(site, 'souls', 'wren')).filter((f) => f.endsWith('/index.html') && !f.startsWith('history/')).length, 9);
  });

  test('every soul, preset, guest and agent page has its share image, a PNG of the stated size, under the base', async () => {
    const bundles = await expectedBundles(vault);
    assert.ok(bundles.some((b) => b.bundle.preset === 'og.png') && bundles.some((b) => b.bundle.kind === 'guest'));
    const pages = [...bundles.map(({ bundle }) => (bundle.kind === 'guest' ? guestPath(bundle.soul) : soulPath(bundle.soul, bundle.preset))), ...AGENT_NAMES.map(agentPath)];
    const images = checkShareImages(site, ORIGIN, base, pages.map((p) => decodeURIComponent(p)));
    assert.equal(images.length, bundles.length + AGENT_NAMES.length);
  });

  test('a note outside the role folders that is not UTF-8 gets a page saying so, not a failed build', () => {
    const page = readPage(site, 'notes/wren/drafts/latin1/index.html');
    assert.match(page, /This note cannot be shown: error\[integrity_error\]/);
  });
});

describe('what no load reads stops no build', () => {
  test('a root with a shared vault and no soul: a link in its core is not read, so check and the build both pass', async () => {
    const root = path.join(work, 'shared-only');
    writeFiles(root, { 'cwkpippa-shared/instructions.md': 'Shared.\n', 'cwkpippa-shared/core/voice.md': 'Voice.\n' });
    symlinkSync('voice.md', path.join(root, 'cwkpippa-shared', 'core', 'alias.md'));
    assert.deepEqual((await checkFamily({ store: new FsStore(root) })).findings, []);
    const outDir = path.join(work, 'shared-only-dist');
    const run = astroBuild({ outDir, vault: root, env: { SOULPRESS_LESSONS: lessons, SOULPRESS_SEARCH: 'off' } });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.ok(exists(path.join(outDir, 'notes/cwkpippa-shared/core/voice/index.html')));
    assert.equal(exists(path.join(outDir, 'notes/cwkpippa-shared/core/alias/index.html')), false);
  });
});

describe('a vault root that does not exist', () => {
  test('stops the build with vault_root_invalid and leaves the previous dist/ byte for byte', () => {
    const outDir = path.join(work, 'previous');
    assert.ok(exists(path.join(DIST, 'souls/pippa/index.html')), 'the default build (npm run build) is there to copy');
    cpSync(DIST, outDir, { recursive: true });
    const good = hashFiles(outDir);
    const run = astroBuild({ outDir, vault: path.join(work, 'typo') });
    assert.notEqual(run.status, 0);
    assert.match(run.stdout + run.stderr, /Soulpress: cannot build the family: error\[vault_root_invalid\]: the vault root .*typo does not exist/);
    assert.doesNotMatch(run.stdout + run.stderr, /^\s+at /m);
    assert.deepEqual(compareHashes(good, hashFiles(outDir)), { differing: [], onlyA: [], onlyB: [] });
  });

  test('an empty root also stops it, rather than publishing a "0 souls" site', () => {
    const empty = path.join(work, 'empty-root');
    mkdirSync(empty);
    const outDir = path.join(work, 'from-empty');
    const run = astroBuild({ outDir, vault: empty });
    assert.notEqual(run.status, 0);
    assert.match(run.stdout + run.stderr, /error\[vault_root_invalid\]: the vault root holds no shared vault \(cwkpippa-shared\/\) and no soul/);
    assert.equal(exists(path.join(outDir, 'index.html')), false);
  });
});
