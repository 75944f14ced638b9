// PSYCHE.md 5: `soul-vault psyche <dir> [--json]` on the sample agents, and `psyche --check` over an agents root.
import assert from 'node:assert/strict';
import { chmod } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import type { Psyche } from '../../src/core/psyche/index.ts';
import { ROOT, cli, runMain } from './helpers.ts';
import { agentOnDisk, cliUnprivileged, writeAgent } from './psyche-helpers.ts';

const AGENTS = path.join(ROOT, 'content', 'agents');
const FAILURE = { status: 'failed', error_code: 'SETTINGS_UNAVAILABLE', message: 'settings inventory is unavailable' };
const TOP_KEYS = ['agent', 'sections', 'knowledge', 'skills', 'problems', 'show', 'owner_error', 'rules'];
const SECTION_KEYS = ['name', 'batch', 'protected', 'header', 'placeholder', 'text'];

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const c of cleanups) await c();
});

function assertShape(json: Psyche): void {
  assert.deepEqual(Object.keys(json), TOP_KEYS);
  for (const s of json.sections) assert.deepEqual(Object.keys(s), SECTION_KEYS, s.name);
  for (const e of [...json.knowledge, ...json.skills]) assert.deepEqual(Object.keys(e), ['name', 'location', 'description']);
  for (const p of json.problems) assert.deepEqual(Object.keys(p), ['domain', 'path', 'reason']);
  assert.deepEqual(Object.keys(json.rules), ['canonical', 'pending']);
}

