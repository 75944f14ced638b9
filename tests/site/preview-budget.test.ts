// JavaScript budgets, read from dist/: a soul, preset, guest or agent page loads at most 4 KiB gzipped up
// front (issue 21: the preview's code and data wait for the reader to open it); opened, a soul or guest
// page runs at most 18 KiB in all and an agent page 15 KiB (the loader core or
// the psyche composer plus the preview UI, every chunk and worker it loads counted); lessons, the catalog and note
// pages ship only the popover, theme and copy-button code, with no loader in it. No framework runtime.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { DIST, listFiles, pageFile } from './helpers/dist.ts';
import { pageScripts } from './helpers/scripts.ts';

// 16 KiB since issue 14: the loader it re-runs reads every ISO 8601 date form to the nanosecond and
// lists what it refuses entry by entry (about 0.7 KiB). 18 KiB since issues 12 and 13, raised on purpose and said
// so (docs/decisions.md, "JavaScript budget"): a preview that says it is one and shows what it changed
// (banner, heading, title and chips; marked rows; an edited note's line diff, 479 B of it) took the page
// from 16,160 B to 17,048 B, 664 B over the old 16,384; tokens in the preview and the header search
// box took it to 17,407 B. 18.5 KiB since issue 20's YAML reader (one function per construct, over a cursor
// whose field names cannot be minified: about 0.4 KiB) and issue 23's reading hooks (about 0.1 KiB): the
// page measures 18,678 B opened, and 2,499 B up front since issue 21 (before: everything up front).
// 19 KiB since issue 20's split of the soul preview into a page part and a worker (as the agent preview is):
// the page measured 19,231 B opened; the same code unsplit 18,107 B, so the split cost about 1.1 KiB (two gzip
// streams instead of one, and the messages between them). Issue 21's second pass took it to 18,694 B: one
// module for both threads (the page starts its own file as the worker: one stream, about 340 B), the YAML
// reader's state in module variables rather than a cursor object (about 200 B), declared-only class fields
// and a shorter first-paint script. Then 18,525 B: the YAML reader's options are parseYamlWith's (the loader
// calls parseYaml, so the preview ships no options nor PyYAML's character check: 115 B) and a collecting load
// is a subclass of the strict one (loadIdentity ships no problem list, warning roles or unhashed runs: 54 B).
// Still 93 B over issue 21's 18 KiB, so the budget stayed 19 KiB. 18 KiB again at 18,371 B: terser's
// compressor runs on the soul preview's module before Vite's oxc minifier (154 B). 18,310 B since the modules
// are built when the package is (src/package/client-modules.ts), where terser's second pass costs no build any
// time. docs/decisions.md, "JavaScript budget".
const BUNDLE_PAGE_BUDGET = 18 * 1024;
// What a preview page loads before the reader opens the preview: the opener, the popovers, theme and copy buttons.
const UP_FRONT_BUDGET = 4 * 1024;
const PLAIN_PAGE_BUDGET = 3 * 1024;
// Agent pages kept the 15 KB the psyche issue set (the composer runs in a worker with no YAML parser); issue 23's
// PyYAML reading took them to 15,780 B and the budget to 16 KiB for a while. Back to 15 KiB since issue 21's
// cuts: the opener is part of the script every page runs, one inline script before first paint instead of
// two, no comments in the preview modules, pure annotations on constants a worker does not use (15,346 B).
// 16 KiB for a while after issue 22: the preview redraws each section's and pin's edit cost (the core's resends,
// the pins' offsets in the pad, the cell), 15,896 B opened. 15 KiB again, at 15,078 B: the snapshot carries the
// agent's and its entries' page links as the build's routes wrote them, so the worker has no route encoder
// (590 B), and the preview is one module for both threads (about 230 B). 14,932 B since every preview module goes
// through terser when the package is built (src/package/client-modules.ts). docs/decisions.md, "JavaScript budget".
const AGENT_PAGE_BUDGET = 15 * 1024;
const SEARCH_CLIENT_BUDGET = 3 * 1024;
// Strings only the loader or the preview contain: error codes, the operation name, the key a flip rewrites.
const LOADER_MARKS = ['identity_document_missing', 'load_identity', 'prompt_loading'];
const FRAMEWORKS = /\b(?:react|preact|vue|svelte|solid-js|lit-html|astro-island)\b/i;

