// PSYCHE.md 3: the owner document (every rejection code through the CLI), owner values and their
// pointers, SHOW, and redaction of values and pointer paths.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { OWNER_ERROR_CODES, SHOW_KEYS, readOwner } from '../../src/core/psyche/index.ts';
import type { MemoryAgentNode, Psyche } from '../../src/core/psyche/index.ts';
import { cli } from './helpers.ts';
import { NOT_UTF8, OWNER_V1, agentOnDisk, cliUnprivileged, composeDisk, composeMem, isRoot, mem, psycheJson, section } from './psyche-helpers.ts';
import type { DiskFiles } from './psyche-helpers.ts';

const CANARY = 'CANARY-OWNER-VALUE-7f3a';
const CANARY_PATH = 'CANARY-POINTER-PATH-91c2';
const FAILURE = { status: 'failed', error_code: 'SETTINGS_UNAVAILABLE', message: 'settings inventory is unavailable' };

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const c of cleanups) await c();
});
async function disk(files: DiskFiles, name?: string): Promise<string> {
  const a = await agentOnDisk(files, name);
  cleanups.push(a.cleanup);
  return a.dir;
}

/** What a rejected document still shows: catalogs, problems and .rules are facts of the disk. */
const AROUND: DiskFiles = {
  'knowledge/k/KNOWLEDGE.md': '---\nname: K\ndescription: d\n---\n',
  'knowledge/loose/note.txt': 'x',
  '.library/intrinsic/s/SKILL.md': '---\nname: S\ndescription: d\n---\n',
  'system/rules.md': 'R\n',
  '.rules': 'R2\n',
  'system/lingtai.md': `character ${CANARY}`,
};

function assertRejected(json: Psyche, code: string): void {
  assert.equal(json.owner_error?.code, code, JSON.stringify(json.owner_error));
  assert.deepEqual(Object.keys(json.owner_error!), ['code', 'message']);
  assert.deepEqual(json.sections, []);
  assert.deepEqual(json.show, FAILURE);
  assert.deepEqual(Object.keys(json.show), ['status', 'error_code', 'message']);
}

const owner = (doc: string | Uint8Array | DiskFiles[string]): DiskFiles => ({ ...AROUND, 'settings/psyche.json': doc });
/** A valid document padded with spaces to exactly `size` bytes. */
const sized = (size: number): string => {
  const head = `{"schema_version": 1, "comment": "${CANARY}"`;
  return `${head}${' '.repeat(size - head.length - 1)}}`;
};

const REJECTIONS: Array<[string, string, DiskFiles]> = [
  ['duplicate_key', 'a key twice', owner(`{"schema_version": 1, "comment": "${CANARY}", "comment": "${CANARY}"}`)],
  ['duplicate_key', 'a key twice in the top object, schema_version', owner('{"schema_version": 1, "schema_version": 1}')],
  ['unknown_key', 'an unknown key (its name is a canary too)', owner(`{"schema_version": 1, "${CANARY}": "${CANARY}"}`)],
  ['unknown_key', 'the legacy pad key', owner('{"schema_version": 1, "pad": "x"}')],
  ['schema_version_missing', 'no schema_version', owner(`{"comment": "${CANARY}"}`)],
  ['schema_version_missing', 'an empty object', owner('{}')],
  ['schema_version_not_1', 'true', owner('{"schema_version": true}')],
  ['schema_version_not_1', '1.0', owner('{"schema_version": 1.0}')],
  ['schema_version_not_1', '1e0', owner('{"schema_version": 1e0}')],
  ['schema_version_not_1', '"1"', owner('{"schema_version": "1"}')],
  ['schema_version_not_1', '2', owner('{"schema_version": 2}')],
  ['schema_version_not_1', 'null', owner('{"schema_version": null}')],
  ['value_not_string', 'a number', owner('{"schema_version": 1, "comment": 5}')],
  ['value_not_string', 'null', owner('{"schema_version": 1, "covenant_file": null}')],
  ['value_not_string', 'an object', owner(`{"schema_version": 1, "base_prompt": {"x": "${CANARY}"}}`)],
  ['too_large', '65,537 bytes', owner(sized(65_537))],
  ['invalid_utf8', 'a byte that is not UTF-8', owner(new Uint8Array([...Buffer.from(`{"schema_version": 1, "comment": "${CANARY}`), 0xff, ...Buffer.from('"}')]))],
  ['invalid_json', 'a trailing comma', owner(`{"schema_version": 1, "comment": "${CANARY}",}`)],
  ['invalid_json', 'an empty file', owner('')],
  ['invalid_json', 'a comment (the owner reader is not JSONC)', owner(`// ${CANARY}\n{"schema_version": 1}`)],
  ['not_object', 'an array', owner(`[{"schema_version": 1, "comment": "${CANARY}"}]`)],
  ['not_object', 'a string', owner(`"${CANARY}"`)],
  ['not_regular_file', 'a symlink to a valid document', { ...AROUND, [`settings/${CANARY_PATH}.json`]: `{"schema_version": 1, "comment": "${CANARY}"}`, 'settings/psyche.json': { link: `${CANARY_PATH}.json` } }],
  ['not_regular_file', 'a folder', { ...AROUND, 'settings/psyche.json/x': CANARY }],
  ['pointer_unreadable', 'a comment_file that is not UTF-8', { ...AROUND, [`notes/${CANARY_PATH}.md`]: NOT_UTF8, 'settings/psyche.json': JSON.stringify({ schema_version: 1, comment: CANARY, comment_file: `notes/${CANARY_PATH}.md` }) }],
  ['pointer_unreadable', 'a covenant_file that is not UTF-8 (absolute path)', {}],
];

