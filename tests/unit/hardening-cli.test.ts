// Issue 14, the command line: an option without its value or an empty id is a usage error, a
// preset on a guest is an error, read --json speaks JSON, a vault root that is missing or holds
// no vault is a named error for every command, and memory dates are read in full.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { VaultError, loadIdentity } from '../../src/core/index.ts';
import { isoTime, parseIsoDate } from '../../src/core/dates.ts';
import { STACK_LINE, cli, cliInProcess as run } from '../fixtures/hostile/cli.ts';
import { BASE, GUEST, writeFiles } from '../fixtures/hostile/generate.ts';
import { SAMPLE, tinyStore } from './helpers.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'soulpress-hardening-cli-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
const vault = path.join(tmp, 'vaults');
writeFiles(vault, { ...BASE, ...GUEST, 'wren/projects/plan.md': 'Plan.\n' });

const jsonError = (stderr: string): { code: string; message: string; note: string | null; role: string | null } => (JSON.parse(stderr) as { error: never }).error;

describe('arguments', () => {
  test('an option followed by another option has no value: usage error, exit 2, never taken as the value', async () => {
    for (const args of [
      ['load', 'pippa', '--harness', '--json'],
      ['load', 'pippa', '--harness', 'webui', '--preset', '--json'],
      ['load', 'pippa', '--harness', 'webui', '--preset'],
      ['check', '--vault', '--json'],
      ['ls', '--family', '--json'],
    ]) {
      const out = await run(args);
      assert.equal(out.code, 2, args.join(' '));
      assert.equal(out.stdout, '');
      assert.match(out.stderr, /^soul-vault: --[a-z]+ needs a value/, args.join(' '));
    }
  });

  test("an empty preset, soul id, URI or vault is a usage error, not projects/.md or the default root", async () => {
    for (const args of [
      ['load', 'pippa', '--harness', 'webui', '--preset', ''],
      ['load', '', '--harness', 'webui'],
      ['read', ''],
      ['ls', '--vault', ''],
    ]) {
      const out = await run(args);
      assert.equal(out.code, 2, JSON.stringify(args));
      assert.equal(out.stdout, '');
    }
    // And through the API, an empty or dotted preset is uri_invalid, naming the project role.
    for (const preset of ['', '.', '.hidden', 'a/b']) {
      await assert.rejects(loadIdentity({ store: tinyStore(), soul: 'ada', harness: 'x', preset }), (e: VaultError) => e.code === 'uri_invalid' && e.role === 'project', JSON.stringify(preset));
    }
  });

  test('--preset on a guest is an error (exit 1), not silently ignored', async () => {
    const out = await run(['load', 'ada', '--harness', 'webui', '--preset', 'plan', '--json', '--vault', vault]);
    assert.equal(out.code, 1);
    assert.equal(out.stdout, '');
    const error = jsonError(out.stderr);
    assert.equal(error.code, 'uri_invalid');
    assert.equal(error.role, 'project');
    assert.match(error.message, /guest "ada" has no presets/);
  });

  test('read --json: errors as JSON on stderr, the note as {uri, text} on stdout', async () => {
    const missing = await run(['read', 'soul://wren/nope.md', '--json', '--vault', vault]);
    assert.equal(missing.code, 1);
    assert.equal(missing.stdout, '');
    assert.deepEqual(jsonError(missing.stderr), { code: 'note_not_found', message: 'note soul://wren/nope.md is missing from the fs store', operation: 'read', note: 'soul://wren/nope.md', role: null });
    const bad = await run(['read', 'soul://wren/../x.md', '--json', '--vault', vault]);
    assert.equal(bad.code, 1);
    assert.equal(jsonError(bad.stderr).code, 'uri_invalid');
    const ok = await run(['read', 'soul://wren/Wren.md', '--json', '--vault', vault]);
    assert.equal(ok.code, 0);
    assert.deepEqual(JSON.parse(ok.stdout), { uri: 'soul://wren/Wren.md', text: BASE['wren/Wren.md'] });
  });
});

describe('a vault root that does not exist or holds no vault', () => {
  const empty = path.join(tmp, 'empty');
  mkdirSync(empty);
  const guestsOnly = path.join(tmp, 'guests-only');
  writeFiles(guestsOnly, GUEST);
  const commands = [
    ['load', 'pippa', '--harness', 'webui'],
    ['read', 'soul://pippa/Pippa.md'],
    ['check'],
    ['check', '--strict'],
    ['ls'],
  ];
  for (const [name, root] of [['missing', path.join(tmp, 'typo')], ['empty', empty], ['guests only', guestsOnly]] as const) {
    test(`${name}: every command says vault_root_invalid, exit 1, text and JSON`, async () => {
      for (const args of commands) {
        const text = await run([...args, '--vault', root]);
        assert.equal(text.code, 1, args.join(' '));
        assert.equal(text.stdout, '');
        assert.match(text.stderr, /^error\[vault_root_invalid\]: the vault root /, args.join(' '));
        const json = await run([...args, '--json', '--vault', root]);
        assert.equal(json.code, 1);
        assert.equal(jsonError(json.stderr).code, 'vault_root_invalid');
      }
    });
  }

  test('SOUL_VAULT_DIR naming a typo, through the real bin: named error, no stack trace', async () => {
    const out = await cli(['check', '--strict', '--vault', path.join(tmp, 'typo')]);
    assert.equal(out.code, 1);
    assert.match(out.stderr, /error\[vault_root_invalid\]: the vault root .*typo does not exist/);
    assert.doesNotMatch(out.stderr, STACK_LINE);
  });

  test('the sample root is still fine', async () => {
    assert.equal((await run(['check', '--vault', SAMPLE])).code, 0);
  });
});

