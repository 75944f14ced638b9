// The sample agents' pages, read from dist/: every figure is the composer's, asked again here in Node.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { composePsyche } from '../../src/core/psyche/index.ts';
import type { PsycheReport } from '../../src/core/psyche/index.ts';
import { FsAgentStore } from '../../src/node/index.ts';
import { DIST, ROOT, exists, pageFile } from './helpers/dist.ts';
import { innerText, pageText, withAttr } from './helpers/html.ts';
import { agentEntryPath } from '../../src/data/urls.ts';

const AGENTS = path.join(ROOT, 'content/agents');
const page = (p: string): string => readFileSync(pageFile(DIST, p), 'utf8');
const reports = new Map<string, PsycheReport>();

before(async () => {
  for (const id of ['mingjing', 'jianxin']) reports.set(id, await composePsyche({ store: new FsAgentStore(path.join(AGENTS, id)), agent: id }));
});

describe('agent pages', () => {
  test('/agents/ and the home page list both sample agents', () => {
    for (const html of [page('agents/'), page('')]) {
      assert.deepEqual(withAttr(html, 'data-agent').map((t) => t.attrs.get('data-agent')), ['jianxin', 'mingjing']);
    }
    assert.match(page(''), /LingTai agents/);
  });

  test('an agent page has one row per composed section, in order, with batch, protection, bytes and applied marks', () => {
    const report = reports.get('mingjing')!;
    const rows = withAttr(page('agents/mingjing/'), 'data-section');
    assert.deepEqual(rows.map((r) => r.attrs.get('data-section')), report.sections.map((s) => s.rule.name));
    rows.forEach((row, i) => {
      const s = report.sections[i]!;
      assert.equal(row.attrs.get('data-batch'), String(s.rule.batch));
      assert.equal(row.attrs.get('data-protected'), String(s.rule.protected));
      assert.equal(row.attrs.get('data-bytes'), s.bytes === null ? '' : String(s.bytes));
      assert.equal(row.attrs.get('data-applied'), s.applied ?? '');
    });
    // The sample's system.md is stale for the pad alone.
    assert.deepEqual(rows.filter((r) => r.attrs.get('data-applied') === 'pending').map((r) => r.attrs.get('data-section')), ['pad']);
  });

  test('placeholders say who makes them and never carry text', () => {
    const html = page('agents/mingjing/');
    for (const name of ['principle', 'tools', 'substrate', 'procedures', 'meta_guidance', 'brief', 'identity']) {
      const row = withAttr(html, 'data-section', name)[0]!;
      assert.equal(row.attrs.get('data-bytes'), '', name);
      assert.match(row.attrs.get('class') ?? '', /placeholder/);
    }
    assert.match(pageText(html), /placeholder, made by the running agent/);
    assert.match(pageText(html), /placeholder, made by the installed LingTai package/);
  });

  test('SHOW is eight redacted rows for an accepted document, the bounded failure for a rejected one', () => {
    const ok = page('agents/mingjing/');
    assert.equal(withAttr(ok, 'data-show-rows').length, 1);
    assert.equal((pageText(ok).match(/<redacted> <redacted>/g) ?? []).length, 8);
    const bad = page('agents/jianxin/');
    assert.equal(withAttr(bad, 'data-show-rows').length, 0);
    assert.match(bad, /SETTINGS_UNAVAILABLE/);
    assert.match(bad, /settings inventory is unavailable/);
    assert.match(pageText(bad), /The next rebuild will fail/);
    assert.match(pageText(bad), /unknown_key/);
    assert.equal(withAttr(bad, 'data-section').length, 0, 'a rejected document composes no section');
  });

  test('the .rules card says what the next heartbeat will do', () => {
    assert.equal(withAttr(page('agents/mingjing/'), 'data-rules-state')[0]!.attrs.get('data-rules-state'), 'replace');
    assert.equal(withAttr(page('agents/jianxin/'), 'data-rules-state')[0]!.attrs.get('data-rules-state'), 'none');
  });

  test('pins are resolved or flagged, and a pinned entry links to its page', () => {
    const html = page('agents/mingjing/');
    const pins = withAttr(html, 'data-pin-status').map((t) => t.attrs.get('data-pin-status'));
    assert.deepEqual(pins, reports.get('mingjing')!.pad.pins.map((p) => p.status));
    assert.ok(pins.includes('not_found'));
    assert.match(html, /href="\/agents\/mingjing\/knowledge\/sources\/citation-style\/"/);
  });

  test('problems are listed with domain and path', () => {
    const html = page('agents/mingjing/');
    const problems = reports.get('mingjing')!.psyche.problems;
    assert.equal(withAttr(html, 'data-problem').length, problems.length);
    for (const p of problems) assert.ok(pageText(html).includes(p.path), p.path);
  });

  test('each catalog entry has a page with its Markdown rendered, and both catalogs are pages', () => {
    for (const [id, report] of reports) {
      for (const domain of ['knowledge', 'skills'] as const) {
        const catalog = page(`agents/${id}/${domain}/`);
        for (const e of report.psyche[domain]) assert.ok(pageText(catalog).includes(e.name), `${id} ${domain} ${e.name}`);
      }
      for (const e of report.entries) {
        const html = page(agentEntryPath(id, e.domain, e.folder));
        assert.ok(pageText(html).includes(e.name));
        assert.ok(pageText(html).includes(e.location));
        assert.match(html, /<h2 id="user-content-|<p>/, 'the body is rendered Markdown');
      }
    }
    // A skipped dot folder and a rejected entry get no page.
    assert.equal(exists(pageFile(DIST, 'agents/mingjing/knowledge/.trash/old/')), false);
    assert.equal(exists(pageFile(DIST, 'agents/mingjing/knowledge/projects/half-finished/')), false);
  });

  test('the agent lessons embed the composer output: sections, SHOW and the .rules card', () => {
    const domains = page('lessons/the-four-domains/');
    const embed = withAttr(domains, 'data-embed', 'agent-sections')[0]!;
    assert.equal(embed.attrs.get('data-agent'), 'mingjing');
    const rows = withAttr(domains, 'data-section').map((t) => t.attrs.get('data-section'));
    assert.deepEqual(rows, reports.get('mingjing')!.sections.map((s) => s.rule.name));
    assert.equal(withAttr(domains, 'data-embed', 'agent-show')[0]!.attrs.get('data-agent'), 'jianxin');
    assert.match(domains, /SETTINGS_UNAVAILABLE/);
    const signal = page('lessons/the-rules-signal/');
    assert.equal(withAttr(signal, 'data-rules-state')[0]!.attrs.get('data-rules-state'), 'replace');
  });

  test('pages unfurl when shared: Open Graph and Twitter tags with the name, what it holds and the canonical URL', () => {
    for (const [p, title, what] of [
      ['agents/mingjing/', 'mingjing', /15 sections as a full rebuild composes them/],
      ['agents/jianxin/', 'jianxin', /owner document is rejected \(unknown_key\)/],
      ['souls/pippa/', 'Pippa', /documents in load order, [\d.]+ KiB/],
    ] as const) {
      const html = page(p);
      const meta = (key: string) => withAttr(html, 'property', key)[0]?.attrs.get('content') ?? withAttr(html, 'name', key)[0]?.attrs.get('content');
      assert.equal(meta('og:title'), title, p);
      assert.match(meta('og:description') ?? '', what, p);
      assert.equal(meta('twitter:title'), title, p);
      assert.equal(meta('og:url'), withAttr(html, 'rel', 'canonical')[0]?.attrs.get('href'), p);
    }
  });

  test('the preview snapshot composes, with the build scan, to the same psyche', async () => {
    const { composeWith } = await import('../../src/core/psyche/index.ts');
    const { snapshotStore } = await import('../../src/preview/agent-snapshot.ts');
    for (const [id, report] of reports) {
      const snap = JSON.parse(readFileSync(path.join(DIST, 'data/agents', `${id}.json`), 'utf8'));
      const again = await composeWith({ store: snapshotStore(snap), agent: id, published: snap.published, catalogs: snap.catalogs });
      assert.deepEqual(again.psyche, report.psyche, id);
      assert.deepEqual(again.sections.map((s) => [s.rule.name, s.bytes, s.applied]), report.sections.map((s) => [s.rule.name, s.bytes, s.applied]), id);
    }
  });

  test('the footer of agent pages names the psyche composer; other pages name loadIdentity', () => {
    const footer = (p: string): string => innerText(page(p), /<footer class="site-footer"/, '</footer>')!;
    for (const p of ['agents/', 'agents/mingjing/', 'agents/jianxin/']) {
      assert.match(footer(p), /psyche composer, composePsyche, run over each\s+agent's working directory/, `${p}: footer`);
      assert.doesNotMatch(footer(p), /loadIdentity/, `${p}: footer names the vault loader`);
    }
    for (const p of ['', 'souls/pippa/', 'lessons/']) assert.match(footer(p), /comes from loadIdentity, run over/, `${p}: footer`);
  });
});