describe('the owner document through the CLI (PSYCHE.md 3.1)', { concurrency: true }, () => {
  for (const [code, what, files] of REJECTIONS) {
    test(`${code}: ${what}`, async () => {
      let tree = files;
      if (Object.keys(files).length === 0) {
        // An absolute pointer needs the temp folder's own path.
        const outside = await disk({ [`${CANARY_PATH}.md`]: NOT_UTF8 }, 'outside');
        tree = { ...AROUND, 'settings/psyche.json': JSON.stringify({ schema_version: 1, covenant_file: path.join(outside, `${CANARY_PATH}.md`) }) };
      }
      const dir = await disk(tree);
      const { code: exit, json, stdout, stderr } = await psycheJson(dir);
      assert.equal(exit, 0, stderr);
      assert.equal(stderr, '');
      assertRejected(json, code);
      assert.ok(!stdout.includes(CANARY), 'an owner value is printed');
      assert.ok(!stdout.includes(CANARY_PATH), 'a pointer path is printed');
      // Still shown: catalogs, problems and .rules.
      assert.deepEqual(json.knowledge.map((e) => e.name), ['K']);
      assert.deepEqual(json.skills.map((e) => e.name), ['S']);
      assert.deepEqual(json.problems, [{ domain: 'knowledge', path: 'knowledge/loose', reason: 'not a knowledge entry (no KNOWLEDGE.md) and has loose files' }]);
      assert.deepEqual(json.rules, { canonical: 'R\n', pending: { state: 'replace', text: 'R2' } });
      // The readable summary neither.
      const { runMain } = await import('./helpers.ts');
      const text = await runMain(['psyche', dir]);
      assert.equal(text.code, 0);
      assert.ok(text.stdout.includes(`owner document rejected [${code}]`), text.stdout);
      assert.ok(!text.stdout.includes(CANARY) && !text.stdout.includes(CANARY_PATH));
    });
  }

  test('every one of the 13 codes is covered here or below', () => {
    const here = new Set([...REJECTIONS.map(([c]) => c), 'unstable', 'unreadable']);
    assert.deepEqual([...OWNER_ERROR_CODES].filter((c) => !here.has(c)), []);
    assert.equal(OWNER_ERROR_CODES.length, 13);
  });

  test('65,536 bytes is accepted', async () => {
    const doc = sized(65_536);
    assert.equal(Buffer.byteLength(doc), 65_536);
    const { json } = await psycheJson(await disk(owner(doc)));
    assert.equal(json.owner_error, null);
    assert.equal(section(json, 'comment')!.text, CANARY);
  });

  test('schema_version 1 with every key, each the empty string, is accepted', async () => {
    const doc = JSON.stringify({ schema_version: 1, base_prompt: '', base_prompt_file: '', covenant: '', covenant_file: '', comment: '', comment_file: '' });
    const { json } = await psycheJson(await disk(owner(doc)));
    assert.equal(json.owner_error, null);
    assert.equal(json.show && 'rows' in json.show, true);
  });

  test('unreadable: a real EACCES, the real bin run without privilege', async () => {
    const dir = await disk(owner({ text: `{"schema_version": 1, "comment": "${CANARY}"}`, mode: 0o000 }));
    const r = await cliUnprivileged(['psyche', dir, '--json']);
    assert.equal(r.code, 0, r.stderr);
    const json = JSON.parse(r.stdout) as Psyche;
    assertRejected(json, 'unreadable');
    assert.ok(!r.stdout.includes(CANARY));
  });

  test('pointer_unreadable: a real EACCES on the file a *_file names', async () => {
    const dir = await disk({ [`${CANARY_PATH}.md`]: { text: CANARY, mode: 0o000 }, 'settings/psyche.json': JSON.stringify({ schema_version: 1, comment_file: `${CANARY_PATH}.md` }) });
    const r = await cliUnprivileged(['psyche', dir, '--json']);
    assert.equal(r.code, 0, r.stderr);
    assertRejected(JSON.parse(r.stdout) as Psyche, 'pointer_unreadable');
    assert.ok(!r.stdout.includes(CANARY) && !r.stdout.includes(CANARY_PATH));
  });

  test('running as root the same files are readable: that is why the two above drop privilege', { skip: !isRoot() && 'not root' }, async () => {
    const dir = await disk(owner({ text: OWNER_V1, mode: 0o000 }));
    const { json } = await psycheJson(dir);
    assert.equal(json.owner_error, null);
  });
});

