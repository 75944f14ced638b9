// PSYCHE.md 2.3 and init.json's seed (section 1): the pad body, its pins, and when the seed is used.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PAD_DIVIDER } from '../../src/core/psyche/index.ts';
import type { MemoryAgentNode } from '../../src/core/psyche/index.ts';
import { NOT_UTF8, agentOnDisk, composeDisk, composeMem, section } from './psyche-helpers.ts';

const DIVIDER = '\n\n---\n# 📎 Reference (read-only)\n\n';
const pad = async (files: Record<string, MemoryAgentNode>): Promise<string | undefined> => section((await composeMem(files)).psyche, 'pad')?.text;

describe('the pad (PSYCHE.md 2.3)', { concurrency: true }, () => {
  test('the divider is exactly the spec text', () => assert.equal(PAD_DIVIDER, DIVIDER));

  test('pins appended as [append: <path as written>] after the divider, joined by a blank line; a missing pin is a problem', async () => {
    const { psyche, pad: composed } = await composeMem({
      'system/pad.md': 'body\n',
      'system/pad_append.json': JSON.stringify(['notes/a.md', 'gone.md', './notes/../b.md', '/abs/c.md', '~/d.md']),
      'notes/a.md': 'A text\n',
      'b.md': 'B text',
      '/abs/c.md': 'C text',
      '~/d.md': 'D text',
    });
    assert.equal(section(psyche, 'pad')?.text, `body\n${DIVIDER}[append: notes/a.md]\nA text\n\n\n[append: ./notes/../b.md]\nB text\n\n[append: /abs/c.md]\nC text\n\n[append: ~/d.md]\nD text`);
    assert.deepEqual(psyche.problems, [{ domain: 'pad', path: 'gone.md', reason: 'pinned reference not found' }]);
    assert.deepEqual(composed.pins.map((p) => p.status), ['appended', 'not_found', 'appended', 'appended', 'appended']);
  });

  test('a missing pin outside the directory is reported as the pin list, its host path not repeated', async () => {
    const { psyche } = await composeMem({ 'system/pad.md': 'body', 'system/pad_append.json': '["/home/someone/private/notes.md", "~/gone.md", "../elsewhere.md"]' });
    assert.deepEqual(
      psyche.problems,
      [1, 2, 3].map(() => ({ domain: 'pad', path: 'system/pad_append.json', reason: 'pinned reference not found (a pin outside the agent directory)' })),
    );
    assert.ok(!JSON.stringify(psyche).includes('/home/someone'));
  });

  test('a pin that cannot be read or is not UTF-8 is a problem, not fatal', async () => {
    const { psyche } = await composeMem({ 'system/pad.md': 'body', 'system/pad_append.json': '["x.md", "y.md", "dir"]', 'x.md': NOT_UTF8, 'y.md': { fails: 'unreadable' }, 'dir/z': 'z' });
    assert.equal(section(psyche, 'pad')?.text, 'body');
    assert.deepEqual(psyche.problems.map((p) => [p.domain, p.path]), [['pad', 'x.md'], ['pad', 'y.md'], ['pad', 'dir']]);
    // PSYCHE.md 1.1: a pin to a folder counts as a file that cannot be read.
    assert.equal(psyche.problems[2]!.reason, 'pinned reference could not be read');
  });

  test('a non-array or unparsable pad_append.json counts as [] (no problem)', async () => {
    for (const list of ['{"a": "x.md"}', '"x.md"', '[x.md', '', '42']) {
      const { psyche } = await composeMem({ 'system/pad.md': 'body', 'system/pad_append.json': list, 'x.md': 'X' });
      assert.equal(section(psyche, 'pad')?.text, 'body', list);
      assert.deepEqual(psyche.problems, [], list);
    }
  });

  test("non-string items use Python's str(): 1 -> '1', true -> 'True', null -> 'None'", async () => {
    const text = await pad({ 'system/pad.md': 'body', 'system/pad_append.json': '[1, true, null, 2.5]', '1': 'one', True: 'yes', None: 'none', '2.5': 'two and a half' });
    assert.equal(text, `body${DIVIDER}[append: 1]\none\n\n[append: True]\nyes\n\n[append: None]\nnone\n\n[append: 2.5]\ntwo and a half`);
  });

  test('pins are appended even when the body is blank or missing', async () => {
    assert.equal(await pad({ 'system/pad.md': '  \n', 'system/pad_append.json': '["a.md"]', 'a.md': 'A' }), `  \n${DIVIDER}[append: a.md]\nA`);
    assert.equal(await pad({ 'system/pad_append.json': '["a.md"]', 'a.md': 'A' }), `${DIVIDER}[append: a.md]\nA`);
    // An empty pinned file still counts as a pin.
    assert.equal(await pad({ 'system/pad_append.json': '["a.md"]', 'a.md': '' }), `${DIVIDER}[append: a.md]\n`);
  });

  test('dropped only when body and pins are both empty', async () => {
    assert.equal(await pad({ 'system/pad.md': ' \n', 'system/pad_append.json': '["gone.md"]' }), undefined);
    assert.equal(await pad({}), undefined);
    assert.equal(await pad({ 'system/pad.md': 'x' }), 'x');
  });

  test('init.json seeds the body only when pad.md is missing or 0 bytes', async () => {
    const init = '{\n  // a comment\n  "pad": "SEED",\n  "pad_file": "",\n}\n';
    assert.equal(await pad({ 'init.json': init }), 'SEED');
    assert.equal(await pad({ 'init.json': init, 'system/pad.md': '' }), 'SEED');
    assert.equal(await pad({ 'init.json': init, 'system/pad.md': '\n' }), undefined, 'a 1-byte pad.md is not missing: blank, dropped');
    assert.equal(await pad({ 'init.json': init, 'system/pad.md': 'OWN' }), 'OWN');
    // The seed gets pins like any body.
    assert.equal(await pad({ 'init.json': init, 'system/pad_append.json': '["a.md"]', 'a.md': 'A' }), `SEED${DIVIDER}[append: a.md]\nA`);
  });

  test('init.json: a readable pad_file wins over inline pad; a missing one falls back to it', async () => {
    const init = (file: string): string => `{"pad": "INLINE", "pad_file": "${file}", // trailing comma next\n}`;
    assert.equal(await pad({ 'init.json': init('seed.md'), 'seed.md': 'FROM FILE' }), 'FROM FILE');
    assert.equal(await pad({ 'init.json': init('nope.md') }), 'INLINE');
    assert.equal(await pad({ 'init.json': init('~/s.md'), '~/s.md': 'HOME SEED' }), 'HOME SEED');
    assert.equal(await pad({ 'init.json': '{"pad": 5}' }), undefined);
    assert.equal(await pad({ 'init.json': '{not json' }), undefined);
  });

  test('on disk: pins relative to the agent directory and under ~, seeds from init.json', async () => {
    const a = await agentOnDisk({
      'system/pad.md': '',
      'init.json': '{"pad_file": "~/seed.md", "pad": "INLINE",}',
      'system/pad_append.json': '["notes/r.md", "~/h.md", "notes/missing.md", 1]',
      'notes/r.md': 'R',
      '1': 'one',
    });
    const { writeFile } = await import('node:fs/promises');
    const path = await import('node:path');
    await writeFile(path.join(a.root, 'seed.md'), 'SEED FROM HOME');
    await writeFile(path.join(a.root, 'h.md'), 'H');
    try {
      const { psyche } = await composeDisk(a.dir, a.root);
      assert.equal(section(psyche, 'pad')?.text, `SEED FROM HOME${DIVIDER}[append: notes/r.md]\nR\n\n[append: ~/h.md]\nH\n\n[append: 1]\none`);
      assert.deepEqual(psyche.problems, [{ domain: 'pad', path: 'notes/missing.md', reason: 'pinned reference not found' }]);
    } finally {
      await a.cleanup();
    }
  });
});
