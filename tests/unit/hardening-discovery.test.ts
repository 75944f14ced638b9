// Issue 14, discovery and check: an entry no load reads (a link, a FIFO, an odd name outside the
// role folders) breaks nothing, a link a load would read is refused for that load only, and
// `check` lists every problem, OS errors included, once per (code, note, role).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import type { CheckReport } from '../../src/core/index.ts';
import { STACK_LINE, cliInProcess as run } from '../fixtures/hostile/cli.ts';
import { BASE, GUEST, writeFiles } from '../fixtures/hostile/generate.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'soulpress-hardening-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
let n = 0;
function root(files: Record<string, string | Uint8Array> = {}): string {
  const dir = path.join(tmp, `r${n++}`, 'vaults');
  writeFiles(dir, { ...BASE, ...GUEST, ...files });
  return dir;
}
const check = async (vault: string): Promise<{ code: number; report: CheckReport; stderr: string }> => {
  const out = await run(['check', '--json', '--vault', vault]);
  return { code: out.code, report: JSON.parse(out.stdout) as CheckReport, stderr: out.stderr };
};
const findings = (report: CheckReport) => report.findings.map((f) => [f.code, f.note, f.role, f.souls]);

describe('an entry no load reads breaks nothing', () => {
  test('a symlinked guest folder (ada-alias -> ada): souls, guests, ls and check all work; only a load of the alias refuses it', async () => {
    const vault = root();
    symlinkSync('ada', path.join(vault, 'cwkpippa-guests', 'ada-alias'));
    for (const soul of ['wren', 'ada']) {
      const out = await run(['load', soul, '--harness', 'webui', '--json', '--vault', vault]);
      assert.equal(out.code, 0, out.stderr);
    }
    const ls = await run(['ls', '--json', '--vault', vault]);
    assert.equal(ls.code, 0, ls.stderr);
    assert.deepEqual((JSON.parse(ls.stdout) as { members: Array<{ id: string }> }).members.map((m) => m.id), ['wren', 'ada']);
    const { code, report } = await check(vault);
    assert.equal(code, 0);
    assert.deepEqual(report.findings, []);
    const alias = await run(['load', 'ada-alias', '--harness', 'webui', '--json', '--vault', vault]);
    assert.equal(alias.code, 1);
    assert.deepEqual(JSON.parse(alias.stderr).error, {
      code: 'uri_invalid',
      message: JSON.parse(alias.stderr).error.message,
      operation: 'load_identity',
      note: 'soul://cwkpippa-guests/ada-alias',
      role: 'identity',
    });
  });

  test('a symlinked logo.png in a soul folder and a link to a file not named .md in core/ are ignored', async () => {
    const vault = root({ 'wren/core/real.md': 'Real.\n' });
    writeFileSync(path.join(tmp, 'logo.png'), 'png');
    symlinkSync(path.join(tmp, 'logo.png'), path.join(vault, 'wren', 'logo.png'));
    symlinkSync(path.join(tmp, 'logo.png'), path.join(vault, 'wren', 'core', 'logo.png'));
    symlinkSync('nowhere', path.join(vault, 'wren', 'core', 'dangling'));
    const out = await run(['load', 'wren', '--harness', 'webui', '--json', '--vault', vault]);
    assert.equal(out.code, 0, out.stderr);
    assert.ok(JSON.parse(out.stdout).documents.some((d: { uri: string }) => d.uri === 'soul://wren/core/real.md'));
    assert.equal((await check(vault)).code, 0);
  });

  test('a FIFO named .md and a symlinked vault at the root touch no other soul', async () => {
    const vault = root({ 'moss/Moss.md': '# Moss\n', 'moss/instructions.md': 'Moss.\n' });
    execFileSync('mkfifo', [path.join(vault, 'cwkpippa-guests', 'pipe.md')]);
    symlinkSync(path.join(vault, 'moss'), path.join(vault, 'moss-link'));
    const { code, report } = await check(vault);
    assert.equal(code, 0, JSON.stringify(report.findings));
    assert.deepEqual(report.souls, ['moss', 'wren']);
    const linked = await run(['load', 'moss-link', '--harness', 'webui', '--json', '--vault', vault]);
    assert.equal(linked.code, 1);
    assert.equal(JSON.parse(linked.stderr).error.code, 'uri_invalid');
  });

  test('a link a load would read (a note in core/) fails that soul alone, and the other notes are still checked', async () => {
    const vault = root({
      'wren/core/a.md': 'A.\n',
      'wren/core/z.md': 'x'.repeat(60_000),
      'moss/Moss.md': '# Moss\n',
      'moss/instructions.md': 'Moss.\n',
    });
    symlinkSync(path.join(vault, 'wren', 'core', 'a.md'), path.join(vault, 'wren', 'core', 'b.md'));
    assert.equal((await run(['load', 'moss', '--harness', 'webui', '--vault', vault])).code, 0);
    const { report } = await check(vault);
    assert.deepEqual(findings(report), [
      ['uri_invalid', 'soul://wren/core/b.md', 'soul_core', ['wren']],
      ['note_large', 'soul://wren/core/z.md', 'soul_core', ['wren']],
    ]);
  });
});

