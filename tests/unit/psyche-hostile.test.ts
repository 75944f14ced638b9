// Issue 23: hostile agent directories through the real CLI. Nothing under /proc, /sys or /dev is
// read (PSYCHE.md 1.1); the CLI, run by the owner, still prints the rest of the composition. The
// loop, size and name cases live in temporary folders this file makes (git cannot hold them).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import type { Psyche } from '../../src/core/psyche/index.ts';
import { cli } from './helpers.ts';
import { agentOnDisk } from './psyche-helpers.ts';
import type { DiskFiles } from './psyche-helpers.ts';

const STACK_LINE = /^\s{4}at /m;
const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const c of cleanups) await c();
});

async function onDisk(files: DiskFiles, name = 'agent'): Promise<{ root: string; dir: string }> {
  const made = await agentOnDisk(files, name);
  cleanups.push(made.cleanup);
  return made;
}

async function psyche(dir: string, env: Record<string, string> = {}): Promise<{ code: number | null; json: Psyche; stdout: string; stderr: string }> {
  const r = await cli(['psyche', dir, '--json'], env);
  assert.doesNotMatch(r.stderr, STACK_LINE);
  return { ...r, json: JSON.parse(r.stdout) as Psyche };
}

describe('class 4: nothing of /proc, /sys or /dev is read', { concurrency: true }, () => {
  const canary = `canary-${randomBytes(12).toString('hex')}`;

  test('a pin to /proc/self/environ is a pin that cannot be read; /etc/passwd is still the owner’s to see', async () => {
    const { dir } = await onDisk({
      'system/pad.md': 'body\n',
      'system/pad_append.json': JSON.stringify(['/proc/self/environ', '/dev/zero', '/sys/kernel/mm/transparent_hugepage/enabled', '/etc/passwd']),
    });
    for (const args of [['--json'], []]) {
      const r = await cli(['psyche', dir, ...args], { SOULPRESS_CLI_CANARY: canary });
      assert.equal(r.code, 0, r.stderr);
      assert.ok(!r.stdout.includes(canary), 'the environment is printed');
      assert.doesNotMatch(r.stderr + r.stdout, STACK_LINE);
    }
    const { json } = await psyche(dir, { SOULPRESS_CLI_CANARY: canary });
    const pad = json.sections.find((s) => s.name === 'pad')!.text;
    assert.ok(pad.includes(`[append: /etc/passwd]\n${readFileSync('/etc/passwd', 'utf8')}`), 'the CLI prints the whole composition for the owner');
    assert.ok(!pad.includes('[append: /proc') && !pad.includes('[append: /dev') && !pad.includes('[append: /sys'));
    assert.deepEqual(
      json.problems.map((p) => p.reason),
      Array(3).fill('pinned reference could not be read (a pin outside the agent directory)'),
    );
  });

  test('covenant_file naming /proc/self/environ rejects the reconstruction (pointer_unreadable), printing none of it', async () => {
    const { dir } = await onDisk({ 'settings/psyche.json': JSON.stringify({ schema_version: 1, covenant_file: '/proc/self/environ', covenant: 'inline' }) });
    const { code, json, stdout } = await psyche(dir, { SOULPRESS_CLI_CANARY: canary });
    assert.equal(code, 0);
    assert.equal(json.owner_error?.code, 'pointer_unreadable');
    assert.deepEqual(json.sections, []);
    assert.ok(!stdout.includes(canary));
  });

  test('files of the directory linked into /proc are never read: lingtai.md, rules.md, .rules, a mirror', async () => {
    const { dir } = await onDisk({
      'system/lingtai.md': { link: '/proc/self/environ' },
      'system/rules.md': { link: '/proc/self/environ' },
      'system/covenant.md': { link: '/proc/self/environ' },
      '.rules': { link: '/proc/self/environ' },
      'knowledge/env/KNOWLEDGE.md': { link: '/proc/self/environ' },
      'knowledge/proc': { link: '/proc/self' },
    });
    const { json, stdout } = await psyche(dir, { SOULPRESS_CLI_CANARY: canary });
    assert.ok(!stdout.includes(canary));
    assert.deepEqual(json.sections.filter((s) => !s.placeholder).map((s) => s.name), ['skills', 'knowledge']);
    assert.equal(json.rules.pending?.state, 'unreadable');
    assert.deepEqual(json.problems.map((p) => `${p.path}: ${p.reason}`), [
      'knowledge/env: cannot read KNOWLEDGE.md: the file could not be read',
      'system/rules.md: rules.md could not be read',
      'system/lingtai.md: lingtai.md could not be read',
      'system/covenant.md: the mirror could not be read',
    ]);
  });
});

