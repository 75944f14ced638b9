// Tokens and cost on the built pages, against counts this test makes itself with js-tiktoken's
// o200k_base (a second implementation of the site's tokenizer) and its own price arithmetic.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { decodeNote, renderPrompt } from '../../src/core/index.ts';
import { tokenKey } from '../../src/data/bundles.ts';
import { turnCosts, cacheBreakCost, priceTableProblem } from '../../src/data/cost.ts';
import { loadSite } from '../../src/build/site.ts';
import { SiteBuildError } from '../../src/build/errors.ts';
import { VAULTS } from './helpers/dist.ts';
import { SHARED_PATH, snapshotPath } from '../../src/data/urls.ts';
import type { ModelPrice } from '../../src/data/types.ts';
import { DEFAULT_PRICES } from '../../src/integration/options.ts';
import { count, usd } from '../../src/render/format.ts';
import { DIST, ROOT, pageFile } from './helpers/dist.ts';
import { composePsyche } from '../../src/core/psyche/index.ts';
import { FsAgentStore } from '../../src/node/index.ts';
import { agentPath } from '../../src/data/urls.ts';
import { expectedBundles, expectedNotes, notePage } from './helpers/family.ts';
import type { Expected } from './helpers/family.ts';
import { innerText, withAttr } from './helpers/html.ts';

const reference = new Tiktoken(o200k);
const tokens = (text: string): number => reference.encode(text, [], []).length;
const read = (page: string) => readFileSync(pageFile(DIST, page), 'utf8');
/** The figure of every `<td class="num tokens">` of the load-order table, in row order; a figure carries its unit for the phone's cards and screen readers. */
const rowTokens = (html: string) =>
  [...html.matchAll(/<td class="num tokens">([^<]*)(<span class="cell-label"> tokens<\/span>)?<\/td>/g)].map((m) => {
    assert.equal(m[2] !== undefined, m[1] !== '', `the unit follows a figure, and only a figure: ${m[0]}`);
    return m[1]!;
  });

let expected: Expected[] = [];
before(async () => {
  expected = await expectedBundles();
});

describe('tokens on the pages', () => {
  test('every bundle page: each row and the prompt show the tokenizer\'s own count', () => {
    assert.ok(expected.length >= 10);
    for (const { bundle, page } of expected) {
      const html = read(page);
      assert.deepEqual(rowTokens(html), bundle.documents.map((d) => count(tokens(d.text))), page);
      const facts = withAttr(html, 'data-fact', 'prompt-tokens');
      assert.ok(facts.length >= 2, `${page}: the card and the lane show the prompt's tokens`);
      assert.equal(innerText(html, /<span data-fact="prompt-tokens">/, '</span>'), count(tokens(renderPrompt(bundle.documents))), page);
      assert.match(html, /o200k_base \(OpenAI\)/, `${page} names the tokenizer`);
    }
  });

  test('every note page shows the tokens of its text', async () => {
    const notes = await expectedNotes();
    assert.ok(notes.length > 20);
    for (const note of notes) {
      const html = read(notePage(note.vault, note.path));
      const shown = withAttr(html, 'data-note-tokens')[0]?.attrs.get('data-note-tokens');
      assert.equal(Number(shown), tokens(decodeNote(note.bytes, note.uri, undefined, 'test')), note.uri);
    }
  });

  test('the shared catalog shows each note\'s tokens', () => {
    const html = read(SHARED_PATH);
    const cells = [...html.matchAll(/<td class="num catalog-tokens">([^<]*)<span class="cell-label"> tokens<\/span><\/td>/g)].map((m) => m[1]!);
    assert.ok(cells.length > 0 && cells.every((c) => /^\d[\d,]*$/.test(c)), cells.join(' '));
    assert.equal(cells.length, html.split('<td class="num catalog-tokens">').length - 1, 'every count carries its unit');
  });

  test('a preview snapshot carries the build\'s counts for every published document and prompt', () => {
    const pippa = expected.filter((e) => e.bundle.soul === 'pippa');
    const snap = JSON.parse(readFileSync(path.join(DIST, snapshotPath('pippa')), 'utf8')) as { tokens: { counts: Record<string, number> } };
    for (const { bundle } of pippa) {
      assert.equal(snap.tokens.counts[bundle.revision], tokens(renderPrompt(bundle.documents)));
      for (const d of bundle.documents) assert.equal(snap.tokens.counts[tokenKey(d)], tokens(d.text), d.uri);
    }
  });
});