function scriptsOf(page: string, upFront = false) {
  const rel = path.relative(DIST, pageFile(DIST, page)).split(path.sep).join('/');
  return pageScripts(DIST, readFileSync(path.join(DIST, rel), 'utf8'), rel, { upFront });
}

const code = (files: string[], inline: string[]) => [...files.map((f) => readFileSync(path.join(DIST, f), 'utf8')), ...inline].join('\n');

describe('JavaScript budget', () => {
  const bundlePages = listFiles(DIST)
    .filter((f) => /^(souls\/[^/]+\/(?:[^/]+\/)?|guests\/[^/]+\/)index\.html$/.test(f) && !/(^|\/)history\/index\.html$/.test(f))
    .map((f) => f.slice(0, -'index.html'.length));

  test('the site has soul, preset and guest pages to measure', () => {
    assert.ok(bundlePages.some((p) => p.startsWith('guests/')));
    assert.ok(bundlePages.filter((p) => p.startsWith('souls/')).length >= 6);
  });

  test(`every soul, preset and guest page runs at most ${BUNDLE_PAGE_BUDGET} bytes gzipped, the loader included`, () => {
    for (const page of bundlePages) {
      const s = scriptsOf(page);
      assert.ok(s.gzipBytes <= BUNDLE_PAGE_BUDGET, `${page}: ${s.gzipBytes} B gzipped (${s.rawBytes} B raw) over ${BUNDLE_PAGE_BUDGET}: ${s.files.join(', ')}`);
      const all = code(s.files, s.inline);
      // The loader really is there: the page re-runs it, it does not fake it.
      assert.ok(all.includes('identity_document_missing'), `${page}: no loader in its scripts`);
      assert.ok(all.includes('prompt_loading'), `${page}: no frontmatter rewrite in its scripts`);
      assert.doesNotMatch(all, FRAMEWORKS, `${page}: a framework runtime`);
    }
  });

  test(`every agent page runs at most ${AGENT_PAGE_BUDGET} bytes gzipped, the composer and its worker included`, () => {
    const agentPages = listFiles(DIST)
      .filter((f) => /^agents\/[^/]+\/index\.html$/.test(f))
      .map((f) => f.slice(0, -'index.html'.length));
    assert.ok(agentPages.length >= 2, `only ${agentPages.length} agent pages`);
    for (const page of agentPages) {
      const s = scriptsOf(page);
      assert.ok(s.gzipBytes <= AGENT_PAGE_BUDGET, `${page}: ${s.gzipBytes} B gzipped (${s.rawBytes} B raw) over ${AGENT_PAGE_BUDGET}: ${s.files.join(', ')}`);
      const all = code(s.files, s.inline);
      // The composer really is there, in the worker the preview's module starts from itself: owner codes and the SHOW failure.
      assert.ok(/new Worker\(import\.meta\.url\b/.test(all), `${page}: the composer does not run in a worker`);
      assert.ok(all.includes('schema_version_not_1') && all.includes('SETTINGS_UNAVAILABLE'), `${page}: no composer in its scripts`);
      assert.ok(!all.includes('identity_document_missing'), `${page}: carries the vault loader too`);
    }
    console.log(`JS gzipped: agent page ${scriptsOf(agentPages[0]!).gzipBytes} B`);
  });

  test('lessons, the catalog, note pages, history pages and home ship only the popover, theme and copy code', () => {
    const plain = listFiles(DIST)
      .filter((f) => f.endsWith('index.html') && (/^(lessons\/|shared\/|notes\/|history\/|index\.html$)/.test(f) || /(^|\/)history\/index\.html$/.test(f)))
      .map((f) => f.slice(0, -'index.html'.length));
    assert.ok(plain.length > 40, `only ${plain.length} plain pages`);
    for (const page of plain) {
      const s = scriptsOf(page);
      assert.ok(s.gzipBytes <= PLAIN_PAGE_BUDGET, `${page}: ${s.gzipBytes} B gzipped over ${PLAIN_PAGE_BUDGET}`);
      const all = code(s.files, s.inline);
      for (const mark of LOADER_MARKS) assert.ok(!all.includes(mark), `${page}: ships loader or preview code (${mark})`);
      assert.ok(all.includes('note-popover') && all.includes('aria-describedby'), `${page}: no popover code`);
      assert.ok(all.includes('data-copy'), `${page}: no copy-button code`);
    }
  });

  // The header's search client is a script of its own that a page loads only when its search box is
  // first focused: not part of a page's budget, so it has its own, and no page loads it up front.
  test(`the header search client runs at most ${SEARCH_CLIENT_BUDGET} bytes gzipped, and only on focus`, () => {
    const home = readFileSync(path.join(DIST, 'index.html'), 'utf8');
    const client = /data-client="\/([^"]+\.js)"/.exec(home)?.[1];
    assert.ok(client, 'the header search form names its client');
    const s = pageScripts(DIST, `<script type="module" src="/${client}"></script>`, 'index.html');
    assert.ok(s.gzipBytes <= SEARCH_CLIENT_BUDGET, `${s.gzipBytes} B gzipped: ${s.files.join(', ')}`);
    assert.ok(code(s.files, []).includes('sub_results'), 'the client draws the headings a result matched');
    for (const page of ['', 'souls/pippa/', 'shared/', 'agents/mingjing/']) assert.ok(!scriptsOf(page).files.includes(client), `${page} loads the search client up front`);
    console.log(`JS gzipped: header search client ${s.gzipBytes} B, on first focus`);
  });

  test(`every soul, preset, guest and agent page loads at most ${UP_FRONT_BUDGET} bytes gzipped up front, and no loader or composer until the preview opens`, () => {
    const agentPages = listFiles(DIST)
      .filter((f) => /^agents\/[^/]+\/index\.html$/.test(f))
      .map((f) => f.slice(0, -'index.html'.length));
    for (const page of [...bundlePages, ...agentPages]) {
      const s = scriptsOf(page, true);
      assert.ok(s.gzipBytes <= UP_FRONT_BUDGET, `${page}: ${s.gzipBytes} B gzipped up front over ${UP_FRONT_BUDGET}: ${s.files.join(', ')}`);
      const all = code(s.files, s.inline);
      for (const mark of [...LOADER_MARKS, 'schema_version_not_1']) assert.ok(!all.includes(mark), `${page}: loads ${mark} before the preview is opened`);
      assert.ok(all.includes('data-live-panel'), `${page}: no preview opener`);
    }
    console.log(`JS gzipped up front: soul page ${scriptsOf('souls/pippa/', true).gzipBytes} B, agent page ${scriptsOf(agentPages[0]!, true).gzipBytes} B`);
  });

  test('the count follows imports: a page that imports a chunk pays for it', () => {
    const soul = scriptsOf('souls/pippa/');
    const plain = scriptsOf('shared/');
    assert.ok(soul.gzipBytes > plain.gzipBytes + 5 * 1024, `soul ${soul.gzipBytes} B vs catalog ${plain.gzipBytes} B: the loader is not counted`);
    // Reported by the test run: the figures the issue asks for.
    console.log(`JS gzipped: soul page ${soul.gzipBytes} B (${soul.rawBytes} B raw), catalog ${plain.gzipBytes} B (${plain.rawBytes} B raw)`);
  });
});
