// The live preview's pure parts, run in Node over the sample family: a flip is a frontmatter edit the
// loader then decides on, the URL carries the state, the cache view finds the first differing byte,
// re-assembly reports VaultErrors as data, and the shared renderer escapes what a vault says.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { MemoryStore, loadIdentity, renderPrompt } from '../../src/core/index.ts';
import type { Bundle, Mode } from '../../src/core/index.ts';
import fc from 'fast-check';
import { bundleView, cachePrefix, sharedUtf8Prefix } from '../../src/data/bundles.ts';
import { cacheFacts } from '../../src/preview/cache-view.ts';
import { setPromptLoading } from '../../src/preview/prompt-loading.ts';
import { loadingFor } from '../../src/core/index.ts';
import { exactTokens } from '../../src/node/tokens.ts';
import { reassemble } from '../../src/preview/reassemble.ts';
import { breakable, loadOrderGroups, promptBar, warningsList } from '../../src/render/render-html.ts';
import { uriKey } from '../../src/core/index.ts';
import type { Snapshot } from '../../src/data/snapshot-types.ts';
import { readState, writeState } from '../../src/preview/url-state.ts';
import { DIST, ROOT } from './helpers/dist.ts';

const snapshot = (soul: string): Snapshot => JSON.parse(readFileSync(path.join(DIST, 'data', 'snapshots', `${soul}.json`), 'utf8')) as Snapshot;
const storeOf = (snap: Snapshot) => new MemoryStore(Object.entries(snap.files), 'preview');
const load = (store: MemoryStore, snap: Snapshot, preset: string | null = null): Promise<Bundle> =>
  loadIdentity({ store, soul: snap.soul, harness: snap.harness, preset, family: snap.family });

let pippa: Snapshot;
let published: Bundle;

before(async () => {
  pippa = snapshot('pippa');
  published = await load(storeOf(pippa), pippa);
});

describe('setPromptLoading', () => {
  test('adds a frontmatter block to a note without one', () => {
    assert.equal(setPromptLoading('# Voice\n\nPlain.\n', 'inline'), '---\nprompt_loading: inline\n---\n# Voice\n\nPlain.\n');
    assert.equal(setPromptLoading('', 'on-demand'), '---\nprompt_loading: on-demand\n---\n');
  });

  test('replaces the key, continuation lines included, and leaves other keys alone', () => {
    assert.equal(setPromptLoading('---\ntitle: A\nprompt_loading: on-demand\nsummary: s\n---\nBody\n', 'inline'), '---\ntitle: A\nprompt_loading: inline\nsummary: s\n---\nBody\n');
    assert.equal(setPromptLoading('---\nprompt_loading: >\n  on-demand\ntags: [a]\n---\n', 'inline'), '---\nprompt_loading: inline\ntags: [a]\n---\n');
    assert.equal(setPromptLoading('---\n"prompt_loading": inline\n---\n', 'on-demand'), '---\nprompt_loading: on-demand\n---\n');
  });

  test('inserts the key after the opening fence when the block lacks it', () => {
    assert.equal(setPromptLoading('---\ntitle: A\n---\nBody', 'inline'), '---\nprompt_loading: inline\ntitle: A\n---\nBody');
  });

  test('keeps a BOM and CRLF line ends, and the loader still reads the block', async () => {
    const out = setPromptLoading('\uFEFF---\r\ntitle: A\r\n---\r\nBody\r\n', 'inline');
    assert.equal(out, '\uFEFF---\r\nprompt_loading: inline\r\ntitle: A\r\n---\r\nBody\r\n');
    assert.equal(setPromptLoading('\uFEFFBody\r\nmore\r\n', 'inline'), '\uFEFF---\r\nprompt_loading: inline\r\n---\r\nBody\r\nmore\r\n');
    const store = storeOf(pippa);
    store.write('cwkpippa-shared/core/honesty.md', out);
    const doc = (await load(store, pippa)).documents.find((d) => d.uri === 'soul://cwkpippa-shared/core/honesty.md')!;
    assert.equal(doc.mode, 'whole');
  });

  test('an unclosed block stays unclosed, so the loader reports it as it would on disk', async () => {
    const store = storeOf(pippa);
    store.write('cwkpippa-shared/core/honesty.md', setPromptLoading('---\ntitle: open\nBody\n', 'inline'));
    await assert.rejects(load(store, pippa), { code: 'frontmatter_invalid', note: 'soul://cwkpippa-shared/core/honesty.md', role: 'shared_core' });
  });

  test('every flippable note of every soul flips to the other mode, and nothing else moves', async () => {
    let flipped = 0;
    for (const soul of ['pippa', 'quill', 'lingtai']) {
      const snap = snapshot(soul);
      const base = await load(storeOf(snap), snap);
      for (const doc of base.documents.filter((d) => d.role === 'shared_core' || d.role === 'soul_index')) {
        const want: Mode = doc.mode === 'whole' ? 'pointer' : 'whole';
        const store = storeOf(snap);
        store.write(uriKey(doc.uri), setPromptLoading(snap.files[uriKey(doc.uri)]!, loadingFor(doc.role, want)!));
        const after = await load(store, snap);
        assert.deepEqual(after.documents.map((d) => [d.uri, d.mode]), base.documents.map((d) => [d.uri, d.uri === doc.uri ? want : d.mode]), `${soul}: flipping ${doc.uri}`);
        assert.notEqual(after.revision, base.revision);
        flipped++;
      }
    }
    assert.ok(flipped >= 15, `only ${flipped} flips tried`);
  });
});

