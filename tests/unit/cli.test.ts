// The command line (VAULT.md section 7): usage errors, help, load, read (and every pointer's command), ls.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SOUL_ROLES, loadIdentity, renderPrompt, walkNotes } from '../../src/core/index.ts';
import type { Bundle } from '../../src/core/index.ts';
import { FsStore } from '../../src/node/index.ts';
import { Tiktoken } from 'js-tiktoken/lite';
import o200kRanks from 'js-tiktoken/ranks/o200k_base';
import { POINTER_PREFIX, SAMPLE, cli, fixture, runMain, sha256, tempDir, tinyFiles, utf8, writeTree } from './helpers.ts';

const sample = ['--vault', SAMPLE];
// The card's tokens against js-tiktoken's o200k_base, an implementation the CLI does not use.
const o200kReference = new Tiktoken(o200kRanks);
const reference = (text: string): number => o200kReference.encode(text, [], []).length;
const fileOf = (root: string, uri: string): string => path.join(root, ...uri.slice('soul://'.length).split('/'));

// One suite running its parts side by side: most of the time here is child processes starting.
describe('soul-vault', { concurrency: true }, () => {
  describe('usage errors exit 2 with help on stderr', { concurrency: true }, () => {
    const cases: Array<[string, string[]]> = [
      ['no command', []],
      ['unknown command', ['frob']],
      ['unknown flag', ['load', 'pippa', '--harness', 'x', '--bogus']],
      ["another command's flag", ['check', '--preset', 'x']],
      ['missing --harness', ['load', 'pippa']],
      ['missing --harness, with --json', ['load', 'pippa', '--json']],
      ['--harness with no value', ['load', 'pippa', '--harness']],
      ['missing soul', ['load', '--harness', 'x']],
      ['missing uri', ['read']],
      ['extra argument', ['ls', 'extra']],
      ['two souls', ['load', 'pippa', 'quill', '--harness', 'x']],
    ];
    for (const [name, args] of cases) {
      test(name, async () => {
        const r = await runMain([...args, ...sample]);
        assert.equal(r.code, 2, r.stderr);
        assert.equal(r.stdout, '');
        assert.match(r.stderr, /^soul-vault: .+\n\n.*soul-vault/s);
      });
    }

    test('the real bin exits 2 too', async () => {
      const r = await cli(['load', 'pippa', ...sample]);
      assert.equal(r.code, 2);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /--harness/);
    });
  });

  describe('--help exits 0 on every command', { concurrency: true }, () => {
    for (const [args, first] of [
      [['--help'], 'soul-vault: load, read and check'],
      [['-h'], 'soul-vault: load, read and check'],
      [['load', '--help'], 'soul-vault load <soul> --harness H'],
      [['read', '--help'], 'soul-vault read <uri>'],
      [['check', '--help'], 'soul-vault check [--strict] [--json]'],
      [['ls', '--help'], 'soul-vault ls [--json]'],
    ] as const) {
      test(args.join(' '), async () => {
        const r = await runMain([...args]);
        assert.equal(r.code, 0);
        assert.equal(r.stderr, '');
        assert.ok(r.stdout.startsWith(first), r.stdout);
      });
    }

    test('the real bin: load --help', async () => {
      const r = await cli(['load', '--help']);
      assert.equal(r.code, 0);
      assert.match(r.stdout, /--harness H/);
    });
  });

  describe('load', { concurrency: true }, () => {
    const store = new FsStore(SAMPLE);

    test('the real bin: --json prints the bundle loadIdentity returns, documents in SOUL_ROLES order', async () => {
      const r = await cli(['load', 'pippa', '--harness', 'webui', '--preset', 'code-review', '--json', ...sample]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stderr, '');
      const printed = JSON.parse(r.stdout) as Bundle;
      assert.deepEqual(printed, await loadIdentity({ store, soul: 'pippa', harness: 'webui', preset: 'code-review' }));
      assert.deepEqual(Object.keys(printed), ['soul', 'display', 'kind', 'harness', 'preset', 'documents', 'warnings', 'revision']);
      const ranks = printed.documents.map((d) => SOUL_ROLES.indexOf(d.role as (typeof SOUL_ROLES)[number]));
      assert.ok(ranks.every((r, i) => r >= 0 && (i === 0 || r >= ranks[i - 1]!)), ranks.join());
      assert.deepEqual([...new Set(printed.documents.map((d) => d.role))], [...SOUL_ROLES]);
    });

    for (const [soul, preset] of [['quill', undefined], ['lingtai', 'recall'], ['marlow', undefined], ['sable', undefined]] as const) {
      test(`--json for ${soul}${preset ? ` with ${preset}` : ''} equals loadIdentity`, async () => {
        const r = await runMain(['load', soul, '--harness', 'cli', ...(preset ? ['--preset', preset] : []), '--json', ...sample]);
        assert.equal(r.code, 0, r.stderr);
        assert.deepEqual(JSON.parse(r.stdout), await loadIdentity({ store, soul, harness: 'cli', preset }));
      });
    }

    test('the card names the soul, harness, revision and every document', async () => {
      const bundle = await loadIdentity({ store, soul: 'lingtai', harness: 'webui', preset: 'recall' });
      const r = await runMain(['load', 'lingtai', '--harness', 'webui', '--preset', 'recall', ...sample]);
      assert.equal(r.code, 0, r.stderr);
      const lines = r.stdout.split('\n');
      assert.equal(lines[0], '灵台 (lingtai) · family soul · harness webui · preset recall');
      assert.equal(lines[1], `revision ${bundle.revision}`);
      for (const d of bundle.documents) assert.ok(r.stdout.includes(d.uri), d.uri);
    });

    test('the card gives each document\'s tokens and the prompt\'s, as the tokenizer counts them', async () => {
      const bundle = await loadIdentity({ store, soul: 'pippa', harness: 'webui' });
      const r = await runMain(['load', 'pippa', '--harness', 'webui', ...sample]);
      assert.equal(r.code, 0, r.stderr);
      const lines = r.stdout.split('\n');
      assert.match(lines[2]!, new RegExp(` · ${reference(renderPrompt(bundle.documents))} tokens \\(o200k_base\\) · `));
      assert.match(lines[4]!, /^ {2}#  role +mode +bytes  tokens  uri$/);
      bundle.documents.forEach((d, i) => {
        const cells = lines[5 + i]!.trim().split(/ +/);
        assert.equal(cells[4], String(reference(d.text)), d.uri);
        assert.equal(cells[5], d.uri);
      });
    });

    test('--prompt prints the rendered prompt, whose SHA-256 is the bundle revision', async () => {
      const bundle = await loadIdentity({ store, soul: 'quill', harness: 'webui' });
      const r = await runMain(['load', 'quill', '--harness', 'webui', '--prompt', ...sample]);
      assert.equal(r.code, 0);
      assert.equal(r.stdout, renderPrompt(bundle.documents));
      assert.equal(sha256(r.stdout), bundle.revision);
    });

    test('the vault root comes from $SOUL_VAULT_DIR when --vault is not given', async () => {
      const r = await runMain(['load', 'ada', '--harness', 'x', '--json'], { SOUL_VAULT_DIR: fixture('tiny') });
      assert.equal(r.code, 0, r.stderr);
      assert.equal((JSON.parse(r.stdout) as Bundle).display, 'Ada Byron');
    });
  });

  describe('read', { concurrency: true }, () => {
    let tmp: { dir: string; cleanup: () => Promise<void> };
    const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);
    const body = utf8('---\r\ntitle: Windows\r\n---\r\n{soul} stays, 灵台 𝒜\r\n');
    before(async () => {
      tmp = await tempDir();
      const withBom = new Uint8Array(BOM.length + body.length);
      withBom.set(BOM);
      withBom.set(body, BOM.length);
      await writeTree(tmp.dir, tinyFiles({ 'ada/core/bom.md': withBom }));
    });
    after(() => tmp.cleanup());

    test('a note byte for byte (a CJK file name)', async () => {
      const uri = 'soul://lingtai/灵台.md';
      const r = await runMain(['read', uri, ...sample]);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(Buffer.from(r.stdout, 'utf8'), await readFile(fileOf(SAMPLE, uri)));
    });

    test('the real bin prints a BOM note minus its BOM, CRLF kept, no tokens filled', async () => {
      const r = await cli(['read', 'soul://ada/core/bom.md', '--vault', tmp.dir]);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(new Uint8Array(r.raw), body);
    });

    test('a name with spaces', async () => {
      const uri = 'soul://cwkpippa-guests/marlow/Marlow Vance.md';
      const r = await runMain(['read', uri, ...sample]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, await readFile(fileOf(SAMPLE, uri), 'utf8'));
    });

    test('the shared instructions unfilled, as stored', async () => {
      const r = await runMain(['read', 'soul://cwkpippa-shared/instructions.md', ...sample]);
      assert.equal(r.stdout, await readFile(path.join(SAMPLE, 'cwkpippa-shared', 'instructions.md'), 'utf8'));
      assert.match(r.stdout, /\{soul_display\}|\{soul\}/);
    });

    test('an absent note: exit 1, note_not_found', async () => {
      const r = await runMain(['read', 'soul://cwkpippa-guests/sable/memory/index.md', ...sample]);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /^error\[note_not_found\]: .*soul:\/\/cwkpippa-guests\/sable\/memory\/index\.md/);
    });
  });

  describe('every pointer printed in a bundle', { concurrency: true }, () => {
    test('names a `soul-vault read <uri>` command that prints the note', async () => {
      const souls = ['pippa', 'quill', 'lingtai', 'marlow', 'sable'];
      const pointers = new Map<string, string>();
      const bundles = await Promise.all(souls.map((soul) => runMain(['load', soul, '--harness', 'cli', '--json', ...sample])));
      for (const r of bundles) {
        assert.equal(r.code, 0, r.stderr);
        for (const d of (JSON.parse(r.stdout) as Bundle).documents) {
          if (d.mode !== 'pointer' || d.text === '') continue;
          assert.ok(d.text.startsWith(POINTER_PREFIX), d.text);
          pointers.set(d.uri, d.text.slice(POINTER_PREFIX.length - 'soul-vault read '.length));
        }
      }
      assert.ok(pointers.size >= 10, `only ${pointers.size} pointers`);
      for (const [uri, command] of pointers) {
        const [bin, verb, arg, ...rest] = command.split(' ');
        assert.deepEqual([bin, verb, rest.length], ['soul-vault', 'read', 0], command);
        assert.equal(arg, uri);
        const r = await runMain([verb!, arg!, ...sample]);
        assert.equal(r.code, 0, r.stderr);
        assert.equal(r.stdout, await readFile(fileOf(SAMPLE, uri), 'utf8'), uri);
      }
    });
  });

  describe('ls', { concurrency: true }, () => {
    test('the real bin: --json lists souls, guests and shared notes', async () => {
      const r = await cli(['ls', '--json', ...sample]);
      assert.equal(r.code, 0, r.stderr);
      const overview = JSON.parse(r.stdout) as {
        family: string;
        members: Array<{ id: string; kind: string; display: string; presets: string[] }>;
        sharedCore: Array<{ uri: string; loading: string | null }>;
      };
      assert.equal(overview.family, 'cwkpippa');
      assert.deepEqual(
        overview.members.map((m) => [m.id, m.kind, m.display]),
        [
          ['lingtai', 'family', '灵台'],
          ['pippa', 'family', 'Pippa'],
          ['quill', 'family', 'Quill Ashford'],
          ['marlow', 'guest', 'Marlow Vance'],
          ['sable', 'guest', 'Sable'],
        ],
      );
      assert.deepEqual(overview.members.find((m) => m.id === 'pippa')?.presets, ['code-review', 'lesson-writing', 'research-spike']);
      const store = new FsStore(SAMPLE);
      assert.deepEqual(
        overview.sharedCore.map((n) => n.uri),
        (await walkNotes(store, 'cwkpippa-shared', 'core')).map((p) => `soul://cwkpippa-shared/${p}`),
      );
      // What ls says about loading agrees with what the loader does.
      const bundle = await loadIdentity({ store, soul: 'pippa', harness: 'x' });
      for (const n of overview.sharedCore) {
        const d = bundle.documents.find((x) => x.uri === n.uri);
        assert.equal(d?.mode, n.loading === 'inline' ? 'whole' : 'pointer', n.uri);
      }
    });

    test('the readable list', async () => {
      const r = await runMain(['ls', ...sample]);
      assert.equal(r.code, 0);
      assert.match(r.stdout, /^family cwkpippa\n\nsouls:\n {2}lingtai +灵台 {2}presets: evening-review, recall\n/);
      assert.match(r.stdout, /\nguests:\n {2}marlow +Marlow Vance\n {2}sable +Sable\n/);
      assert.match(r.stdout, /\nshared core:\n {2}pointer +soul:\/\/cwkpippa-shared\/core\/citing-sources\.md/);
    });
  });
});
