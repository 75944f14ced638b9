// `soul-vault diff` and `--at` (issue 12) over constructed histories of the sample family: every
// prefix is checked against the common prefix of the two `load --json` prompts, computed here.
import assert from 'node:assert/strict';
import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Bundle } from '../../src/core/index.ts';
import { sampleRepo } from './git-helpers.ts';
import type { Repo } from './git-helpers.ts';
import { cli, runMain, tempDir, tinyFiles, writeTree } from './helpers.ts';

interface Diff {
  soul: string;
  harness: string;
  preset: string | null;
  from: { rev: string | null; revision: string; bytes: number };
  to: { rev: string | null; revision: string; bytes: number };
  prefix: { bytes: number; share: number; document: { index: number; role: string; uri: string } | null };
}

/** The rendered prompt of a `load --json` bundle, joined here rather than by the loader. */
const promptOf = (bundle: Bundle): Buffer => Buffer.from(bundle.documents.filter((d) => d.text !== '').map((d) => d.text).join('\n\n'), 'utf8');

function commonPrefix(a: Buffer, b: Buffer): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** The 1-based index of the `to` document holding byte `at` of its prompt (a blank line counts for the text after it). */
function documentAt(bundle: Bundle, at: number): number | null {
  let end = 0;
  let first = true;
  for (const [i, d] of bundle.documents.entries()) {
    if (d.text === '') continue;
    end += (first ? 0 : 2) + Buffer.byteLength(d.text);
    first = false;
    if (at < end) return i + 1;
  }
  return null;
}