describe('URL state', () => {
  const page = { harness: 'webui', preset: null };

  test('the published state writes nothing, and other parameters stay', () => {
    assert.equal(writeState('', { ...page, flips: [] }, page), '');
    assert.equal(writeState('?x=1&flip=old', { ...page, flips: [] }, page), '?x=1');
  });

  test('harness, preset and flips round-trip, with readable soul:// URIs', () => {
    const state = { harness: 'cli', preset: 'code-review', flips: ['soul://cwkpippa-shared/core/a b.md', 'soul://pippa/index/people.md'] };
    const search = writeState('', state, page);
    assert.equal(search, '?harness=cli&preset=code-review&flip=soul://cwkpippa-shared/core/a+b.md&flip=soul://pippa/index/people.md');
    assert.deepEqual(readState(search, page), state);
    assert.deepEqual(new URLSearchParams(search).getAll('flip'), state.flips);
  });

  test('an empty preset asks for no preset on a preset page; a missing one keeps the page preset', () => {
    const presetPage = { harness: 'webui', preset: 'code-review' };
    assert.equal(writeState('', { harness: 'webui', preset: null, flips: [] }, presetPage), '?preset=');
    assert.deepEqual(readState('?preset=', presetPage), { harness: 'webui', preset: null, flips: [] });
    assert.deepEqual(readState('', presetPage), { harness: 'webui', preset: 'code-review', flips: [] });
    assert.deepEqual(readState('?flip=b&flip=a&flip=b', page).flips, ['a', 'b']);
  });
});

/** The first differing byte of two prompts and the text it falls in, found the slow, obvious way. */
function firstDifference(base: Bundle, next: Bundle): { byte: number | null; uri: string | null } {
  const a = Buffer.from(renderPrompt(base.documents));
  const b = Buffer.from(renderPrompt(next.documents));
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i >= b.length) return { byte: null, uri: null };
  const texts = next.documents.filter((d) => d.text !== '');
  let offset = 0;
  for (let k = 0; k < texts.length; k++) {
    const end = offset + Buffer.byteLength(texts[k]!.text);
    if (i < end) return { byte: i, uri: texts[k]!.uri };
    // In the blank line after this text: the next text is the one that moved.
    if (i < end + 2) return { byte: i, uri: texts[k + 1]?.uri ?? null };
    offset = end + 2;
  }
  return { byte: i, uri: null };
}