describe('soul-vault psyche', { concurrency: true }, () => {
  describe('the sample agents (PSYCHE.md 5)', { concurrency: true }, () => {
    test('the real bin: mingjing --json', async () => {
      const r = await cli(['psyche', 'content/agents/mingjing', '--json']);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stderr, '');
      const json = JSON.parse(r.stdout) as Psyche;
      assertShape(json);
      assert.equal(json.agent, 'mingjing');
      assert.deepEqual(
        json.sections.map((s) => s.name),
        ['principle', 'base_prompt', 'covenant', 'tools', 'substrate', 'procedures', 'meta_guidance', 'comment', 'rules', 'brief', 'skills', 'knowledge', 'identity', 'character', 'pad'],
      );
      assert.deepEqual(json.knowledge.map((e) => e.name), ['Operator preferences', 'Tide Atlas project', 'Archive hours and access', 'Citation style']);
      assert.deepEqual(json.skills.map((e) => e.name), ['file-io', 'web-search', 'source-triage', 'brief-summary']);
      assert.deepEqual(json.problems, [
        { domain: 'knowledge', path: 'knowledge/projects/half-finished', reason: 'KNOWLEDGE.md missing required frontmatter field: description' },
        { domain: 'knowledge', path: 'knowledge/scratch', reason: 'not a knowledge entry (no KNOWLEDGE.md) and has loose files' },
        { domain: 'pad', path: 'notes/station-gazetteer-errata.md', reason: 'pinned reference not found' },
      ]);
      assert.equal(json.owner_error, null);
      assert.ok('rows' in json.show && json.show.rows.length === 8);
      assert.equal(json.rules.pending?.state, 'replace');
      assert.equal(json.rules.pending?.text, json.rules.pending?.text?.trim());
      assert.notEqual(json.rules.canonical, null);
      // covenant_file wins over the inline covenant; the shadowed inline value and unused seeds never print.
      assert.ok(json.sections.find((s) => s.name === 'covenant')!.text.startsWith('You serve the Harbourside'));
      for (const canary of ['SUPERSEDED-INLINE-COVENANT', 'UNUSED-PAD-SEED', 'UNUSED-INIT-CONTACT', 'settings/covenant.txt', '/home/operator']) assert.ok(!r.stdout.includes(canary), canary);
      const pad = json.sections.find((s) => s.name === 'pad')!.text;
      assert.ok(pad.includes('\n\n---\n# 📎 Reference (read-only)\n\n[append: knowledge/sources/citation-style/KNOWLEDGE.md]\n'));
    });

    test('jianxin --json: owner document rejected (unknown_key), catalogs and rules still shown', async () => {
      const r = await runMain(['psyche', path.join(AGENTS, 'jianxin'), '--json']);
      assert.equal(r.code, 0, r.stderr);
      const json = JSON.parse(r.stdout) as Psyche;
      assertShape(json);
      assert.equal(json.agent, 'jianxin');
      assert.equal(json.owner_error?.code, 'unknown_key');
      assert.deepEqual(json.sections, []);
      assert.deepEqual(json.show, FAILURE);
      assert.deepEqual(json.knowledge.map((e) => e.name), ['Release checklist', 'Build farm notes']);
      assert.deepEqual(json.skills.map((e) => e.name), ['changelog-draft']);
      assert.ok(json.rules.canonical?.startsWith('- Never push tags'));
      assert.equal(json.rules.pending, null);
      assert.ok(!r.stdout.includes('REJECTED-OWNER-VALUE'));
    });

    test('the readable summary: sections, applied marks and SHOW, never an owner pointer path', async () => {
      const r = await runMain(['psyche', path.join(AGENTS, 'mingjing')]);
      assert.equal(r.code, 0, r.stderr);
      assert.ok(r.stdout.startsWith('mingjing · LingTai psyche\n15 sections'), r.stdout.slice(0, 80));
      assert.match(r.stdout, /pad +no .*written, not yet applied/);
      assert.match(r.stdout, /character +yes .*applied/);
      assert.ok(r.stdout.includes('pending: replace'));
      assert.ok(!r.stdout.includes('settings/covenant.txt') && !r.stdout.includes('SUPERSEDED-INLINE-COVENANT'));
      const j = await runMain(['psyche', path.join(AGENTS, 'jianxin')]);
      assert.ok(j.stdout.includes('owner document rejected [unknown_key]'));
      assert.ok(j.stdout.includes('failed: SETTINGS_UNAVAILABLE (settings inventory is unavailable)'));
      assert.ok(!j.stdout.includes('REJECTED-OWNER-VALUE'));
    });
  });

  describe('psyche --check over an agents root', { concurrency: true }, () => {
    const tree = async (agents: Record<string, Parameters<typeof writeAgent>[1]>): Promise<string> => {
      const a = await agentOnDisk({}, '.placeholder');
      cleanups.push(a.cleanup);
      for (const [id, files] of Object.entries(agents)) await writeAgent(path.join(a.root, id), { '.keep': '', ...files });
      return a.root;
    };
    const broken = {
      'a-unknown': { 'settings/psyche.json': '{"schema_version": 1, "tone": "CANARY-CHECK"}' },
      'b-json': { 'settings/psyche.json': '{"schema_version": 1,' },
      'c-problems': { 'knowledge/junk/x.md': 'x', 'system/pad_append.json': '["gone.md"]' },
      'd-clean': { 'settings/psyche.json': '{"schema_version": 1}', 'system/pad.md': 'ok' },
    };

    test('lists every owner error and problem at once; exit 1 when any owner document is rejected', async () => {
      const root = await tree(broken);
      const r = await runMain(['psyche', '--check', '--agents', root, '--json']);
      assert.equal(r.code, 1, r.stderr);
      const report = JSON.parse(r.stdout) as { root: string; agents: Array<{ agent: string; owner_error: { code: string } | null; problems: unknown[] }>; errors: number; problems: number };
      assert.deepEqual(report.agents.map((a) => [a.agent, a.owner_error?.code ?? null, a.problems.length]), [
        ['a-unknown', 'unknown_key', 0],
        ['b-json', 'invalid_json', 0],
        ['c-problems', null, 2],
        ['d-clean', null, 0],
      ]);
      assert.equal(report.errors, 2);
      assert.equal(report.problems, 2);
      assert.ok(!r.stdout.includes('CANARY-CHECK'));
      const text = await runMain(['psyche', '--check', '--agents', root]);
      assert.equal(text.code, 1);
      assert.ok(text.stdout.includes('a-unknown: owner document rejected [unknown_key]'));
      assert.ok(text.stdout.includes('b-json: owner document rejected [invalid_json]'));
      assert.ok(text.stdout.includes('problem[knowledge] knowledge/junk: not a knowledge entry (no KNOWLEDGE.md) and has loose files'));
      assert.ok(text.stdout.includes('problem[pad] gone.md: pinned reference not found'));
      assert.ok(text.stdout.includes('d-clean: owner document accepted'));
      assert.ok(text.stdout.includes('2 rejected owner document(s), 2 problem(s)'));
    });

    test('problems alone: exit 0, and 1 with --strict', async () => {
      const root = await tree({ 'c-problems': broken['c-problems'], 'd-clean': broken['d-clean'] });
      assert.equal((await runMain(['psyche', '--check', '--agents', root])).code, 0);
      assert.equal((await runMain(['psyche', '--check', '--agents', root, '--strict'])).code, 1);
      assert.equal((await runMain(['psyche', '--check', '--agents', root, '--strict', '--json'])).code, 1);
      const clean = await tree({ 'd-clean': broken['d-clean'] });
      assert.equal((await runMain(['psyche', '--check', '--agents', clean, '--strict'])).code, 0);
    });

    test('a root without agents is fine (exit 0); a named root that does not exist is an error (PSYCHE.md 1.1)', async () => {
      const root = await tree({});
      const r = await runMain(['psyche', '--check', '--agents', root, '--json']);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(JSON.parse(r.stdout), { root, agents: [], errors: 0, problems: 0 });
      const missing = await runMain(['psyche', '--check', '--agents', path.join(root, 'nope'), '--strict']);
      assert.equal(missing.code, 1);
      assert.match(missing.stderr, /^error\[agents_root\]: the agents root .*nope does not exist/);
    });

    test('the root comes from $SOULPRESS_AGENTS when --agents is not given, and the default is content/agents', async () => {
      const root = await tree({ 'a-unknown': broken['a-unknown'] });
      assert.equal((await runMain(['psyche', '--check'], { SOULPRESS_AGENTS: root })).code, 1);
      const r = await runMain(['psyche', '--check', '--json']);
      assert.equal(r.code, 1, 'jianxin is rejected');
      assert.deepEqual((JSON.parse(r.stdout) as { agents: Array<{ agent: string }> }).agents.map((a) => a.agent), ['jianxin', 'mingjing']);
    });

    test('the real bin: --check over the sample agents exits 1 naming jianxin', async () => {
      const r = await cli(['psyche', '--check']);
      assert.equal(r.code, 1, r.stderr);
      assert.ok(r.stdout.includes('jianxin: owner document rejected [unknown_key]'));
      assert.ok(r.stdout.includes('mingjing: owner document accepted'));
    });
  });

  describe('usage errors exit 2; an unreadable agent directory exits 1', { concurrency: true }, () => {
    const cases: Array<[string, string[]]> = [
      ['no directory', ['psyche']],
      ['no directory, --json', ['psyche', '--json']],
      ['--strict without --check', ['psyche', 'content/agents/mingjing', '--strict']],
      ['--agents without --check', ['psyche', 'content/agents/mingjing', '--agents', 'x']],
      ['an unknown flag', ['psyche', 'content/agents/mingjing', '--bogus']],
      ["another command's flag", ['psyche', 'content/agents/mingjing', '--harness', 'x']],
      ['--check with a directory', ['psyche', '--check', 'content/agents/mingjing']],
      ['two directories', ['psyche', 'content/agents/mingjing', 'content/agents/jianxin']],
      ['--agents with no value', ['psyche', '--check', '--agents']],
    ];
    for (const [what, args] of cases) {
      test(what, async () => {
        const r = await runMain(args);
        assert.equal(r.code, 2, r.stderr);
        assert.equal(r.stdout, '');
        assert.match(r.stderr, /^soul-vault: .+\n\n.*soul-vault psyche/s);
      });
    }

    test('psyche --help exits 0', async () => {
      const r = await runMain(['psyche', '--help']);
      assert.equal(r.code, 0);
      assert.ok(r.stdout.startsWith('soul-vault psyche <agent-dir> [--json]'), r.stdout);
    });

    test('a missing agent directory: exit 1, an error naming it; --json puts error JSON on stderr', async () => {
      const dir = path.join(ROOT, 'no-such-agent-dir');
      const r = await runMain(['psyche', dir]);
      assert.equal(r.code, 1);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr, `error[agent_unreadable]: ${dir} is not a readable agent directory\n`);
      const j = await runMain(['psyche', dir, '--json']);
      assert.equal(j.code, 1);
      assert.equal(j.stdout, '');
      assert.deepEqual(JSON.parse(j.stderr), { error: { code: 'agent_unreadable', message: `${dir} is not a readable agent directory` } });
    });

    test('a file given as the agent directory: exit 1', async () => {
      const r = await runMain(['psyche', path.join(ROOT, 'package.json'), '--json']);
      assert.equal(r.code, 1);
      assert.equal((JSON.parse(r.stderr) as { error: { code: string } }).error.code, 'agent_unreadable');
    });

    test('the real bin without privilege: a directory it cannot list (EACCES) exits 1 naming it', async () => {
      const a = await agentOnDisk({ 'system/pad.md': 'x' });
      cleanups.push(a.cleanup);
      await chmod(a.dir, 0o000);
      cleanups.unshift(() => chmod(a.dir, 0o755));
      const r = await cliUnprivileged(['psyche', a.dir, '--json']);
      assert.equal(r.code, 1, r.stdout);
      assert.equal(r.stdout, '');
      assert.deepEqual(JSON.parse(r.stderr), { error: { code: 'agent_unreadable', message: `${a.dir} is not a readable agent directory` } });
    });
  });
});