describe('class 6: an agents root named explicitly must be a folder', { concurrency: true }, () => {
  test('psyche --check --agents naming a file, or nothing, is a named error (exit 1), not "0 agents"', async () => {
    const { root } = await onDisk({ 'x.md': 'a file' });
    for (const [given, what] of [[`${root}/agent/x.md`, 'is not a folder'], [`${root}/missing`, 'does not exist']] as const) {
      for (const via of ['flag', 'env'] as const) {
        const r = via === 'flag' ? await cli(['psyche', '--check', '--agents', given]) : await cli(['psyche', '--check'], { SOULPRESS_AGENTS: given });
        assert.equal(r.code, 1, `${via} ${given}: ${r.stdout}`);
        assert.equal(r.stdout, '');
        assert.equal(r.stderr, `error[agents_root]: the agents root ${given} ${what}: name a folder of agent directories, or leave the root unset for content/agents\n`);
      }
      const j = await cli(['psyche', '--check', '--json', '--agents', given]);
      assert.equal(j.code, 1);
      assert.equal(JSON.parse(j.stderr).error.code, 'agents_root');
    }
  });

  test('the default root may be absent: no agents, exit 0', async () => {
    const { main } = await import('../../src/cli/main.ts');
    const { root } = await onDisk({});
    let out = '';
    const code = await main(['psyche', '--check'], { out: (t) => void (out += t), err: (t) => void (out += t), env: {}, cwd: root });
    assert.equal(code, 0, out);
    assert.match(out, /^agents under .*content\/agents: 0$/m);
  });
});

describe('class 7: the readable CLI shows control characters escaped', { concurrency: true }, () => {
  test('a skill name holding ESC ] 0 ; … BEL, a NUL, a C1 CSI, and a folder named with ESC print escaped', async () => {
    const { dir } = await onDisk({
      '.library/custom/evil/SKILL.md': '---\nname: "x\\e]0;pwned\\a\\0y"\ndescription: "csi \\x9b31m red"\n---\n',
      'knowledge/bad\u001b[2Jname/loose.txt': 'loose',
      'system/pad_append.json': JSON.stringify(['notes/\u0007bell.md']),
    });
    const r = await cli(['psyche', dir]);
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stdout, /[\x00-\x08\x0b-\x1f\x7f-\x9f]/, 'a raw control character reaches the terminal');
    assert.ok(r.stdout.includes('- x\\e]0;pwned\\a\\x00y  .library/custom/evil/SKILL.md'), r.stdout);
    assert.ok(r.stdout.includes('csi \\x9b31m red'));
    assert.ok(r.stdout.includes('knowledge/bad\\e[2Jname: not a knowledge entry'));
    assert.ok(r.stdout.includes('notes/\\abell.md'));
    // --json stays JSON, with the exact values, and no raw C1 character either.
    const j = await cli(['psyche', dir, '--json']);
    assert.doesNotMatch(j.stdout, /[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    const json = JSON.parse(j.stdout) as Psyche;
    assert.equal(json.skills[0]!.name, 'x\u001b]0;pwned\u0007\u0000y');
    assert.equal(json.skills[0]!.description, 'csi \u009b31m red');
  });

  test('psyche --check escapes agent ids and problem paths too', async () => {
    const { root } = await onDisk({ 'knowledge/t\u001b]0;x\u0007/loose.txt': 'x' }, 'agent\u001bid');
    const r = await cli(['psyche', '--check', '--agents', root]);
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stdout, /[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    assert.ok(r.stdout.includes('agent\\eid: owner document accepted'));
    assert.ok(r.stdout.includes('problem[knowledge] knowledge/t\\e]0;x\\a: not a knowledge entry'));
  });
});
