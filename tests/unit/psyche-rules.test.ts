// PSYCHE.md 4: system/rules.md and the `.rules` signal, in memory and on disk (real links, a real EACCES).
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { MemoryAgentNode, Psyche } from '../../src/core/psyche/index.ts';
import { NOT_UTF8, agentOnDisk, cliUnprivileged, composeDisk, composeMem, section } from './psyche-helpers.ts';
import type { DiskFiles } from './psyche-helpers.ts';

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const c of cleanups) await c();
});
async function onDisk(files: DiskFiles): Promise<Psyche> {
  const a = await agentOnDisk(files);
  cleanups.push(a.cleanup);
  return (await composeDisk(a.dir, a.root)).psyche;
}

const CANON = '\n- one\n- two\n\n';

describe('the .rules signal (PSYCHE.md 4)', { concurrency: true }, () => {
  const memCases: Array<[string, MemoryAgentNode, Psyche['rules']['pending']]> = [
    ['empty', '', { state: 'empty' }],
    ['whitespace only', ' \n\t\n', { state: 'empty' }],
    ['identical after stripping both', '  - one\n- two', { state: 'identical' }],
    ['different: replace with the stripped body', '\n\n- one\n- three  \n', { state: 'replace', text: '- one\n- three' }],
    ['a folder', { dir: true }, { state: 'unreadable' }],
    ['a broken link', { link: 'nowhere' }, { state: 'unreadable' }],
    ['not UTF-8', NOT_UTF8, { state: 'unreadable' }],
    ['unreadable', { fails: 'unreadable' }, { state: 'unreadable' }],
  ];
  for (const [what, node, pending] of memCases) {
    test(`memory: ${what}`, async () => {
      const { psyche } = await composeMem({ 'system/rules.md': CANON, '.rules': node });
      assert.deepEqual(psyche.rules, { canonical: CANON, pending });
      // Pending is not applied: the section is still system/rules.md, stripped.
      assert.equal(section(psyche, 'rules')?.text, '- one\n- two');
    });
  }

  test('memory: a link to a regular file is read like the file', async () => {
    const { psyche } = await composeMem({ 'system/rules.md': CANON, 'drafts/next.md': 'NEW', '.rules': { link: 'drafts/next.md' } });
    assert.deepEqual(psyche.rules.pending, { state: 'replace', text: 'NEW' });
  });

  test('no .rules: pending null; no rules.md: canonical null', async () => {
    assert.deepEqual((await composeMem({ 'system/rules.md': CANON })).psyche.rules, { canonical: CANON, pending: null });
    assert.deepEqual((await composeMem({})).psyche.rules, { canonical: null, pending: null });
  });

  test('no rules.md: a signal with text replaces, a blank one is empty', async () => {
    assert.deepEqual((await composeMem({ '.rules': ' x ' })).psyche.rules, { canonical: null, pending: { state: 'replace', text: 'x' } });
    assert.deepEqual((await composeMem({ '.rules': '\n' })).psyche.rules, { canonical: null, pending: { state: 'empty' } });
  });

  test('rules.md blank: canonical kept as stored, section dropped, an empty signal is empty', async () => {
    const { psyche } = await composeMem({ 'system/rules.md': ' \n', '.rules': '' });
    assert.deepEqual(psyche.rules, { canonical: ' \n', pending: { state: 'empty' } });
    assert.equal(section(psyche, 'rules'), undefined);
  });

  const diskCases: Array<[string, DiskFiles, Psyche['rules']['pending']]> = [
    ['empty file', { '.rules': '' }, { state: 'empty' }],
    ['identical', { '.rules': '- one\n- two\n' }, { state: 'identical' }],
    ['replace', { '.rules': '- new\n' }, { state: 'replace', text: '- new' }],
    ['a folder', { '.rules/x': 'x' }, { state: 'unreadable' }],
    ['a broken link', { '.rules': { link: 'nowhere.md' } }, { state: 'unreadable' }],
    ['not UTF-8', { '.rules': NOT_UTF8 }, { state: 'unreadable' }],
    ['a link to a regular file', { 'drafts/n.md': ' linked \n', '.rules': { link: 'drafts/n.md' } }, { state: 'replace', text: 'linked' }],
    ['a link to a folder', { 'drafts/x': 'x', '.rules': { link: 'drafts' } }, { state: 'unreadable' }],
  ];
  for (const [what, files, pending] of diskCases) {
    test(`on disk: ${what}`, async () => {
      const psyche = await onDisk({ 'system/rules.md': CANON, ...files });
      assert.deepEqual(psyche.rules, { canonical: CANON, pending });
    });
  }

  test('on disk, the real bin without privilege: a .rules it cannot read (EACCES) stays pending, unreadable', async () => {
    const a = await agentOnDisk({ 'system/rules.md': CANON, '.rules': { text: 'secret rules', mode: 0o000 } });
    cleanups.push(a.cleanup);
    const r = await cliUnprivileged(['psyche', a.dir, '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual((JSON.parse(r.stdout) as Psyche).rules, { canonical: CANON, pending: { state: 'unreadable' } });
  });
});