describe('the owner document in the core (PSYCHE.md 3.1)', { concurrency: true }, () => {
  // A file changing while it is read cannot be staged deterministically on disk: the memory store stands in.
  for (const fails of ['unstable', 'unreadable'] as const) {
    test(`${fails}: MemoryAgentStore { fails: '${fails}' }`, async () => {
      const report = await composeMem({ 'settings/psyche.json': { fails }, 'system/rules.md': 'R' });
      assert.equal(report.psyche.owner_error?.code, fails);
      assert.deepEqual(report.psyche.sections, []);
      assert.deepEqual(report.psyche.show, FAILURE);
      assert.equal(report.psyche.rules.canonical, 'R');
    });
  }

  test("a file that is neither file nor folder ({ fails: 'other' }, a FIFO) is not_regular_file", async () => {
    assert.equal((await composeMem({ 'settings/psyche.json': { fails: 'other' } })).psyche.owner_error?.code, 'not_regular_file');
  });

  test('a symlink in the memory store is refused too', async () => {
    const r = await readOwner(mem({ 'settings/real.json': OWNER_V1, 'settings/psyche.json': { link: 'real.json' } }));
    assert.equal(r.ok ? null : r.error.code, 'not_regular_file');
  });

  test('pointer_unreadable for a pointer that cannot be read', async () => {
    const r = await readOwner(mem({ 'c.md': { fails: 'unreadable' }, 'settings/psyche.json': '{"schema_version": 1, "covenant_file": "c.md", "covenant": "inline"}' }));
    assert.equal(r.ok ? null : r.error.code, 'pointer_unreadable');
  });

  test('a missing document is accepted: all six values absent, SHOW has its eight rows', async () => {
    const r = await readOwner(mem({}));
    assert.deepEqual(r, { ok: true, present: false, values: { base_prompt: { text: '', source: 'absent' }, covenant: { text: '', source: 'absent' }, comment: { text: '', source: 'absent' } } });
    const { psyche } = await composeMem({});
    assert.equal(psyche.owner_error, null);
    assert.ok('rows' in psyche.show);
  });

  test('SHOW: eight redacted rows in order, each exactly key/current/default/configurable/comment', async () => {
    const { psyche } = await composeMem({ 'settings/psyche.json': JSON.stringify({ schema_version: 1, comment: CANARY }) });
    assert.ok('rows' in psyche.show);
    assert.deepEqual(Object.keys(psyche.show), ['rows']);
    assert.deepEqual(
      psyche.show.rows,
      ['pad', 'pad_file', 'base_prompt', 'base_prompt_file', 'covenant', 'covenant_file', 'comment', 'comment_file'].map((key) => ({
        key,
        current: '<redacted>',
        default: '<redacted>',
        configurable: true,
        comment: `psyche-manual#setting-${key.replaceAll('_', '-')}`,
      })),
    );
    for (const row of psyche.show.rows) assert.deepEqual(Object.keys(row), ['key', 'current', 'default', 'configurable', 'comment']);
    assert.equal(psyche.show.rows[1]!.comment, 'psyche-manual#setting-pad-file');
    assert.deepEqual([...SHOW_KEYS], psyche.show.rows.map((r) => r.key));
  });
});

