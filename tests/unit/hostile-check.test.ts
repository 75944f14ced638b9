// `soul-vault check` over one root holding many broken souls and guests: every problem in one
// run, each with code, note and role, a stable --json shape, and never a stack trace.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { checkFamily } from '../../src/core/index.ts';
import type { CheckReport } from '../../src/core/index.ts';
import { FsStore } from '../../src/node/index.ts';
import { BIN, STACK_LINE, cli } from '../fixtures/hostile/cli.ts';
import { BASE, buildCombined, writeFiles } from '../fixtures/hostile/generate.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'soulpress-hostile-check-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
const root = path.join(tmp, 'vaults');
const expected = buildCombined(root, path.join(tmp, 'outside'));

const key = (f: { severity: string; code: string; note: string | null; role: string | null; souls: string[] }): string =>
  JSON.stringify([f.severity, f.code, f.note, f.role, [...f.souls].sort()]);

test('check --json reports every problem of every soul and guest in one run, with a stable shape', { timeout: 60_000 }, async () => {
  const first = await cli(['check', '--json', '--vault', root]);
  assert.equal(first.code, 1);
  assert.equal(first.stderr, '');
  const report = JSON.parse(first.stdout) as CheckReport;
  assert.deepEqual(Object.keys(report), ['family', 'souls', 'guests', 'findings', 'errors', 'warnings']);
  assert.equal(report.family, 'cwkpippa');
  assert.deepEqual(report.souls, ['fern', 'ivy', 'moss', 'reed', 'sage', 'thorn', 'wren']);
  assert.deepEqual(report.guests, ['ada', 'bee', 'ivy']);
  for (const f of report.findings) {
    assert.deepEqual(Object.keys(f), ['severity', 'code', 'message', 'note', 'role', 'souls']);
    assert.equal(typeof f.message, 'string');
    assert.ok(f.message.length > 0);
  }
  // The full set: nothing missing, nothing extra, each once.
  assert.deepEqual(report.findings.map(key).sort(), expected.map(([severity, code, note, role, souls]) => key({ severity, code, note, role, souls })).sort());
  assert.equal(report.errors, expected.filter((e) => e[0] === 'error').length);
  assert.equal(report.warnings, expected.filter((e) => e[0] === 'warning').length);

  // Stable: the same bytes give the same report, byte for byte, and the core API agrees with the CLI.
  const second = await cli(['check', '--json', '--vault', root]);
  assert.equal(second.stdout, first.stdout);
  assert.deepEqual(await checkFamily({ store: new FsStore(root) }), report);
});

test('check without --json prints every finding readably and no stack trace', { timeout: 60_000 }, async () => {
  const out = await cli(['check', '--vault', root]);
  assert.equal(out.code, 1);
  assert.doesNotMatch(out.stdout + out.stderr, STACK_LINE);
  const lines = out.stdout.split('\n');
  for (const [severity, code, note, role] of expected) {
    const at = lines.findIndex((line, i) => line.startsWith(`${severity}[${code}]: `) && lines[i + 1]?.startsWith(`  note: ${note ?? '-'}  role: ${role ?? '-'}  `));
    assert.ok(at >= 0, `${severity}[${code}] ${note} ${role}`);
  }
  assert.match(out.stdout, new RegExp(`^${expected.filter((e) => e[0] === 'error').length} error\\(s\\), 1 warning\\(s\\)$`, 'm'));
});

test('a warning alone passes check, and fails it with --strict', { timeout: 60_000 }, async () => {
  const warnRoot = path.join(tmp, 'warn-only');
  writeFiles(warnRoot, { ...BASE, 'wren/core/long.md': 'y'.repeat(51_201) });
  const plain = await cli(['check', '--json', '--vault', warnRoot]);
  assert.equal(plain.code, 0);
  const report = JSON.parse(plain.stdout) as CheckReport;
  assert.deepEqual(report.findings.map((f) => [f.severity, f.code, f.note, f.role]), [['warning', 'note_large', 'soul://wren/core/long.md', 'soul_core']]);
  const strict = await cli(['check', '--strict', '--json', '--vault', warnRoot]);
  assert.equal(strict.code, 1);
  assert.equal(strict.stdout, plain.stdout);
});

test('a reader that closes the pipe early gets no stack trace, and the exit code still tells', { timeout: 60_000 }, async () => {
  // 300 long-named notes with a bad prompt_loading: a report far bigger than a pipe's buffer.
  const pipeRoot = path.join(tmp, 'pipe');
  const files: Record<string, string | Uint8Array> = { ...BASE };
  for (let i = 0; i < 300; i++) files[`wren/index/${'n'.repeat(200)}-${i}.md`] = '---\nprompt_loading: Inline\n---\n';
  writeFiles(pipeRoot, files);
  const child = spawn(process.execPath, [BIN, 'check', '--json', '--vault', pipeRoot], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(stderr, '');
  assert.equal(code, 1);
});