describe('cache view facts', () => {
  test('the shared prefix is counted in UTF-8 bytes, as the naive byte comparison would', () => {
    const naive = (a: string, b: string) => {
      const x = Buffer.from(a);
      const y = Buffer.from(b);
      let i = 0;
      while (i < x.length && i < y.length && x[i] === y[i]) i++;
      return i;
    };
    assert.equal(sharedUtf8Prefix('灵台 a', '灵台 b'), Buffer.byteLength('灵台 '));
    // Two astral characters with the same high surrogate still share their first UTF-8 bytes.
    assert.equal(sharedUtf8Prefix('x\u{1F98A}', 'x\u{1F98B}'), naive('x\u{1F98A}', 'x\u{1F98B}'));
    assert.equal(sharedUtf8Prefix('é', 'è'), 1);
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (p, a, b) => sharedUtf8Prefix(p + a, p + b) === naive(p + a, p + b)),
      { numRuns: 2000 },
    );
  });

  test('match a byte-by-byte comparison for every preset and every flip', async () => {
    const baseView = bundleView(published, 'pippa', 'souls/pippa/', new Map(), [], exactTokens);
    const variants: Bundle[] = [];
    for (const preset of pippa.presets) variants.push(await load(storeOf(pippa), pippa, preset));
    for (const doc of published.documents.filter((d) => d.role === 'shared_core' || d.role === 'soul_index')) {
      const store = storeOf(pippa);
      store.write(uriKey(doc.uri), setPromptLoading(pippa.files[uriKey(doc.uri)]!, loadingFor(doc.role, doc.mode === 'whole' ? 'pointer' : 'whole')!));
      variants.push(await load(store, pippa));
    }
    variants.push(published);
    for (const next of variants) {
      const view = bundleView(next, 'pippa', 'souls/pippa/', new Map(), [], exactTokens);
      const facts = cacheFacts(cachePrefix(baseView, view, 'published'), view);
      const want = firstDifference(published, next);
      assert.equal(facts.firstByte, want.byte, `${next.preset ?? 'flip'}: first byte`);
      assert.equal(facts.document?.uri ?? null, want.uri, `${next.preset ?? 'flip'}: document`);
      assert.equal(facts.sharedBytes, want.byte ?? view.promptBytes);
      assert.equal(facts.share, (want.byte ?? view.promptBytes) / view.promptBytes);
    }
  });
});

describe('reassemble', () => {
  test('with nothing changed it gives the published bundle and an all-cached prefix', async () => {
    const baseView = bundleView(published, 'pippa', 'souls/pippa/', new Map(), [], exactTokens);
    const r = await reassemble(storeOf(pippa), { soul: 'pippa', harness: 'webui', family: pippa.family, href: 'souls/pippa/', published: baseView, tokens: exactTokens });
    assert.ok(r.view);
    assert.equal(JSON.stringify(r.bundle), JSON.stringify(published));
    assert.equal(r.cache!.sharedBytes, baseView.promptBytes);
    assert.equal(r.cache!.firstDifferent, null);
  });

  test('a deleted required note is a VaultError as data: code, note, role', async () => {
    const store = storeOf(pippa);
    assert.ok(store.delete('pippa/instructions.md'));
    const r = await reassemble(store, { soul: 'pippa', harness: 'webui', family: pippa.family, tokens: exactTokens });
    assert.equal(r.bundle, null);
    assert.deepEqual(
      { code: r.error!.code, note: r.error!.note, role: r.error!.role },
      { code: 'identity_document_missing', note: 'soul://pippa/instructions.md', role: 'soul_instructions' },
    );
    assert.match(r.error!.message, /soul:\/\/pippa\/instructions\.md \(soul_instructions\) is missing from the preview store/);
    const noHarness = await reassemble(storeOf(pippa), { soul: 'pippa', harness: '  ', family: pippa.family, tokens: exactTokens });
    assert.equal(noHarness.error?.code, 'harness_required');
  });

  test('a guest re-assembles from its own snapshot, which holds no shared vault', async () => {
    const marlow = snapshot('marlow');
    const r = await reassemble(storeOf(marlow), { soul: 'marlow', harness: 'webui', family: marlow.family, tokens: exactTokens });
    assert.equal(r.bundle?.kind, 'guest');
    assert.equal(r.bundle?.revision, marlow.revisions['']);
  });
});