describe('tokens on agent pages', () => {
  test('each composed section shows its text\'s tokens, a placeholder none', async () => {
    for (const id of ['mingjing', 'jianxin']) {
      const report = await composePsyche({ store: new FsAgentStore(path.join(ROOT, 'content/agents', id)), agent: id });
      const html = read(agentPath(id));
      const expectedCells = report.sections.map((s) => (s.bytes === null ? '' : count(tokens(s.text))));
      assert.deepEqual(rowTokens(html), expectedCells, id);
      // jianxin's owner document is rejected: no section is composed, so no row counts anything.
      assert.ok(report.ownerError ? expectedCells.length === 0 : expectedCells.filter((c) => c !== '').length >= 4, id);
      const total = report.sections.reduce((n, s) => n + (s.bytes === null ? 0 : tokens(s.text)), 0);
      assert.equal(innerText(html, /<span data-fact="known-tokens">/, '</span>'), count(total), id);
    }
  });
});

describe('cost', () => {
  const price: ModelPrice = { provider: 'P', model: 'm', exactTokens: false, input: 3, cacheRead: 0.3, cacheWrite: 3.75, source: 'test' };
  const automatic: ModelPrice = { ...price, cacheWrite: null };

  test('one turn: uncached, cached, after a break, on a constructed case', () => {
    const [c] = turnCosts(2_000_000, [price]);
    assert.deepEqual({ uncached: c!.uncached, cached: c!.cached, afterBreak: c!.afterBreak }, { uncached: 6, cached: 0.6, afterBreak: 7.5 });
    // Automatic caching: the turn after a break pays the plain input price.
    assert.equal(turnCosts(2_000_000, [automatic])[0]!.afterBreak, 6);
  });

  test('a cache break: the resent tokens at the write price, the rest a cache hit', () => {
    const { cost, extra } = cacheBreakCost(750_000, 250_000, price);
    assert.ok(Math.abs(cost - (0.75 * 0.3 + 0.25 * 3.75)) < 1e-12, String(cost));
    assert.ok(Math.abs(extra - 0.25 * (3.75 - 0.3)) < 1e-12, String(extra));
  });

  test('a price table that cannot be priced honestly is named, and stops the site before any page', async () => {
    assert.equal(priceTableProblem(DEFAULT_PRICES), null);
    assert.equal(priceTableProblem([]), null);
    assert.match(priceTableProblem([{ ...price, input: -1 }])!, /^prices\[0\]\.input must be US dollars per million tokens, 0 or more, not -1$/);
    assert.match(priceTableProblem([price, { ...price, cacheWrite: '3.75' }])!, /^prices\[1\]\.cacheWrite must be .*, or null, not "3\.75"$/);
    assert.match(priceTableProblem([{ ...price, model: '' }])!, /^prices\[0\]\.model must be a non-empty string$/);
    assert.match(priceTableProblem('cheap')!, /must be a list/);
    const options = { vault: VAULTS, agents: path.join(ROOT, 'content/agents'), harness: 'webui', title: 't', search: false, cacheDir: null, historyDepth: 0, prices: [{ ...price, cacheRead: Number.NaN }] };
    await assert.rejects(loadSite(options), (e: unknown) => e instanceof SiteBuildError && /cannot build the price table: prices\[0\]\.cacheRead/.test(e.message));
  });

  test('each soul page prices its prompt per model of the default table, "≈" where the tokenizer is not public', () => {
    for (const { bundle, page } of expected) {
      const html = read(page);
      const n = tokens(renderPrompt(bundle.documents));
      for (const p of DEFAULT_PRICES) {
        const row = html.slice(html.indexOf(`data-model="${p.model}"`), html.indexOf('</tr>', html.indexOf(`data-model="${p.model}"`)));
        const mark = p.exactTokens ? '' : '≈ ';
        const cell = (name: string) => innerText(row, new RegExp(`<td class="num" data-cost="${name}"><span class="cell-label">[^<]+</span>`), '</td>');
        assert.equal(cell('uncached'), mark + usd((n * p.input) / 1e6), `${page} ${p.model}`);
        assert.equal(cell('cached'), mark + usd((n * p.cacheRead) / 1e6), `${page} ${p.model}`);
        assert.equal(cell('after-break'), mark + usd((n * (p.cacheWrite ?? p.input)) / 1e6), `${page} ${p.model}`);
      }
    }
  });
});