describe('soul-vault diff', { concurrency: true }, () => {
  let repo: Repo;
  const vault = (): string[] => ['--vault', repo.root];
  const load = async (soul: string, rev: string | null, preset?: string): Promise<Bundle> => {
    const r = await runMain(['load', soul, '--harness', 'webui', ...(preset ? ['--preset', preset] : []), '--json', ...(rev ? ['--at', rev] : []), ...vault()]);
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout) as Bundle;
  };
  const diff = async (soul: string, from: string, to: string | null, preset?: string): Promise<Diff> => {
    const r = await runMain(['diff', soul, '--harness', 'webui', ...(preset ? ['--preset', preset] : []), '--from', from, ...(to ? ['--to', to] : []), '--json', ...vault()]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    return JSON.parse(r.stdout) as Diff;
  };
  /** Diff against the two loads, independently: sizes, revisions, prefix, share and document. */
  const checked = async (soul: string, from: string, to: string | null, preset?: string): Promise<{ d: Diff; a: Bundle; b: Bundle }> => {
    const [d, a, b] = await Promise.all([diff(soul, from, to, preset), load(soul, from, preset), load(soul, to, preset)]);
    const [pa, pb] = [promptOf(a), promptOf(b)];
    assert.deepEqual(Object.keys(d), ['soul', 'harness', 'preset', 'from', 'to', 'prefix']);
    assert.deepEqual(d.from, { rev: from, revision: a.revision, bytes: pa.length });
    assert.deepEqual(d.to, { rev: to, revision: b.revision, bytes: pb.length });
    assert.equal(d.prefix.bytes, commonPrefix(pa, pb));
    assert.equal(d.prefix.share, pb.length === 0 ? 0 : d.prefix.bytes / pb.length);
    const index = documentAt(b, d.prefix.bytes);
    assert.deepEqual(d.prefix.document, index === null ? null : { index, role: b.documents[index - 1]!.role, uri: b.documents[index - 1]!.uri });
    assert.deepEqual([d.soul, d.harness, d.preset], [soul, 'webui', preset ?? null]);
    return { d, a, b };
  };

  before(async () => {
    repo = await sampleRepo();
    const text = (rel: string): Promise<string> => readFile(path.join(repo.root, ...rel.split('/')), 'utf8');
    const identity = await text('pippa/Pippa.md');
    // One commit per change, each tagged, all from the same base so each diff shows one change.
    // Made before the tests, which run side by side and read the working tree (main, = base).
    const steps: Array<[string, () => Promise<void>]> = [
      ['top', () => repo.write({ 'pippa/Pippa.md': identity.replace('\n', '\nA line near the top.\n') })],
      ['end', async () => repo.write({ 'pippa/index/projects.md': `${await text('pippa/index/projects.md')}\nOne more line at the very end.\n` })],
      ['added', () => repo.write({ 'pippa/index/zz-new.md': '# New\n\nA note added after every other index note.\n' })],
      ['removed', () => repo.write({ 'pippa/index/archive.md': null })],
      ['renamed', () => rename(path.join(repo.root, 'pippa/core/curiosity.md'), path.join(repo.root, 'pippa/core/wonder.md'))],
      ['flip', async () => repo.write({ 'pippa/index/people.md': `---\nprompt_loading: on-demand\n---\n${await text('pippa/index/people.md')}` })],
      ['unrelated', () => repo.write({ 'pippa/notes.txt': 'not a note\n', 'quill/index/new.md': 'another soul\n' })],
      ['broken', () => repo.write({ 'quill/instructions.md': null })],
      ['display', () => rename(path.join(repo.root, 'pippa/Pippa.md'), path.join(repo.root, 'pippa/Pippa Two.md'))],
    ];
    for (const [tag, change] of steps) {
      await repo.git('checkout', '-q', '--detach', 'base');
      await change();
      await repo.commit(tag);
      await repo.git('tag', tag);
    }
    await repo.git('checkout', '-q', 'main');
  });
  after(() => repo.cleanup());

  test('an edit near the top (identity): almost nothing stays cached', async () => {
    const { d } = await checked('pippa', 'base', 'top');
    assert.deepEqual(d.prefix.document, { index: 1, role: 'identity', uri: 'soul://pippa/Pippa.md' });
    assert.ok(d.prefix.share < 0.1, String(d.prefix.share));
  });

  test('an edit near the end (a soul index note): nearly everything stays cached', async () => {
    const { d, b } = await checked('pippa', 'base', 'end');
    assert.deepEqual(d.prefix.document, { index: b.documents.length, role: 'soul_index', uri: 'soul://pippa/index/projects.md' });
    assert.ok(d.prefix.share > 0.9, String(d.prefix.share));
  });

  test('a note added at the end: the whole old prompt is the prefix, the new note is where it ends', async () => {
    const { d, b } = await checked('pippa', 'base', 'added');
    assert.equal(d.prefix.bytes, d.from.bytes);
    assert.equal(d.prefix.document?.uri, 'soul://pippa/index/zz-new.md');
    assert.equal(b.documents.length, d.prefix.document?.index);
  });

  test('a note removed: the prefix ends at the note that now takes its place', async () => {
    const { d, a } = await checked('pippa', 'base', 'removed');
    const gone = a.documents.findIndex((x) => x.uri === 'soul://pippa/index/archive.md');
    assert.deepEqual(d.prefix.document, { index: gone + 1, role: 'soul_index', uri: a.documents[gone + 1]!.uri });
  });

  test('a rename: the prefix ends at the renamed note\'s old place', async () => {
    const { d, a } = await checked('pippa', 'base', 'renamed');
    const old = a.documents.findIndex((x) => x.uri === 'soul://pippa/core/curiosity.md');
    assert.equal(d.prefix.document?.index, old + 1);
    assert.equal(d.prefix.document?.role, 'soul_core');
  });

  test('a mode flip (whole → on-demand pointer), both directions', async () => {
    const { d } = await checked('pippa', 'base', 'flip');
    assert.equal(d.prefix.document?.uri, 'soul://pippa/index/people.md');
    const back = await checked('pippa', 'flip', 'base');
    assert.equal(back.d.prefix.document?.uri, 'soul://pippa/index/people.md');
  });

  test('identical prompts: document null, share 1, the same revision', async () => {
    const { d } = await checked('pippa', 'base', 'unrelated');
    assert.equal(d.from.revision, d.to.revision);
    assert.equal(d.prefix.share, 1);
    assert.equal(d.prefix.document, null);
    assert.equal(d.prefix.bytes, d.to.bytes);
  });

  test('with a preset, and against the working tree by default (rev null)', async () => {
    const { d } = await checked('pippa', 'top', null, 'code-review');
    assert.equal(d.to.rev, null);
    assert.equal(d.prefix.document?.role, 'identity');
    assert.equal((await checked('quill', 'base', null)).d.prefix.share, 1);
  });

  test('the readable diff names both sides, the prefix, where it ends and every changed document', async () => {
    const r = await runMain(['diff', 'pippa', '--harness', 'webui', '--from', 'base', '--to', 'flip', ...vault()]);
    assert.equal(r.code, 0, r.stderr);
    const d = await diff('pippa', 'base', 'flip');
    assert.match(r.stdout, new RegExp(`^pippa · harness webui\nfrom base  revision ${d.from.revision}  ${d.from.bytes} bytes\nto   flip  revision ${d.to.revision}  ${d.to.bytes} bytes\n`));
    assert.match(r.stdout, new RegExp(`cacheable prefix: ${d.prefix.bytes} of ${d.to.bytes} bytes \\(${(d.prefix.share * 100).toFixed(1)}%\\)`));
    assert.match(r.stdout, new RegExp(`first difference in document #${d.prefix.document!.index} \\(soul_index\\) soul://pippa/index/people.md`));
    assert.match(r.stdout, /changed documents \(1\):\n +#\d+ +soul_index +edited, whole → pointer +soul:\/\/pippa\/index\/people\.md\n$/);

    const moved = await runMain(['diff', 'pippa', '--harness', 'webui', '--from', 'base', '--to', 'renamed', ...vault()]);
    assert.match(moved.stdout, /changed documents \(2\):\n +#\d+ +soul_core +added +soul:\/\/pippa\/core\/wonder\.md\n +- +soul_core +removed +soul:\/\/pippa\/core\/curiosity\.md\n$/);
    const same = await runMain(['diff', 'pippa', '--harness', 'webui', '--from', 'base', '--to', 'unrelated', ...vault()]);
    assert.match(same.stdout, /the prompts are identical: all \d+ bytes stay cached\n\nchanged documents: none\n$/);
  });

  test('a new display name: the identity is renamed, and the shared instructions read the same bytes but fill another name', async () => {
    const { d } = await checked('pippa', 'base', 'display');
    // The identity's text is the same bytes under a new name: the prompt first differs where the name is filled in.
    assert.deepEqual(d.prefix.document, { index: 2, role: 'shared_instructions', uri: 'soul://cwkpippa-shared/instructions.md' });
    const r = await runMain(['diff', 'pippa', '--harness', 'webui', '--from', 'base', '--to', 'display', ...vault()]);
    const listed = r.stdout.slice(r.stdout.indexOf('changed documents')).split('\n').slice(1, -1).map((l) => l.trim().split(/ {2,}/));
    assert.deepEqual(listed, [
      ['#1', 'identity', 'added', 'soul://pippa/Pippa Two.md'],
      ['#2', 'shared_instructions', 'text (tokens filled differently)', 'soul://cwkpippa-shared/instructions.md'],
      ['-', 'identity', 'removed', 'soul://pippa/Pippa.md'],
    ]);
  });

  test('the real bin runs a diff and exits (the git process is closed)', async () => {
    const r = await cli(['diff', 'pippa', '--harness', 'webui', '--from', 'base', '--to', 'end', '--json', ...vault()]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal((JSON.parse(r.stdout) as Diff).prefix.document?.uri, 'soul://pippa/index/projects.md');
  });

  describe('--at for load, read and check', { concurrency: true }, () => {
    test('load --at equals the load of that commit, and differs from the working tree where the commit does', async () => {
      const top = await load('pippa', 'top');
      assert.match(top.documents[0]!.text, /A line near the top\./);
      assert.doesNotMatch((await load('pippa', null)).documents[0]!.text, /A line near the top\./);
      const card = await runMain(['load', 'pippa', '--harness', 'webui', '--at', 'top', ...vault()]);
      assert.match(card.stdout, new RegExp(`revision ${top.revision}`));
    });

    test('read --at prints the note as that commit has it; a note it lacks is note_not_found', async () => {
      const r = await runMain(['read', 'soul://pippa/index/zz-new.md', '--at', 'added', ...vault()]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, '# New\n\nA note added after every other index note.\n');
      const missing = await runMain(['read', 'soul://pippa/index/zz-new.md', '--at', 'base', '--json', ...vault()]);
      assert.equal(missing.code, 1);
      assert.equal((JSON.parse(missing.stderr) as { error: { code: string; message: string } }).error.code, 'note_not_found');
      assert.match(missing.stderr, /missing from the git store/);
    });

    test('check --at checks that commit: a commit that broke a soul fails, the working tree passes', async () => {
      const bad = await runMain(['check', '--json', '--at', 'broken', ...vault()]);
      assert.equal(bad.code, 1, bad.stdout);
      const findings = (JSON.parse(bad.stdout) as { findings: Array<{ code: string; note: string }> }).findings;
      assert.ok(findings.some((f) => f.code === 'identity_document_missing' && f.note === 'soul://quill/instructions.md'), bad.stdout);
      assert.equal((await runMain(['check', ...vault()])).code, 0);
      const soulAbsent = await runMain(['diff', 'quill', '--harness', 'x', '--from', 'broken', '--json', ...vault()]);
      assert.equal(soulAbsent.code, 1);
      assert.match(soulAbsent.stderr, /"code":"identity_document_missing".*\(at broken\)/);
    });
  });

  describe('errors', { concurrency: true }, () => {
    test('a vault root in no git repository: not_a_repository from diff and --at, exit 1; without --at nothing changes', async () => {
      const tmp = await tempDir();
      try {
        await writeTree(tmp.dir, tinyFiles());
        for (const args of [['diff', 'ada', '--harness', 'x', '--from', 'HEAD'], ['load', 'ada', '--harness', 'x', '--at', 'HEAD'], ['read', 'soul://ada/instructions.md', '--at', 'HEAD'], ['check', '--at', 'HEAD']]) {
          const r = await runMain([...args, '--vault', tmp.dir]);
          assert.equal(r.code, 1, args.join(' '));
          assert.equal(r.stdout, '');
          assert.match(r.stderr, /^error\[not_a_repository\]: the vault root .+ is not inside a git repository/);
          const j = await runMain([...args, '--json', '--vault', tmp.dir]);
          assert.equal((JSON.parse(j.stderr) as { error: { code: string } }).error.code, 'not_a_repository');
        }
        assert.equal((await runMain(['load', 'ada', '--harness', 'x', '--vault', tmp.dir])).code, 0);
        assert.equal((await runMain(['check', '--vault', tmp.dir])).code, 0);
      } finally {
        await tmp.cleanup();
      }
    });

    test('a revision that names no commit: revision_not_found, exit 1', async () => {
      for (const args of [['diff', 'pippa', '--harness', 'x', '--from', 'nope'], ['diff', 'pippa', '--harness', 'x', '--from', 'base', '--to', 'HEAD~99'], ['load', 'pippa', '--harness', 'x', '--at', 'no-such-tag']]) {
        const r = await runMain([...args, ...vault()]);
        assert.equal(r.code, 1, args.join(' '));
        assert.match(r.stderr, /^error\[revision_not_found\]: revision "(nope|HEAD~99|no-such-tag)" names no commit/);
      }
    });

    const usage: Array<[string, string[]]> = [
      ['missing --from', ['diff', 'pippa', '--harness', 'x']],
      ['--from without a value', ['diff', 'pippa', '--harness', 'x', '--from']],
      ['--from followed by an option', ['diff', 'pippa', '--harness', 'x', '--from', '--json']],
      ['an empty --from', ['diff', 'pippa', '--harness', 'x', '--from=']],
      ['--to without a value', ['diff', 'pippa', '--harness', 'x', '--from', 'base', '--to']],
      ['missing --harness', ['diff', 'pippa', '--from', 'base']],
      ['missing soul', ['diff', '--harness', 'x', '--from', 'base']],
      ['--at without a value', ['load', 'pippa', '--harness', 'x', '--at']],
      ['--at on ls', ['ls', '--at', 'base']],
      ['--at on diff', ['diff', 'pippa', '--harness', 'x', '--from', 'base', '--at', 'base']],
    ];
    for (const [name, args] of usage) {
      test(`usage error: ${name} (exit 2, help on stderr)`, async () => {
        const r = await runMain([...args, ...vault()]);
        assert.equal(r.code, 2, r.stderr);
        assert.equal(r.stdout, '');
        assert.match(r.stderr, /^soul-vault: .+\n\nsoul-vault (diff|load|ls)/);
      });
    }
  });
});
