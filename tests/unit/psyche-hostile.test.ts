// Issue 23: hostile agent directories through the real CLI. Nothing under /proc, /sys or /dev is
// read (PSYCHE.md 1.1); the CLI, run by the owner, still prints the rest of the composition. The
// loop, size and name cases live in temporary folders this file makes (git cannot hold them).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import type { Psyche } from '../../src/core/psyche/index.ts';
import path from 'node:path';
import { BIN, cli } from './helpers.ts';
import { agentOnDisk, bigPublishedCatalog } from './psyche-helpers.ts';
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

async function psyche(dir: string, env: Record<string, string> = {}, limit?: number): Promise<{ code: number | null; json: Psyche; stdout: string; stderr: string }> {
  const r = await cli(['psyche', dir, '--json'], env, limit === undefined ? {} : { limit });
  assert.notEqual(r.code, null, r.stderr);
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
    for (const args of [['--json'], []]) {
      const check = await cli(['psyche', '--check', '--agents', path.dirname(dir), ...args], { SOULPRESS_CLI_CANARY: canary });
      assert.equal(check.code, 0, check.stderr);
      assert.ok(!check.stdout.includes(canary) && !check.stderr.includes(canary), 'psyche --check prints the environment');
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

  test('a path through /proc is under /proc wherever it ends: /proc/self/root/etc/passwd, a shelf linked to /proc/self/cwd', async () => {
    const { dir } = await onDisk({
      'system/pad.md': 'body\n',
      'system/pad_append.json': JSON.stringify(['/proc/self/root/etc/passwd', 'via']),
      via: { link: '/proc/self/root/etc/hostname' },
      '.library/custom': { link: '/proc/self/cwd' },
      'knowledge/cwd': { link: '/proc/self/cwd/src' },
    });
    const { json, stdout } = await psyche(dir);
    assert.ok(!json.sections.find((s) => s.name === 'pad')!.text.includes('[append:'), 'a pin through /proc was appended');
    assert.deepEqual(json.skills, []);
    assert.deepEqual(json.knowledge, []);
    assert.deepEqual(json.problems.map((p) => p.reason), ['pinned reference could not be read (a pin outside the agent directory)', 'pinned reference could not be read']);
    assert.ok(!stdout.includes('root:x:0:0'));
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
        assert.equal(r.stderr, `error[agents_root]: the agents root ${given} ${what}: name a folder of agent directories, or leave the root unset for agents/ or content/agents/\n`);
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
    // No agents/ (nor content/agents/) in the working folder: the default is the first, absent.
    assert.match(out, /^agents under .*\/agents: 0$/m);
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

const ff = (name: string): Buffer => Buffer.concat([Buffer.from(name), Buffer.from([0xff, 0xfe])]);

describe('class 1: link loops and the applied-marks comparison end, and soon', { concurrency: true }, () => {
  test('knowledge/a -> . with knowledge/b -> ., and knowledge/self -> . with knowledge/up -> ..: each real folder once', async () => {
    const { dir } = await onDisk({
      'knowledge/a': { link: '.' },
      'knowledge/b': { link: '.' },
      'knowledge/entry/KNOWLEDGE.md': '---\nname: Entry\ndescription: Once.\n---\n',
      '.library/custom/self': { link: '.' },
      '.library/custom/up': { link: '..' },
      '.library/custom/s/SKILL.md': '---\nname: s\ndescription: Once.\n---\n',
    });
    // A loop followed for ever would never end: the bin's time limit (helpers.ts's cli) fails it.
    const { code, json } = await psyche(dir);
    assert.equal(code, 0);
    assert.deepEqual(json.knowledge.map((e) => e.location), ['knowledge/entry/KNOWLEDGE.md']);
    assert.deepEqual(json.skills.map((e) => e.location), ['.library/custom/s/SKILL.md']);
    assert.deepEqual(json.problems, [
      { domain: 'knowledge', path: 'knowledge/a', reason: 'a link loop, not followed again' },
      { domain: 'knowledge', path: 'knowledge/b', reason: 'a link loop, not followed again' },
      { domain: 'skills', path: '.library/custom/self', reason: 'a link loop, not followed again' },
      // `up` is .library, not yet visited: its only child `custom` is.
      { domain: 'skills', path: '.library/custom/up/custom', reason: 'a link loop, not followed again' },
    ]);
  });

  // That the match grows with the lines alone is timed in-process (psyche-sections.test.ts); here the
  // bin ends on such a directory, with a limit far above what a loaded 2-core machine takes (5-16 s).
  test('a 1M-line system.md against 4,000 entries is compared and the bin ends', { timeout: 120_000 }, async () => {
    const { system, locations } = bigPublishedCatalog(4000, 1_000_000);
    const files: DiskFiles = { 'system/system.md': system };
    locations.forEach((l, i) => (files[l] = `---\nname: e${i}\ndescription: d\n---\n`));
    const { dir } = await onDisk(files);
    const { code, json, stderr } = await psyche(dir, {}, 110_000);
    assert.equal(code, 0, stderr);
    assert.equal(json.knowledge.length, 4000);
  });
});

describe('class 3: names that are not UTF-8 are listed, escaped, never dropped', { concurrency: true }, () => {
  test('a knowledge folder and an entry folder named with 0xFF 0xFE are listed and read', async () => {
    const { dir } = await onDisk({});
    const { mkdir, writeFile } = await import('node:fs/promises');
    const bad = Buffer.concat([Buffer.from(`${dir}/knowledge/`), ff('entry')]);
    await mkdir(bad, { recursive: true });
    await writeFile(Buffer.concat([bad, Buffer.from('/KNOWLEDGE.md')]), '---\nname: Odd\ndescription: An odd name.\n---\n');
    const loose = Buffer.concat([Buffer.from(`${dir}/knowledge/`), ff('loose')]);
    await mkdir(loose);
    await writeFile(Buffer.concat([loose, Buffer.from('/x.txt')]), 'x');
    const { json } = await psyche(dir);
    assert.deepEqual(json.knowledge.map((e) => e.location), ['knowledge/entry\\xff\\xfe/KNOWLEDGE.md']);
    assert.deepEqual(json.problems, [{ domain: 'knowledge', path: 'knowledge/loose\\xff\\xfe', reason: 'not a knowledge entry (no KNOWLEDGE.md) and has loose files' }]);
    const r = await cli(['psyche', dir]);
    assert.ok(r.stdout.includes('knowledge/entry\\xff\\xfe/KNOWLEDGE.md'));
  });

  test('psyche --check lists an agent folder named with 0xFF 0xFE, and a link to one, with the others', async () => {
    const { root } = await onDisk({ 'system/lingtai.md': 'plain' }, 'plain');
    const { mkdir, symlink, writeFile } = await import('node:fs/promises');
    const odd = Buffer.concat([Buffer.from(`${root}/`), ff('odd')]);
    await mkdir(Buffer.concat([odd, Buffer.from('/knowledge/t')]), { recursive: true });
    await writeFile(Buffer.concat([odd, Buffer.from('/knowledge/t/x.txt')]), 'x');
    await symlink(odd, Buffer.concat([Buffer.from(`${root}/`), ff('linked')]));
    const r = await cli(['psyche', '--check', '--json', '--agents', root]);
    assert.equal(r.code, 0, r.stderr);
    const check = JSON.parse(r.stdout) as { agents: Array<{ agent: string; problems: unknown[] }> };
    assert.deepEqual(check.agents.map((a) => [a.agent, a.problems.length]), [['linked\\xff\\xfe', 1], ['odd\\xff\\xfe', 1], ['plain', 0]]);
  });
});

describe('class 2: huge files are named problems, never a native abort or a stack trace', { concurrency: true }, () => {
  test('a pin to a 2 GiB file, a 2 GiB system.md and a 540 MB lingtai.md of NUL bytes', { timeout: 60_000 }, async () => {
    const { dir } = await onDisk({ 'system/pad.md': 'body', 'system/pad_append.json': JSON.stringify(['big.bin']) });
    const { truncate, writeFile } = await import('node:fs/promises');
    for (const [file, size] of [['big.bin', 2 ** 31], ['system/system.md', 2 ** 31], ['system/lingtai.md', 540 * 2 ** 20]] as const) {
      await writeFile(`${dir}/${file}`, '');
      await truncate(`${dir}/${file}`, size); // sparse: no gigabytes are written
    }
    const { code, json, stderr } = await psyche(dir);
    assert.equal(code, 0, stderr);
    assert.deepEqual(json.problems, [
      { domain: 'pad', path: 'big.bin', reason: 'pinned reference is too large to read as text (2,147,483,648 bytes)' },
      { domain: 'lingtai', path: 'system/lingtai.md', reason: 'lingtai.md is too large to read as text (566,231,040 bytes)' },
      { domain: 'lingtai', path: 'system/system.md', reason: 'system.md is too large to read as text (2,147,483,648 bytes): applied marks are not shown' },
    ]);
    const r = await cli(['psyche', dir]);
    assert.equal(r.code, 0);
    assert.doesNotMatch(r.stdout + r.stderr, /not valid UTF-8|Cannot create a string/);
  });
});

describe('class 5: LingTai’s Python, not JavaScript', { concurrency: true }, () => {
  test('system/rules.md that is a BOM plus the text of .rules is `replace`, and the rules section keeps the BOM', async () => {
    const { dir } = await onDisk({ 'system/rules.md': '\uFEFFBe kind.\n', '.rules': 'Be kind.\n' });
    const { json } = await psyche(dir);
    assert.deepEqual(json.rules.pending, { state: 'replace', text: 'Be kind.' });
    assert.equal(json.rules.canonical, '\uFEFFBe kind.\n');
    assert.equal(json.sections.find((s) => s.name === 'rules')!.text, '\uFEFFBe kind.');
    // Python's strip() takes U+0085 and U+001C, which JavaScript's trim() leaves.
    const other = await onDisk({ 'system/rules.md': 'Be kind.\u0085\u001c', '.rules': '\u001cBe kind.' }, 'other');
    assert.deepEqual((await psyche(other.dir)).json.rules.pending, { state: 'identical' });
  });

  test('entry frontmatter reads as PyYAML safe_load: yes is True, the last repeated key wins, deep flow lists parse', async () => {
    const deep = `${'['.repeat(100)}${']'.repeat(100)}`;
    const { dir } = await onDisk({
      '.library/custom/a-yes/SKILL.md': '---\nname: yes\ndescription: on\n---\n',
      '.library/custom/b-twice/SKILL.md': '---\nname: first\nname: second\ndescription: Twice named.\n---\n',
      '.library/custom/c-deep/SKILL.md': `---\nname: deep\ndescription: A deep list beside.\nnested: ${deep}\n---\n`,
      '.library/custom/d-numbers/SKILL.md': '---\nname: 010\ndescription: [1.0, 1e3, 0x1F, ~, "q\'s"]\n---\n',
      '.library/custom/e-sexagesimal/SKILL.md': '---\nname: 1:30\ndescription: 2024-01-31\n---\n',
      '.library/custom/f-nul/SKILL.md': '---\nname: raw\u0000nul\ndescription: PyYAML refuses the character\n---\n',
      // Matches PyYAML's int pattern, but int() refuses it: no fields, and no crash here.
      '.library/custom/g-0x/SKILL.md': '---\nname: 0x_\ndescription: d\n---\n',
    });
    const { json } = await psyche(dir);
    assert.deepEqual(
      json.skills.map((e) => [e.name, e.description]),
      [
        ['True', 'True'],
        ['second', 'Twice named.'],
        ['deep', 'A deep list beside.'],
        ['8', `[1.0, '1e3', 31, None, "q's"]`],
        ['90', '2024-01-31'],
      ],
    );
    assert.deepEqual(json.problems, [
      { domain: 'skills', path: '.library/custom/f-nul', reason: 'SKILL.md missing required frontmatter field: name' },
      { domain: 'skills', path: '.library/custom/g-0x', reason: 'SKILL.md missing required frontmatter field: name' },
    ]);
  });
});

describe('class 2: output larger than one string', () => {
  test('psyche --json over two 30 MB files of NUL bytes (JSON writes each byte as six characters) prints it all, exit 0', { timeout: 120_000 }, async () => {
    const { dir } = await onDisk({});
    const { mkdir, truncate, writeFile } = await import('node:fs/promises');
    await mkdir(`${dir}/system`, { recursive: true });
    for (const file of ['system/lingtai.md', 'system/rules.md']) {
      await writeFile(`${dir}/${file}`, '');
      await truncate(`${dir}/${file}`, 30 * 1024 * 1024);
    }
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [BIN, 'psyche', dir, '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let bytes = 0;
    let tail = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      tail = (tail + chunk.toString('latin1')).slice(-64);
    });
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 0, stderr);
    assert.equal(stderr, '');
    // character, rules (stripped), rules.canonical: 90 MiB of NUL, each "\u0000".
    assert.ok(bytes > 3 * 30 * 1024 * 1024 * 6, `${bytes} bytes`);
    assert.match(tail, /\}\n$/);
  });

  test('the streamed JSON is JSON.stringify(value, null, 2) for plain data, C1 escaped', async () => {
    const { terminalJson, writeTerminalJson } = await import('../../src/cli/format.ts');
    const value = { a: [], b: {}, c: [1, 'x', null, true, { d: [[]], e: 'é\u009b\u0000' }], f: undefined, g: -0, h: 1e21, i: [undefined], 'k"ey': '\u2028' };
    let out = '';
    writeTerminalJson(value, (t) => void (out += t));
    assert.equal(out, `${terminalJson(value)}\n`);
    assert.equal(out, `${JSON.stringify(value, null, 2).replace('\u009b', '\\u009b')}\n`);
  });
});