describe('check never stops early', () => {
  test('eight problems in five souls and a symlinked preset: all nine are listed, each once', async () => {
    const vault = root({
      'cwkpippa-shared/core/bad.md': '---\nprompt_loading: Inline\n---\n',
      'fern/Fern.md': '# Fern\n',
      'fern/instructions.md': 'Fern.\n',
      'fern/index/people.md': '---\ntitle: [unclosed\n---\n',
      'fern/projects/plan.md': 'Plan.\n',
      'moss/Moss.md': new Uint8Array([0x23, 0xff, 0x0a]),
      'moss/instructions.md': 'Moss.\n',
      'moss/core/b.md': new Uint8Array([0xc0, 0xaf]),
      'reed/Reed.md': '# Reed\n',
      'reed/Reed Warbler.md': '# Reed Warbler\n',
      'reed/instructions.md': 'Reed.\n',
      'sage/Sage.md': '# Sage\n',
      'sage/index/x.md': '---\nprompt_loading: true\n---\n',
      'sage/core/long.md': 'y'.repeat(60_000),
    });
    rmSync(path.join(vault, 'sage', 'instructions.md'), { force: true });
    symlinkSync(path.join(vault, 'fern', 'projects', 'plan.md'), path.join(vault, 'fern', 'projects', 'linked.md'));
    const { code, report, stderr } = await check(vault);
    assert.equal(code, 1);
    assert.equal(stderr, '');
    const souls = ['fern', 'moss', 'reed', 'sage', 'wren'];
    assert.deepEqual(
      findings(report).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      [
        ['frontmatter_invalid', 'soul://cwkpippa-shared/core/bad.md', 'shared_core', souls],
        ['frontmatter_invalid', 'soul://fern/index/people.md', 'soul_index', ['fern']],
        ['frontmatter_invalid', 'soul://sage/index/x.md', 'soul_index', ['sage']],
        ['identity_ambiguous', 'soul://reed/Reed Warbler.md', 'identity', ['reed']],
        ['identity_document_missing', 'soul://sage/instructions.md', 'soul_instructions', ['sage']],
        ['integrity_error', 'soul://moss/Moss.md', 'identity', ['moss']],
        ['integrity_error', 'soul://moss/core/b.md', 'soul_core', ['moss']],
        ['note_large', 'soul://sage/core/long.md', 'soul_core', ['sage']],
        ['uri_invalid', 'soul://fern/projects/linked.md', 'project', ['fern']],
      ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
  });

  test('a refused identity does not hide the rest of that soul', async () => {
    const vault = root({ 'moss/instructions.md': 'Moss.\n', 'moss/index/bad.md': '---\nprompt_loading: no\n---\n', 'moss/core/big.md': 'z'.repeat(60_000) });
    writeFileSync(path.join(tmp, 'Moss.md'), '# Moss elsewhere\n');
    symlinkSync(path.join(tmp, 'Moss.md'), path.join(vault, 'moss', 'Moss.md'));
    const { report } = await check(vault);
    assert.deepEqual(findings(report), [
      ['uri_invalid', 'soul://moss/Moss.md', 'identity', ['moss']],
      ['frontmatter_invalid', 'soul://moss/index/bad.md', 'soul_index', ['moss']],
      ['note_large', 'soul://moss/core/big.md', 'soul_core', ['moss']],
    ]);
  });

  test("a linked memory/index.md is one finding, in the memory_index role, not also in memory's", async () => {
    const vault = root();
    symlinkSync('2026-01-02-visit.md', path.join(vault, 'cwkpippa-guests', 'ada', 'memory', 'index.md'));
    const { report } = await check(vault);
    assert.deepEqual(findings(report), [['uri_invalid', 'soul://cwkpippa-guests/ada/memory/index.md', 'memory_index', ['ada']]]);
  });

  test('a warning is one finding with its role, even when another load of the same soul fails', async () => {
    const vault = root({ 'wren/core/long.md': 'y'.repeat(60_000), 'wren/projects/ok.md': 'Ok.\n' });
    symlinkSync('ok.md', path.join(vault, 'wren', 'projects', 'broken.md'));
    const { report } = await check(vault);
    assert.deepEqual(
      report.findings.filter((f) => f.code === 'note_large').map((f) => [f.note, f.role, f.souls]),
      [['soul://wren/core/long.md', 'soul_core', ['wren']]],
    );
  });

  test('a folder whose path is too long for the system (ENAMETOOLONG) is one io_error; the rest is still listed', async () => {
    const vault = root({ 'cwkpippa-shared/core/bad.md': '---\nprompt_loading: yes\n---\n' });
    // 25 folders of 200 characters: past PATH_MAX, made one relative step at a time.
    mkdirSync(path.join(vault, 'wren', 'core'), { recursive: true });
    const script = `process.chdir(process.argv[1]); const fs = require('node:fs'); for (let i = 0; i < 25; i++) { fs.mkdirSync('${'d'.repeat(200)}'); process.chdir('${'d'.repeat(200)}'); } fs.writeFileSync('n.md', 'x');`;
    execFileSync(process.execPath, ['-e', script, path.join(vault, 'wren', 'core')]);
    const { code, report, stderr } = await check(vault);
    assert.equal(code, 1);
    assert.equal(stderr, '');
    assert.doesNotMatch(JSON.stringify(report), STACK_LINE);
    const codes = report.findings.map((f) => [f.code, f.role]);
    assert.deepEqual(codes.sort(), [['frontmatter_invalid', 'shared_core'], ['io_error', 'soul_core']]);
    const io = report.findings.find((f) => f.code === 'io_error')!;
    assert.match(io.message, /ENAMETOOLONG/);
    assert.deepEqual(io.souls, ['wren']);
    // And a load says the same, as a VaultError, not a crash.
    const load = await run(['load', 'wren', '--harness', 'webui', '--json', '--vault', vault]);
    assert.equal(load.code, 1);
    assert.equal(JSON.parse(load.stderr).error.code, 'frontmatter_invalid');
  });
});