describe('shared renderer', () => {
  test('escapes every string a vault controls', () => {
    const view = bundleView(published, 'pippa', 'souls/pippa/', new Map([[published.documents[0]!.uri, { title: '<img src=x onerror=alert(1)> & "q"', href: 'notes/x/' }]]), [], exactTokens);
    view.warnings = [{ code: 'note_large', uri: 'soul://pippa/<b>.md', message: '<script>alert(1)</script>', anchor: 'doc-x" onmouseover="y' }];
    const html = loadOrderGroups(view, '/') + promptBar(view, '/') + warningsList(view, '/');
    assert.ok(!html.includes('<img'), 'raw <img> from a title');
    assert.ok(!html.includes('<script'), 'raw <script> from a message');
    assert.ok(!html.includes('" onmouseover'), 'attribute break-out');
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot;'));
    assert.equal(breakable('soul://a/b<c>/d.md'), 'soul://a/<wbr>b&lt;c&gt;/<wbr>d.md');
  });

  test('draws one row per document and one body per role run', () => {
    const view = bundleView(published, 'pippa', 'souls/pippa/', new Map(), [], exactTokens);
    const html = loadOrderGroups(view, '/base/');
    assert.equal(html.match(/<tr id=/g)!.length, published.documents.length);
    assert.equal(html.match(/<tbody /g)!.length, view.groups.length);
    assert.ok(!html.includes('href="/base/notes'), 'a note missing from the notes map is not linked');
    assert.equal(html.match(/not in the vault/g)!.length, published.documents.length);
  });
});

describe('the preview runs in the browser', () => {
  /** Every module the preview entry points import, followed through relative imports. */
  function graph(entries: string[]): Map<string, string> {
    const seen = new Map<string, string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      const source = readFileSync(file, 'utf8');
      seen.set(file, source);
      for (const m of source.matchAll(/\b(?:from|import|new URL)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        // `./live-start.ts?worker&url` is the module the opener adds as a script, and `new URL('./live-worker.ts', …)`
        // the worker it starts: both followed like an import.
        if (m[1]!.startsWith('.')) visit(path.resolve(path.dirname(file), m[1]!.replace(/\?.*$/, '')));
        else seen.set(`external:${m[1]}`, '');
      }
    };
    for (const e of entries) visit(path.join(ROOT, e));
    return seen;
  }

  test('no module of the preview imports anything but local files: no node:, no packages, no Buffer', () => {
    const modules = graph(['src/preview/open-panel.ts', 'src/preview/live-start.ts', 'src/preview/agent-start.ts', 'src/preview/popover.ts', 'src/preview/reassemble.ts']);
    const externals = [...modules.keys()].filter((k) => k.startsWith('external:'));
    assert.deepEqual(externals, []);
    for (const [file, source] of modules) assert.ok(!/\bBuffer\b|\brequire\s*\(|\bprocess\./.test(source), `${path.relative(ROOT, file)} uses Node`);
    // The loader it imports is the core's, and the row math the site's: nothing re-derived.
    const files = [...modules.keys()].map((f) => path.relative(ROOT, f));
    for (const needed of ['src/core/index.ts', 'src/core/load.ts', 'src/data/bundles.ts', 'src/render/render-html.ts']) assert.ok(files.includes(needed), `${needed} not in the preview`);
  });
});
