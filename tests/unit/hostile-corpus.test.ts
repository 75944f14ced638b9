// Every hostile case, committed or generated, through loadIdentity/readNote on the fs store,
// through the CLI, and (for vault problems) through `check`: the exact code, note and role; `ls` never fails.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import { VaultError, loadIdentity, readNote } from '../../src/core/index.ts';
import type { Bundle, CheckReport } from '../../src/core/index.ts';
import { FsStore } from '../../src/node/index.ts';
import { committedCases, isError, isLoads } from '../fixtures/hostile/case.ts';
import type { HostileRun, LoadsExpectation } from '../fixtures/hostile/case.ts';
import { generateCases } from '../fixtures/hostile/generate.ts';
import { STACK_LINE, cli, cliInProcess } from '../fixtures/hostile/cli.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'soulpress-hostile-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
const runs: HostileRun[] = [...committedCases(), ...generateCases(tmp)];

const asProblem = (e: { code: string; note?: string | null | undefined; role?: string | null | undefined }) => ({ code: e.code, note: e.note ?? null, role: e.role ?? null });

function assertBundle(bundle: Bundle, expect: LoadsExpectation): void {
  assert.deepEqual(bundle.warnings.map((w) => w.code), expect.warnings);
  if (expect.documents) assert.deepEqual(bundle.documents.map((d) => [d.role, d.uri, d.mode]), expect.documents);
  if (expect.count !== undefined) assert.equal(bundle.documents.length, expect.count);
}

async function viaCore(run: HostileRun): Promise<Bundle | string> {
  const store = new FsStore(run.root);
  const { spec } = run;
  if (spec.read !== undefined) return readNote(store, spec.read);
  return loadIdentity({ store, soul: spec.soul!, harness: spec.harness ?? 'webui', preset: spec.preset ?? null });
}

function cliArgs(run: HostileRun): string[] {
  const { spec } = run;
  if (spec.read !== undefined) return ['read', spec.read, '--vault', run.root];
  const args = ['load', spec.soul!, '--harness', spec.harness ?? 'webui', '--vault', run.root, '--json'];
  return spec.preset ? [...args, '--preset', spec.preset] : args;
}

// main() is the whole CLI but for the bin's few lines, so every case runs through it; a child process
// on the real bin (~0.2 s of CPU each) runs the first case of each command and outcome, every case
// that could hang or flood a pipe, and the 10,000-note case (it then loads on another CPU).
const SPAWN_ALWAYS = new Set(['fifo-note', 'read-fifo', 'symlink-device', 'read-device-link', 'symlink-folder-loop', 'symlink-self-loop', 'large-note', 'ten-thousand-notes']);
const spawned = new Set<string>();
const seen = new Set<string>();
for (const run of runs) {
  const outcome = `${run.spec.read === undefined ? 'load' : 'read'}:${isError(run.spec.expect) ? run.spec.expect.code : 'ok'}`;
  if (cliArgs(run).some((a) => a.includes('\0'))) continue;
  if (SPAWN_ALWAYS.has(run.name) || !seen.has(outcome)) spawned.add(run.name);
  seen.add(outcome);
}

test('the corpus holds every kind of case the issue names', () => {
  const names = new Set(runs.map((r) => r.name));
  assert.ok(runs.length >= 60, `${runs.length} cases`);
  for (const name of ['missing-identity', 'missing-soul-instructions', 'missing-guest-instructions', 'lone-surrogate-utf8', 'overlong-encoding', 'bom-crlf-frontmatter', 'frontmatter-yaml-bomb', 'prompt-loading-capitalised', 'two-identity-files', 'soul-also-guest', 'symlink-folder-loop', 'symlink-device', 'read-nul', 'large-note', 'ten-thousand-notes', 'case-collision-notes', 'empty-files', 'empty-folder-named-like-note']) {
    assert.ok(names.has(name), name);
  }
  // Every outcome reaches the real bin at least once.
  assert.deepEqual(new Set(runs.filter((r) => spawned.has(r.name)).map((r) => `${r.spec.read === undefined ? 'load' : 'read'}:${isError(r.spec.expect) ? r.spec.expect.code : 'ok'}`)), seen);
});

describe('hostile corpus', { concurrency: 4 }, () => {
  for (const run of runs) {
    const { spec } = run;
    test(`${run.name}: ${spec.about}`, { timeout: 90_000 }, async () => {
      // A child process starts first and runs alongside the core half.
      const child = spawned.has(run.name) ? cli(cliArgs(run)) : null;
      // Core: the exact VaultError, or the bundle / text it must give.
      const expect = spec.expect;
      let coreBundle: Bundle | null = null;
      if (isError(expect)) {
        await assert.rejects(viaCore(run), (error: unknown) => {
          assert.ok(error instanceof VaultError, `not a VaultError: ${String(error)}`);
          assert.deepEqual(asProblem(error), expect);
          return true;
        });
      } else {
        const result = await viaCore(run);
        if (isLoads(expect)) assertBundle((coreBundle = result as Bundle), expect);
        else assert.equal(result, expect.text);
      }

      // CLI: the same answer from the command line.
      const out = child ? await child : await cliInProcess(cliArgs(run));
      assert.doesNotMatch(out.stderr, STACK_LINE);
      if (isError(expect)) {
        assert.equal(out.code, 1, out.stderr);
        assert.equal(out.stdout, '');
        if (spec.read === undefined) {
          assert.deepEqual(asProblem((JSON.parse(out.stderr) as { error: { code: string; note: string | null; role: string | null } }).error), expect);
        } else {
          // read prints `error[code]: message`; the message names the note (JSON-quoted when parseUri rejected it).
          const match = /^error\[([a-z_]+)\]: (.*)\n$/s.exec(out.stderr);
          assert.ok(match, out.stderr);
          const [, code, message] = match as unknown as [string, string, string];
          assert.equal(code, expect.code);
          const note = expect.note ?? '';
          assert.ok(message.includes(note) || message.includes(JSON.stringify(note).slice(1, -1)), message);
        }
      } else {
        assert.equal(out.code, 0, out.stderr);
        assert.equal(out.stderr, '');
        if (isLoads(expect)) {
          const bundle = JSON.parse(out.stdout) as Bundle;
          assertBundle(bundle, expect);
          assert.equal(bundle.revision, coreBundle!.revision);
        } else assert.equal(out.stdout, expect.text);
      }

      // ls still lists a broken vault: souls, guests and shared notes, exit 0.
      const listed = await cliInProcess(['ls', '--json', '--vault', run.root]);
      assert.equal(listed.stderr, '');
      assert.equal(listed.code, 0);
      JSON.parse(listed.stdout);

      // check: a problem in the vault (not in the arguments) is among the findings of one run over the root.
      if (spec.read !== undefined || spec.check === false) return;
      const checked = await cliInProcess(['check', '--json', '--vault', run.root]);
      assert.doesNotMatch(checked.stderr, STACK_LINE);
      const report = JSON.parse(checked.stdout) as CheckReport;
      if (isError(expect)) {
        assert.equal(checked.code, 1);
        assert.ok(report.findings.some((f) => f.severity === 'error' && f.souls.includes(spec.soul!) && isDeepStrictEqual(asProblem(f), expect)), JSON.stringify(report.findings));
      } else if (isLoads(expect)) {
        assert.equal(checked.code, 0);
        assert.equal(report.errors, 0, JSON.stringify(report.findings));
        assert.deepEqual(report.findings.map((f) => f.code), expect.warnings);
      }
    });
  }
});