describe('owner values and pointers (PSYCHE.md 3.2)', { concurrency: true }, () => {
  const doc = (v: Record<string, string>): string => JSON.stringify({ schema_version: 1, ...v });
  const text = async (files: Record<string, MemoryAgentNode>, name: string): Promise<string | undefined> => section((await composeMem(files)).psyche, name)?.text;

  test('a readable *_file wins over inline', async () => {
    assert.equal(await text({ 'c.md': 'FROM FILE', 'settings/psyche.json': doc({ comment: 'INLINE', comment_file: 'c.md' }) }, 'comment'), 'FROM FILE');
  });
  test('an empty *_file string is ignored: inline is used', async () => {
    assert.equal(await text({ 'settings/psyche.json': doc({ covenant: 'INLINE', covenant_file: '' }) }, 'covenant'), 'INLINE');
  });
  test('a *_file naming no file falls back to inline; one naming a folder or FIFO cannot be read (PSYCHE.md 1.1)', async () => {
    assert.equal(await text({ 'settings/psyche.json': doc({ comment: 'INLINE', comment_file: 'nope.md' }) }, 'comment'), 'INLINE');
    assert.equal(await text({ 'settings/psyche.json': doc({ comment_file: 'nope.md' }) }, 'comment'), undefined);
    const targets: Array<Record<string, MemoryAgentNode>> = [{ 'notes/x.md': 'x' }, { notes: { fails: 'other' } }];
    for (const target of targets) {
      const { psyche } = await composeMem({ ...target, 'settings/psyche.json': doc({ comment: 'INLINE', comment_file: 'notes' }) });
      assert.equal(psyche.owner_error?.code, 'pointer_unreadable');
    }
  });
  test('a readable empty file wins with "": comment is dropped though inline has text', async () => {
    assert.equal(await text({ 'c.md': '', 'settings/psyche.json': doc({ comment: 'INLINE', comment_file: 'c.md' }) }, 'comment'), undefined);
  });
  test('base prompt and covenant: the mirror is used when the owner gives none (absent, "" inline, or an empty file)', async () => {
    const mirrors = { 'system/base_prompt.md': 'MIRROR BASE', 'system/covenant.md': 'MIRROR COV' };
    for (const settings of [null, doc({}), doc({ base_prompt: '', covenant: '' }), doc({ base_prompt_file: 'e.md', covenant_file: 'e.md', base_prompt: 'IN', covenant: 'IN' })]) {
      const files: Record<string, MemoryAgentNode> = { ...mirrors, 'e.md': '' };
      if (settings) files['settings/psyche.json'] = settings;
      const { psyche } = await composeMem(files);
      assert.equal(section(psyche, 'base_prompt')?.text, 'MIRROR BASE', String(settings));
      assert.equal(section(psyche, 'covenant')?.text, 'MIRROR COV', String(settings));
    }
    // The owner's value wins over the mirror; without a mirror an empty value drops the section.
    const { psyche } = await composeMem({ ...mirrors, 'settings/psyche.json': doc({ base_prompt: 'OWN BASE', covenant: 'OWN COV' }) });
    assert.equal(section(psyche, 'base_prompt')?.text, 'OWN BASE');
    assert.equal(section(psyche, 'covenant')?.text, 'OWN COV');
    const none = await composeMem({ 'e.md': '', 'settings/psyche.json': doc({ covenant_file: 'e.md', covenant: 'IN' }) });
    assert.equal(section(none.psyche, 'covenant'), undefined);
  });
  test('comment has no mirror', async () => {
    assert.equal(await text({ 'system/comment.md': 'MIRROR COMMENT', 'settings/psyche.json': doc({}) }, 'comment'), undefined);
  });
  test('the legacy init.json spellings of the six owner fields are inert', async () => {
    const init = JSON.stringify({ base_prompt: 'L', base_prompt_file: 'l.md', covenant: 'L', covenant_file: 'l.md', comment: 'L', comment_file: 'l.md' });
    const { psyche } = await composeMem({ 'init.json': init, 'l.md': 'LEGACY' });
    for (const n of ['base_prompt', 'covenant', 'comment']) assert.equal(section(psyche, n), undefined, n);
  });
  test('memory store pointer keys: /abs, ~/x and ../x are looked up as written', async () => {
    const files = { '/abs/b.md': 'ABS', '~/c.md': 'HOME', '../up/m.md': 'UP', 'settings/psyche.json': doc({ base_prompt_file: '/abs/b.md', covenant_file: '~/c.md', comment_file: '../up/m.md' }) };
    const { psyche } = await composeMem(files);
    assert.deepEqual([section(psyche, 'base_prompt')?.text, section(psyche, 'covenant')?.text, section(psyche, 'comment')?.text], ['ABS', 'HOME', 'UP']);
    // A link inside the directory to an absolute key is followed too.
    const linked = await composeMem({ '/abs/b.md': 'ABS VIA LINK', 'notes/l.md': { link: '/abs/b.md' }, 'settings/psyche.json': doc({ base_prompt_file: 'notes/l.md' }) });
    assert.equal(section(linked.psyche, 'base_prompt')?.text, 'ABS VIA LINK');
  });

  test('on disk: ~ is the home FsAgentStore is given, relative paths the agent directory, absolute as is, links followed', async () => {
    const home = await disk({ 'h/cov.md': 'HOME COV' }, 'home');
    const outside = await disk({ 'abs.md': 'ABS BASE' }, 'outside');
    const dir = await disk({
      'notes/comment.md': 'REL COMMENT',
      'notes/link.md': { link: 'comment.md' },
      'settings/psyche.json': JSON.stringify({ schema_version: 1, covenant_file: '~/h/cov.md', base_prompt_file: path.join(outside, 'abs.md'), comment_file: 'notes/link.md' }),
    });
    const { psyche } = await composeDisk(dir, home);
    assert.equal(psyche.owner_error, null);
    assert.equal(section(psyche, 'covenant')?.text, 'HOME COV');
    assert.equal(section(psyche, 'base_prompt')?.text, 'ABS BASE');
    assert.equal(section(psyche, 'comment')?.text, 'REL COMMENT');
    // `..` leaves the agent directory, relative to it.
    await mkdir(path.join(path.dirname(dir), 'sib'), { recursive: true });
    await writeFile(path.join(path.dirname(dir), 'sib', 'c.md'), 'SIBLING');
    await writeFile(path.join(dir, 'settings/psyche.json'), JSON.stringify({ schema_version: 1, comment_file: '../sib/c.md' }));
    assert.equal(section((await composeDisk(dir, home)).psyche, 'comment')?.text, 'SIBLING');
    // With another home the ~ pointer names nothing: covenant falls back (to nothing).
    await writeFile(path.join(dir, 'settings/psyche.json'), JSON.stringify({ schema_version: 1, covenant_file: '~/h/cov.md', covenant: 'INLINE' }));
    assert.equal(section((await composeDisk(dir, outside)).psyche, 'covenant')?.text, 'INLINE');
  });

  test('on disk: a pointer to a broken link falls back to inline; to a folder it cannot be read (PSYCHE.md 1.1)', async () => {
    const dir = await disk({
      'notes/x.md': 'x',
      'broken.md': { link: 'nowhere.md' },
      'settings/psyche.json': JSON.stringify({ schema_version: 1, comment: 'IN C', covenant_file: 'broken.md', covenant: 'IN V' }),
    });
    const { psyche } = await composeDisk(dir, dir);
    assert.equal(section(psyche, 'comment')?.text, 'IN C');
    assert.equal(section(psyche, 'covenant')?.text, 'IN V');
    await writeFile(path.join(dir, 'settings/psyche.json'), JSON.stringify({ schema_version: 1, comment_file: 'notes', comment: 'IN C' }));
    assert.equal((await composeDisk(dir, dir)).psyche.owner_error?.code, 'pointer_unreadable');
  });

  test('through the real bin: ~ expands to $HOME; pointer paths and shadowed inline values are never printed', async () => {
    const home = await disk({ [`${CANARY_PATH}/cov.md`]: 'COVENANT FROM HOME' }, 'home');
    const dir = await disk({
      [`notes/${CANARY_PATH}.md`]: 'COMMENT FROM FILE',
      'settings/psyche.json': JSON.stringify({ schema_version: 1, covenant_file: `~/${CANARY_PATH}/cov.md`, covenant: CANARY, comment_file: `notes/${CANARY_PATH}.md`, comment: CANARY }),
      'init.json': JSON.stringify({ pad: `${CANARY} pad seed`, pad_file: `${CANARY_PATH}.md`, covenant: CANARY }),
      'system/pad.md': 'the pad\n',
    });
    for (const args of [['psyche', dir, '--json'], ['psyche', dir]]) {
      const r = await cli(args, { HOME: home });
      assert.equal(r.code, 0, r.stderr);
      assert.ok(!r.stdout.includes(CANARY), r.stdout);
      assert.ok(!r.stdout.includes(CANARY_PATH), r.stdout);
      if (args.includes('--json')) {
        const json = JSON.parse(r.stdout) as Psyche;
        assert.equal(section(json, 'covenant')?.text, 'COVENANT FROM HOME');
        assert.equal(section(json, 'comment')?.text, 'COMMENT FROM FILE');
      }
    }
  });
});
