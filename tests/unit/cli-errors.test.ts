// Every error case of error-cases.ts through the command line: exit 1, a readable line, or JSON on stderr with --json.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ERROR_CASES, buildTempVaults, vaultOf } from './error-cases.ts';
import type { ErrorCase } from './error-cases.ts';
import { cli, runMain } from './helpers.ts';

const argsOf = (c: ErrorCase, vault: string): string[] =>
  c.read
    ? ['read', c.read, '--vault', vault]
    : ['load', c.load!.soul, `--harness=${c.load!.harness}`, ...(c.load!.preset ? ['--preset', c.load!.preset] : []), '--vault', vault];

function assertJsonError(stderr: string, c: ErrorCase): void {
  assert.ok(stderr.endsWith('\n') && stderr.indexOf('\n') === stderr.length - 1, 'one line');
  const parsed = JSON.parse(stderr) as { error: Record<string, unknown> };
  assert.deepEqual(Object.keys(parsed), ['error']);
  assert.deepEqual(Object.keys(parsed.error), ['code', 'message', 'operation', 'note', 'role']);
  const { code, message, operation, note, role } = parsed.error;
  assert.deepEqual({ code, note, role }, { code: c.code, note: c.note, role: c.role });
  assert.equal(typeof message, 'string');
  assert.equal(operation, c.read ? 'read' : 'load_identity');
  if (c.note) assert.ok((message as string).includes(c.note), message as string);
  if (c.role) assert.ok((message as string).includes(c.role), message as string);
}

describe('error cases through main()', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  before(async () => {
    temp = await buildTempVaults();
  });
  after(() => temp.cleanup());

  for (const c of ERROR_CASES) {
    test(`${c.name}: exit 1, error[${c.code}] on stderr; with --json, the error object`, async () => {
      const args = argsOf(c, vaultOf(c, temp.dir));
      const plain = await runMain(args);
      assert.equal(plain.code, 1);
      assert.equal(plain.stdout, '');
      assert.ok(plain.stderr.startsWith(`error[${c.code}]: `), plain.stderr);
      if (c.note) assert.ok(plain.stderr.includes(c.note), plain.stderr);
      // `read` takes no --json, so only loads are tried with it.
      if (c.read) return;
      const json = await runMain([...args, '--json']);
      assert.equal(json.code, 1);
      assert.equal(json.stdout, '');
      assertJsonError(json.stderr, c);
    });
  }
});

describe('each error code through the real bin (a child process)', { concurrency: true }, () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  before(async () => {
    temp = await buildTempVaults();
  });
  after(() => temp.cleanup());

  // One load per code keeps the suite fast; main() above covers every case.
  const seen = new Set<string>();
  const picked = ERROR_CASES.filter((c) => c.load && !seen.has(c.code) && seen.add(c.code));
  test('every code of section 6 is covered', () => {
    assert.deepEqual(
      [...seen].sort(),
      ['frontmatter_invalid', 'harness_required', 'identity_ambiguous', 'identity_document_missing', 'integrity_error', 'soul_not_found', 'uri_invalid'],
    );
  });

  for (const c of picked) {
    test(`${c.code} (${c.name}): exit 1, empty stdout, the error as JSON on stderr`, async () => {
      const r = await cli([...argsOf(c, vaultOf(c, temp.dir)), '--json']);
      assert.equal(r.code, 1, r.stderr);
      assert.equal(r.stdout, '');
      assertJsonError(r.stderr, c);
    });
  }
});
