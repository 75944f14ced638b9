// What an edit resends (issue 22): the core's offsets against the rendered prompt's own bytes, and
// `soul-vault impact` on bad input, on a note no bundle carries and at a git revision.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { documentResends, flipResend, pointerText, renderPrompt } from '../../src/core/index.ts';
import type { IdentityDocument } from '../../src/core/index.ts';
import { sampleRepo } from './git-helpers.ts';
import type { Repo } from './git-helpers.ts';
import { runMain, SAMPLE } from './helpers.ts';

const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8');

describe('documentResends', () => {
  const doc = fc.record({
    text: fc.oneof(fc.constant(''), fc.string({ unit: 'grapheme', maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 10 })),
    mode: fc.constantFrom('whole' as const, 'pointer' as const),
  });

  test('each document starts where its text is in the prompt; a whole one resends the rest, a pointer nothing', () => {
    fc.assert(fc.property(fc.array(doc, { maxLength: 8 }), (parts) => {
      const documents: IdentityDocument[] = parts.map((p, i) => ({ role: 'soul_core', uri: `soul://v/n${i}.md`, mode: p.mode, required: false, revision: '', bytes: 0, text: p.text }));
      const prompt = utf8(renderPrompt(documents));
      const got = documentResends(documents);
      got.forEach((r, i) => {
        const d = documents[i]!;
        assert.equal(r.index, i + 1);
        assert.equal(r.promptBytes, prompt.length);
        // The text's bytes are the prompt's from the offset, and what comes before is every earlier text and its blank line.
        assert.ok(prompt.subarray(r.offset, r.offset + utf8(d.text).length).equals(utf8(d.text)), `document ${i}`);
        const before = documents.slice(0, i).filter((x) => x.text !== '');
        if (d.text !== '') assert.equal(r.offset, before.length === 0 ? 0 : utf8(renderPrompt(before)).length + 2);
        const resent = d.text !== '' && d.mode === 'whole' ? prompt.length - r.offset : 0;
        assert.equal(r.resentBytes, resent);
        assert.equal(r.share, prompt.length === 0 ? 0 : resent / prompt.length);
      });
    }), { numRuns: 500 });
  });

  test('a pointer flipped to whole resends the note and everything after it', () => {
    const documents: IdentityDocument[] = ['head', pointerText('soul://v/a.md'), 'tail'].map((text, i) => ({ role: 'shared_core', uri: i === 1 ? 'soul://v/a.md' : `soul://v/x${i}.md`, mode: i === 1 ? 'pointer' : 'whole', required: false, revision: '', bytes: 0, text }));
    const at = documentResends(documents)[1]!;
    const whole = 'the note, whole — ü';
    const flipped = utf8(renderPrompt(documents.map((d, i) => (i === 1 ? { ...d, text: whole } : d))));
    const flip = flipResend(at, utf8(documents[1]!.text).length, utf8(whole).length);
    assert.equal(flip.promptBytes, flipped.length);
    assert.equal(flip.resentBytes, flipped.length - at.offset);
    assert.ok(flipped.subarray(flip.offset).toString('utf8').startsWith(whole));
  });
});

describe('soul-vault impact', () => {
  test('needs --harness and one URI; a URI that names no note is note_not_found', async () => {
    let r = await runMain(['impact', 'soul://cwkpippa-shared/core/voice.md', '--vault', SAMPLE]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /impact needs --harness/);
    r = await runMain(['impact', '--harness', 'webui', '--vault', SAMPLE]);
    assert.equal(r.code, 2);
    r = await runMain(['impact', 'soul://cwkpippa-shared/core/nope.md', '--harness', 'webui', '--json', '--vault', SAMPLE]);
    assert.equal(r.code, 1);
    assert.equal((JSON.parse(r.stderr) as { error: { code: string } }).error.code, 'note_not_found');
    r = await runMain(['impact', 'not-a-uri', '--harness', 'webui', '--vault', SAMPLE]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^error\[[a-z_]+\]: /);
    assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  });

  test('the readable report names every bundle, the total, and for a pointer what flipping it costs', async () => {
    const whole = await runMain(['impact', 'soul://cwkpippa-shared/core/voice.md', '--harness', 'webui', '--vault', SAMPLE]);
    assert.equal(whole.code, 0, whole.stderr);
    const json = JSON.parse((await runMain(['impact', 'soul://cwkpippa-shared/core/voice.md', '--harness', 'webui', '--json', '--vault', SAMPLE])).stdout) as { bundles: Array<{ member: string; preset: string | null; offset: number; resent_bytes: number }>; total: { resent_bytes: number } };
    for (const b of json.bundles) assert.match(whole.stdout, new RegExp(`^${b.preset ? `${b.member}/${b.preset}` : b.member}\\t\\d+\\twhole\\t${b.offset}\\t${b.resent_bytes}\\t`, 'm'));
    assert.equal(json.total.resent_bytes, json.bundles.reduce((n, b) => n + b.resent_bytes, 0));
    const pointer = await runMain(['impact', 'soul://cwkpippa-shared/core/craft/testing.md', '--harness', 'webui', '--vault', SAMPLE]);
    assert.match(pointer.stdout, /editing the note's body costs no cache/);
    assert.match(pointer.stdout, /flipped to whole in pippa: \d+ bytes/);
  });

  describe('--at REV', () => {
    let repo: Repo;
    before(async () => {
      repo = await sampleRepo();
      // An uncommitted edit: honesty.md grows in the working tree, base still has the sample's.
      await repo.write({ 'cwkpippa-shared/core/honesty.md': `${'A longer honesty note. '.repeat(40)}\n` });
    });
    after(() => repo.cleanup());

    test('reads the vault as the revision has it, not the working tree', async () => {
      const args = ['impact', 'soul://cwkpippa-shared/core/voice.md', '--harness', 'webui', '--json', '--vault', repo.root];
      const now = JSON.parse((await runMain(args)).stdout) as { bundles: Array<{ offset: number }> };
      const then = JSON.parse((await runMain([...args, '--at', 'base'])).stdout) as { bundles: Array<{ offset: number }> };
      const sample = JSON.parse((await runMain(['impact', 'soul://cwkpippa-shared/core/voice.md', '--harness', 'webui', '--json', '--vault', SAMPLE])).stdout) as { bundles: Array<{ offset: number }> };
      assert.deepEqual(then, sample);
      // honesty.md loads before voice.md, so the edit moved where voice.md starts.
      assert.notEqual(now.bundles[0]!.offset, then.bundles[0]!.offset);
    });
  });
});