describe('memory dates', () => {
  test('years below 100 are those years, not 19xx', () => {
    assert.ok(isoTime('0099-06-01')! < isoTime('1999-06-01')!);
    assert.equal(new Date(isoTime('0099-06-01')!).getUTCFullYear(), 99);
    assert.equal(isoTime('0000-01-01'), Date.UTC(2000, 0, 1) - 730_485 * 86_400_000);
  });

  test('sub-millisecond fractions are kept: .0002 is later than .0001', () => {
    const a = parseIsoDate('2026-03-14T09:30:00.0001Z');
    const b = parseIsoDate('2026-03-14T09:30:00.0002Z');
    assert.ok(a.ok && b.ok && b.ns - a.ns === 100_000n);
    const c = parseIsoDate('2026-03-14T09:30:00.000000001Z');
    const d = parseIsoDate('2026-03-14T09:30:00Z');
    assert.ok(c.ok && d.ok && c.ns - d.ns === 1n);
  });

  test('the ISO 8601 forms: basic, ordinal, week, reduced, comma fraction, offsets', () => {
    const day = isoTime('2026-03-14');
    for (const same of ['20260314', '2026-073', '2026073', '2026-W11-6', '2026W116', '2026-03-14T00:00Z', '2026-03-14T01:00+01:00', '2026-03-13T24:00', '2026-03-13T23:00-01', '2026-03-14t00:00:00,0z']) {
      assert.equal(isoTime(same), day, same);
    }
    assert.equal(isoTime('2026-03'), Date.UTC(2026, 2, 1));
    assert.equal(isoTime('2026-03-14T09:30:00.5+0530'), Date.UTC(2026, 2, 14, 4, 0, 0, 500));
    assert.equal(isoTime('2026-03-14T09.5Z'), Date.UTC(2026, 2, 14, 9, 30));
  });

  test('impossible values are refused with a message that says what is wrong', () => {
    const why = (v: string): string => {
      const r = parseIsoDate(v);
      assert.ok(!r.ok, v);
      return r.why;
    };
    assert.match(why('2026-03-14T09:30+99:99'), /UTC offset \+99:99 is out of range/);
    assert.match(why('2026-03-14T09:30+24:00'), /UTC offset \+24:00/);
    assert.match(why('2026-02-29'), /day 29 is out of range for 2026-02/);
    assert.match(why('2026-13-01'), /month 13 is out of range/);
    assert.match(why('2026-04-31'), /day 31 is out of range for 2026-04/);
    assert.match(why('2026-03-14T25:00'), /hour 25/);
    assert.match(why('2026-03-14T09:60'), /minute 60/);
    assert.match(why('2026-03-14T09:30:60'), /second 60/);
    assert.match(why('2026-W54'), /week 54 is out of range for 2026/);
    assert.match(why('2025-W53'), /week 53 is out of range for 2025/);
    assert.match(why('2026-366'), /day of the year 366 is out of range for 2026/);
    assert.match(why('26-03-14'), /it must look like 2026-03-14/);
    assert.match(why('soon'), /it must look like 2026-03-14/);
  });

  test('through a load: 0099 sorts before 1999, .0002 before .0001, and +99:99 is frontmatter_invalid saying why', async () => {
    const root = path.join(tmp, 'dates');
    const memory = 'cwkpippa-guests/ada/memory';
    writeFiles(root, {
      ...BASE,
      ...GUEST,
      [`${memory}/a-old.md`]: '---\ndate: 0099-06-01\n---\n',
      [`${memory}/b-late-century.md`]: '---\ndate: 1999-06-01\n---\n',
      [`${memory}/c-first.md`]: '---\ndate: 2026-03-14T09:30:00.0001Z\n---\n',
      [`${memory}/d-second.md`]: '---\ndate: 2026-03-14T09:30:00.0002Z\n---\n',
    });
    const out = await run(['load', 'ada', '--harness', 'webui', '--json', '--vault', root]);
    assert.equal(out.code, 0, out.stderr);
    const memories = (JSON.parse(out.stdout) as { documents: Array<{ role: string; uri: string }> }).documents.filter((d) => d.role === 'memory').map((d) => d.uri.split('/').pop());
    assert.deepEqual(memories, ['d-second.md', 'c-first.md', '2026-01-02-visit.md', 'b-late-century.md', 'a-old.md']);

    writeFiles(root, { [`${memory}/e-bad.md`]: '---\ndate: 2026-03-14T09:30+99:99\n---\n' });
    const bad = await run(['load', 'ada', '--harness', 'webui', '--json', '--vault', root]);
    assert.equal(bad.code, 1);
    const error = jsonError(bad.stderr);
    assert.equal(error.code, 'frontmatter_invalid');
    assert.equal(error.note, `soul://${memory}/e-bad.md`);
    assert.match(error.message, /date "2026-03-14T09:30\+99:99" is not ISO 8601: UTC offset \+99:99 is out of range/);
  });
});
