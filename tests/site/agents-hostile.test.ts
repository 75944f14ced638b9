// Agents roots no LingTai agent should have, published in one build (one `astro build` costs ~4.7 CPU-s
// before it reads a file, and these five sets of agents each had a build of their own):
// - big texts (issue 23, class 9): a 10 MB .rules and system/rules.md, runs BPE would take an hour over,
//   30 MB of NUL bytes, 1,200 problems and a megabyte skill: the pages hold heads and stay small;
// - the publishing boundary (PSYCHE.md 1.1, 3.5): pins into /proc and /etc, a covenant_file pointing at
//   /proc/self/environ, a skills shelf linked to / and files linked to host files leave no byte of the build
//   machine in dist/, with an environment canary the build must not publish;
// - hostile folders (issue 23): link loops, 2 GiB files (sparse) and names that are not UTF-8, which git
//   cannot hold: the build ends with no stack trace and every agent gets its page;
// - the preview's banner (issue 23, class 8): for a rejected owner document it says what the published page
//   says while the document is unedited;
// - redaction (PSYCHE.md 3.4): no owner value, init.json value, pointer path or host path appears in any
//   file of dist/, except where a canary is composed prompt text, which must be there.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { ROOT, astroBuild, cleanup, listFiles, readPage, tmp } from './helpers/dist.ts';
import type { BuildResult } from './helpers/dist.ts';
import { composePsyche, composeWith } from '../../src/core/psyche/index.ts';
import { applyReal, composeSnapshot, snapshotStore } from '../../src/preview/agent-snapshot.ts';
import { FsAgentStore } from '../../src/node/index.ts';

const work = tmp('agents-hostile');
after(() => cleanup(work));
const agents = path.join(work, 'agents');
const out = path.join(work, 'dist');
const home = path.join(work, 'home-CANARY-HOME-DIR');
const outside = path.join(work, 'outside-CANARY-OUTSIDE-DIR');
const TEN_MB = 10 * 1024 * 1024;
const CANARY = `canary-${randomBytes(12).toString('hex')}`;
const FF = Buffer.from([0xff, 0xfe]);
const bytesPath = (...parts: Array<string | Buffer>): Buffer => Buffer.concat(parts.flatMap((p, i) => (i === 0 ? [Buffer.from(p)] : [Buffer.from('/'), Buffer.from(p)])));

function write(file: string | Buffer, text: string | Uint8Array): void {
  if (typeof file === 'string') mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Strings that must appear nowhere in dist/. */
const SECRETS = [
  'CANARY-INLINE-COVENANT-a1', // inline value a readable covenant_file overrides
  'CANARY-PTR-COVENANT-b2', // in the pointer path itself
  'CANARY-HOME-PTR-c3', // a ~ pointer's path
  'CANARY-INIT-PAD-d4', // init.json's pad seed, unused (pad.md is not empty)
  'CANARY-INIT-PADFILE-e5', // init.json's pad_file path
  'CANARY-INIT-KEY-f6', // any other init.json value
  'CANARY-STALE-SYSTEM-g7', // an old comment system.md still holds
  'CANARY-REJECTED-h8', // every value of a rejected document
  'CANARY-REJECTED-PATH-i9',
  'CANARY-REJECTED-FILE-j10', // the file a rejected document points to
  'CANARY-BAD-PTR-k11', // the path of a pointer that cannot be read
  'CANARY-SEED-PATH-l12', // the pad_file path of a seed that is used
  'CANARY-UNUSED-COMMENT-m13', // an inline comment a readable comment_file overrides
  'CANARY-HOME-DIR',
  'CANARY-OUTSIDE-DIR',
];
/** Composed prompt text: it must appear (so the check above is not passing by accident). */
const COMPOSED = ['composed-covenant-text-n14', 'composed-base-prompt-o15', 'seeded-pad-text-p16', 'composed-comment-q17'];

/** A file's text, and for a gzip file or one with a gzip stream behind a short signature (Pagefind's), its decompressed text too. */
function texts(file: string): string {
  const bytes = readFileSync(file);
  let text = bytes.toString('utf8');
  const at = bytes.indexOf(Buffer.from([0x1f, 0x8b, 0x08]));
  if (at >= 0) {
    try {
      text += `\n${gunzipSync(bytes.subarray(at)).toString('utf8')}`;
    } catch {
      // not a gzip stream after all
    }
  }
  return text;
}

function bigTexts(): void {
  const big = path.join(agents, 'big');
  mkdirSync(path.join(big, 'system'), { recursive: true });
  const line = 'Rule: answer in full sentences, cite the source, keep the tone.\n';
  writeFileSync(path.join(big, 'system/rules.md'), `FIRST-CANONICAL-LINE\n${line.repeat(Math.ceil(TEN_MB / line.length))}`);
  writeFileSync(path.join(big, '.rules'), `FIRST-PENDING-LINE\n${line.repeat(Math.ceil(TEN_MB / line.length))}`);
  // One run of a million spaces, and of a million letters: one pre-token each, and BPE over one piece
  // is quadratic (counting either took most of an hour).
  const runs = path.join(agents, 'runs');
  mkdirSync(path.join(runs, 'system'), { recursive: true });
  writeFileSync(path.join(runs, 'system/lingtai.md'), `I am runs.${' '.repeat(1 << 20)}end`);
  writeFileSync(path.join(runs, 'system/pad.md'), 'a'.repeat(1 << 20));
  // Four 30 MB files of NUL bytes (sparse): valid UTF-8 that JSON writes six characters a byte, so the
  // preview's snapshot once passed what one string can hold (RangeError: Invalid string length).
  const nul = path.join(agents, 'nul');
  mkdirSync(path.join(nul, 'system'), { recursive: true });
  for (const file of ['system/lingtai.md', 'system/pad.md', 'system/rules.md', '.rules']) {
    writeFileSync(path.join(nul, file), '');
    truncateSync(path.join(nul, file), 30 * 1024 * 1024);
  }
  // 1,200 problems, and a skill whose SKILL.md is a megabyte.
  const many = path.join(agents, 'many');
  for (let i = 0; i < 1200; i++) {
    mkdirSync(path.join(many, 'knowledge', `loose-${String(i).padStart(4, '0')}`), { recursive: true });
    writeFileSync(path.join(many, 'knowledge', `loose-${String(i).padStart(4, '0')}`, 'x.txt'), 'x');
  }
  mkdirSync(path.join(many, '.library/custom/long'), { recursive: true });
  // Markdown nested 90,000 deep took the renderer 13 s for one entry (quadratic): shown as plain text.
  mkdirSync(path.join(many, '.library/custom/nested'), { recursive: true });
  writeFileSync(path.join(many, '.library/custom/nested/SKILL.md'), `---\nname: nested\ndescription: Deep quotes.\n---\n${'>'.repeat(90_000)} NESTED-BODY\n`);
  writeFileSync(path.join(many, '.library/custom/long/SKILL.md'), `---\nname: long\ndescription: A megabyte.\n---\nLONG-HEAD\n${'A paragraph of the skill.\n\n'.repeat(40_000)}LONG-TAIL\n`);
}

function boundary(): void {
  const pins = path.join(agents, 'pins');
  write(path.join(pins, 'system/pad.md'), 'The pad body, published.\n');
  write(path.join(pins, 'system/pad_append.json'), JSON.stringify(['/proc/self/environ', '/etc/passwd', 'notes/mine.md', '/proc/self/root/etc/passwd']));
  write(path.join(pins, 'notes/mine.md'), 'my own pinned note, published\n');
  write(path.join(pins, 'system/lingtai.md'), 'I am pins.\n');
  mkdirSync(path.join(pins, '.library'), { recursive: true });
  symlinkSync('/', path.join(pins, '.library/custom'));
  write(path.join(pins, '.library/intrinsic/own/SKILL.md'), '---\nname: own-skill\ndescription: A skill of my own.\n---\nBody.\n');

  const pointer = path.join(agents, 'pointer');
  write(path.join(pointer, 'settings/psyche.json'), JSON.stringify({ schema_version: 1, covenant_file: '/proc/self/environ', covenant: 'inline covenant' }));
  write(path.join(pointer, 'system/lingtai.md'), 'I am pointer.\n');

  // Every other file the composer reads, linked to a host file.
  const linked = path.join(agents, 'linked');
  mkdirSync(path.join(linked, 'system'), { recursive: true });
  symlinkSync('/etc/passwd', path.join(linked, 'system/lingtai.md'));
  symlinkSync('/etc/passwd', path.join(linked, 'system/rules.md'));
  symlinkSync('/proc/self/environ', path.join(linked, 'system/covenant.md'));
  symlinkSync('/etc/passwd', path.join(linked, 'system/pad.md'));
  symlinkSync('/etc/passwd', path.join(linked, '.rules'));
  mkdirSync(path.join(linked, 'knowledge/topic'), { recursive: true });
  symlinkSync('/etc/passwd', path.join(linked, 'knowledge/topic/KNOWLEDGE.md'));
  symlinkSync('/etc', path.join(linked, 'knowledge/etc'));
  symlinkSync('/proc/self/cwd', path.join(linked, 'knowledge/cwd'));
}

function hostileDirs(): void {
  const loops = path.join(agents, 'loops');
  mkdirSync(path.join(loops, 'knowledge/e'), { recursive: true });
  write(path.join(loops, 'knowledge/e/KNOWLEDGE.md'), '---\nname: Entry\ndescription: Listed once.\n---\n');
  symlinkSync('.', path.join(loops, 'knowledge/a'));
  symlinkSync('.', path.join(loops, 'knowledge/b'));
  symlinkSync('.', path.join(loops, 'knowledge/self'));
  symlinkSync('..', path.join(loops, 'knowledge/up'));

  const huge = path.join(agents, 'huge');
  mkdirSync(path.join(huge, 'system'), { recursive: true });
  write(path.join(huge, 'system/pad.md'), 'pad body\n');
  write(path.join(huge, 'system/pad_append.json'), '["big.bin"]');
  for (const [file, size] of [['big.bin', 2 ** 31], ['system/system.md', 2 ** 31], ['system/lingtai.md', 540 * 2 ** 20]] as const) {
    write(path.join(huge, file), '');
    truncateSync(path.join(huge, file), size);
  }

  const odd = bytesPath(agents, Buffer.concat([Buffer.from('odd'), FF]));
  mkdirSync(bytesPath(agents, Buffer.concat([Buffer.from('odd'), FF]), 'knowledge', Buffer.concat([Buffer.from('k'), FF])), { recursive: true });
  write(bytesPath(agents, Buffer.concat([Buffer.from('odd'), FF]), 'knowledge', Buffer.concat([Buffer.from('k'), FF]), 'KNOWLEDGE.md'), '---\nname: Odd entry\ndescription: In a folder named with 0xFF 0xFE.\n---\nThe body.\n');
  write(bytesPath(agents, Buffer.concat([Buffer.from('odd'), FF]), 'knowledge', 'loose.txt'), 'x');
  symlinkSync(odd, bytesPath(agents, Buffer.concat([Buffer.from('linked'), FF])));
}

function previewBanner(): void {
  // An unterminated string that starts well into the document: the real message names character 93.
  write(path.join(agents, 'badjson/settings/psyche.json'), `{"schema_version": 1, "covenant": "${'x'.repeat(30)}", "comment": "never closed`);
  write(path.join(agents, 'badptr/settings/psyche.json'), JSON.stringify({ schema_version: 1, covenant_file: '/proc/self/environ' }));
  write(path.join(agents, 'badutf/settings/psyche.json'), '{"schema_version": 1, "comment": "\\ud800 fine", "covenant": "x" ');
}

function redaction(): void {
  const ok = path.join(agents, 'open');
  write(path.join(outside, 'CANARY-PTR-COVENANT-b2.txt'), 'composed-covenant-text-n14\n');
  write(path.join(home, 'CANARY-HOME-PTR-c3.md'), 'composed-base-prompt-o15');
  write(path.join(ok, 'notes/CANARY-UNUSED-COMMENT-m13-not.txt'), 'unused');
  write(path.join(ok, 'comment.txt'), 'composed-comment-q17');
  write(
    path.join(ok, 'settings/psyche.json'),
    JSON.stringify({
      schema_version: 1,
      covenant: 'CANARY-INLINE-COVENANT-a1',
      covenant_file: path.join(outside, 'CANARY-PTR-COVENANT-b2.txt'),
      base_prompt_file: '~/CANARY-HOME-PTR-c3.md',
      comment: 'CANARY-UNUSED-COMMENT-m13',
      comment_file: 'comment.txt',
    }),
  );
  write(path.join(ok, 'init.json'), JSON.stringify({ pad: 'CANARY-INIT-PAD-d4', pad_file: 'CANARY-INIT-PADFILE-e5.md', api_key: 'CANARY-INIT-KEY-f6' }));
  write(path.join(ok, 'CANARY-INIT-PADFILE-e5.md'), 'CANARY-INIT-PAD-d4 from a file');
  write(path.join(ok, 'system/pad.md'), '# Pad\n\nToday: check the redaction.\n');
  write(path.join(ok, 'system/lingtai.md'), 'I am the open agent.\n');
  write(path.join(ok, 'system/system.md'), 'principle\n\n## comment\nCANARY-STALE-SYSTEM-g7\n\n## pad\n# Pad\n');
  write(path.join(ok, 'knowledge/topic/KNOWLEDGE.md'), '---\nname: Topic\ndescription: A topic.\n---\nBody.\n');

  const rejected = path.join(agents, 'rejected');
  write(path.join(outside, 'CANARY-REJECTED-FILE.txt'), 'CANARY-REJECTED-FILE-j10');
  write(path.join(rejected, 'settings/psyche.json'), JSON.stringify({ schema_version: 1, covenant: 'CANARY-REJECTED-h8', covenant_file: path.join(outside, 'CANARY-REJECTED-PATH-i9'), comment: 'CANARY-REJECTED-h8', tone: 'CANARY-REJECTED-h8' }));
  write(path.join(outside, 'CANARY-REJECTED-PATH-i9'), 'CANARY-REJECTED-FILE-j10');
  write(path.join(rejected, 'init.json'), JSON.stringify({ secret: 'CANARY-INIT-KEY-f6' }));
  write(path.join(rejected, 'system/pad.md'), 'rejected pad\n');

  const badPointer = path.join(agents, 'bad-pointer');
  write(path.join(badPointer, 'settings/psyche.json'), JSON.stringify({ schema_version: 1, covenant_file: 'CANARY-BAD-PTR-k11.txt', covenant: 'CANARY-REJECTED-h8' }));
  write(path.join(badPointer, 'CANARY-BAD-PTR-k11.txt'), new Uint8Array([0xff, 0xfe, 0x41]));

  const seeded = path.join(agents, 'seeded');
  write(path.join(seeded, 'init.json'), `{ // JSONC, as LingTai reads it\n "pad_file": "CANARY-SEED-PATH-l12.md", "pad": "CANARY-INIT-PAD-d4", }`);
  write(path.join(seeded, 'CANARY-SEED-PATH-l12.md'), 'seeded-pad-text-p16');
  write(path.join(seeded, 'system/lingtai.md'), 'Seeded.\n');
}

let run: BuildResult;
let all: Map<string, string>;
before(() => {
  for (const make of [bigTexts, boundary, hostileDirs, previewBanner, redaction]) make();
  const lessons = path.join(work, 'lessons');
  mkdirSync(lessons, { recursive: true });
  // The redaction's pointers lead outside the agents root: the publisher lists those folders (PSYCHE.md 3.5),
  // so their composed text is published and its check is about redaction, not the boundary.
  run = astroBuild({ outDir: out, vault: path.join(ROOT, 'tests/fixtures/tiny'), env: { SOULPRESS_LESSONS: lessons, SOULPRESS_AGENTS: agents, SOULPRESS_BOUNDARY_CANARY: CANARY, HOME: home, SOULPRESS_AGENTS_PUBLISH: [outside, home].join(path.delimiter) } });
  all = run.status === 0 ? new Map(listFiles(out).map((f) => [f, texts(path.join(out, f))])) : new Map();
});

test('the build over every hostile agent ends, with no stack trace', () => {
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.doesNotMatch(run.stdout + run.stderr, /^\s{4}at /m);
});

test('a 10 MB rules.md and .rules: the page holds their heads, says they are cut, and stays small; long runs are estimated, not hung on', () => {
  assert.equal(run.status, 0);
  const file = path.join(out, 'agents/big/index.html');
  const size = statSync(file).size;
  assert.ok(size < 2 * 1024 * 1024, `the page is ${size} bytes`);
  const page = readPage(out, 'agents/big/index.html');
  assert.ok(page.includes('FIRST-CANONICAL-LINE') && page.includes('FIRST-PENDING-LINE'), 'the heads are shown');
  assert.match(page, /cut here: the page shows the first 100,000 of [\d,]+ characters/);
  // The sizes are the whole text's: the rules section's row says 10 MB, not 100 KB.
  assert.match(page, /data-section="rules"[^>]*data-bytes="(\d{8,})"/);
  // The long runs were not fed to the tokenizer: their counts are estimates, and say so.
  const runs = readPage(out, 'agents/runs/index.html');
  for (const name of ['character', 'pad']) {
    const row = new RegExp(`data-section="${name}"[\\s\\S]*?<td class="num tokens">([^<]*)`).exec(runs)?.[1] ?? '';
    assert.match(row, /^≈ /, `${name}: ${row}`);
  }
  assert.ok(statSync(path.join(out, 'agents/nul/index.html')).size < 2 * 1024 * 1024);
  assert.ok(statSync(path.join(out, 'data/agents/nul.json')).size > 0);
  // A thousand problems are listed, the rest counted; a long entry's page is its head.
  const many = readPage(out, 'agents/many/index.html');
  assert.equal(many.split('data-problem="knowledge"').length - 1, 1000);
  assert.match(many, /And 200 more problems, not listed here/);
  const entry = readPage(out, 'agents/many/skills/custom/long/index.html');
  assert.ok(entry.includes('LONG-HEAD') && !entry.includes('LONG-TAIL') && entry.length < 1024 * 1024, `the entry page is ${entry.length} characters`);
  assert.match(entry, /cut here/);
  const nested = readPage(out, 'agents/many/skills/custom/nested/index.html');
  assert.match(nested, /<pre class="prompt">&gt;&gt;&gt;/);
  assert.ok(!nested.includes('<blockquote'), 'the nesting went to the Markdown renderer');
});

test('no byte of the build machine (environment, /etc/passwd, host folders) appears in dist/', async () => {
  assert.equal(run.status, 0);
  assert.ok(all.has('agents/pins/index.html') && all.has('data/agents/pins.json') && all.has('agents/linked/index.html'));
  const found = (needle: string): string[] => [...all].filter(([, text]) => text.includes(needle)).map(([f]) => f);

  assert.deepEqual(found(CANARY), [], 'the environment canary is published');
  assert.deepEqual(found('SOULPRESS_BOUNDARY_CANARY'), [], 'an environment variable name is published');
  for (const line of readFileSync('/etc/passwd', 'utf8').split('\n').filter((l) => l.includes(':'))) assert.deepEqual(found(line), [], `/etc/passwd line ${line}`);
  for (const name of readdirSync('/')) {
    assert.deepEqual(found(`.library/custom/${name}`), [], `host folder /${name} is listed`);
    assert.deepEqual(found(`custom/${name}/`), [], `host folder /${name} has a page`);
  }
  for (const name of readdirSync('/etc')) assert.deepEqual(found(`knowledge/etc/${name}`), [], `host folder /etc/${name} is listed`);
  for (const name of readdirSync(ROOT)) assert.deepEqual(found(`knowledge/cwd/${name}`), [], `the build's working folder ${name} is listed`);

  // What is the agent's own is still published, and the outside files are there by size only.
  const page = all.get('agents/pins/index.html')!;
  assert.ok(page.includes('The pad body, published.') && page.includes('my own pinned note, published'));
  assert.ok(page.includes('own-skill'));
  assert.match(page, /outside the published folders/);
  const passwd = readFileSync('/etc/passwd').byteLength.toLocaleString('en-US');
  assert.ok(page.includes(passwd), `the size of /etc/passwd (${passwd} bytes) is shown`);
  // The pointer into /proc is a file that cannot be read: the document is rejected, nothing composed.
  assert.match(all.get('agents/pointer/index.html')!, /pointer_unreadable/);

  // Sizes are LingTai's: the page and its preview (the snapshot composed again) give each section the
  // bytes of the real composition, stand-ins and all.
  for (const id of ['pins', 'linked']) {
    const snap = JSON.parse(all.get(`data/agents/${id}.json`)!);
    const again = await composeWith({ store: snapshotStore(snap), agent: id, published: snap.published, catalogs: snap.catalogs });
    await applyReal(again, snap.real);
    const real = await composePsyche({ store: new FsAgentStore(path.join(agents, id)), agent: id });
    assert.deepEqual(again.sections.map((s) => [s.rule.name, s.bytes]), real.sections.map((s) => [s.rule.name, s.bytes]), id);
  }
});

test('loops, 2 GiB files and names that are not UTF-8: each agent has its page', async () => {
  assert.equal(run.status, 0);
  const files = [...all.keys()];
  const pages = files.filter((f) => /^agents\/[^/]+\/index\.html$/.test(f)).map((f) => decodeURIComponent(f.split('/')[1]!));
  for (const id of ['huge', 'linked~5Cxff~5Cxfe', 'loops', 'odd~5Cxff~5Cxfe']) assert.ok(pages.includes(id), `${id} has no page`);
  assert.equal(pages.length, readdirSync(agents).length, 'every agent of the root has its page');
  const loops = readPage(out, 'agents/loops/index.html');
  assert.match(loops, /a link loop, not followed again/);
  const huge = readPage(out, 'agents/huge/index.html');
  assert.ok(huge.includes('2,147,483,648 bytes') && huge.includes('566,231,040 bytes'), 'the sizes are named');
  assert.doesNotMatch(huge, /not valid UTF-8/);
  assert.match(huge, /system\.md is too large to read as text \(2,147,483,648 bytes\): applied marks are not shown/);
  // The preview, which has digests and never the file, composes the same problems.
  const snap = JSON.parse(readPage(out, 'data/agents/huge.json'));
  const preview = await composeSnapshot(snapshotStore(snap), snap, false);
  assert.deepEqual(preview.psyche.problems, (await composePsyche({ store: new FsAgentStore(path.join(agents, 'huge')), agent: 'huge' })).psyche.problems);
  assert.ok(readPage(out, 'agents/odd~5Cxff~5Cxfe/index.html').includes('odd\\xff\\xfe'), 'the id is shown with its bytes escaped');
  // The entry in the folder named with 0xFF 0xFE has its page.
  assert.ok(files.some((f) => f.startsWith('agents/odd') && f.includes('knowledge/k') && f.endsWith('index.html')), files.filter((f) => f.startsWith('agents/odd')).join(', '));
});

test('unedited, the preview composes the published page’s owner error, code and message', async () => {
  assert.equal(run.status, 0);
  const seen: string[] = [];
  for (const id of ['badjson', 'badptr', 'badutf']) {
    const real = (await composePsyche({ store: new FsAgentStore(path.join(agents, id)), agent: id })).psyche.owner_error!;
    const page = readFileSync(path.join(out, 'agents', id, 'index.html'), 'utf8');
    assert.ok(page.includes(real.message.replaceAll("'", '&#39;')) || page.includes(real.message), `${id}: the page says ${real.message}`);
    const snap = JSON.parse(readFileSync(path.join(out, 'data/agents', `${id}.json`), 'utf8'));
    const preview = await composeSnapshot(snapshotStore(snap), snap, false);
    assert.deepEqual(preview.psyche.owner_error, real, id);
    assert.deepEqual(preview.ownerError && { code: preview.ownerError.code, message: preview.ownerError.message }, real, id);
    // What the worker composed before issue 23: the stand-in's own words (the bug this test is for).
    const bare = await composeWith({ store: snapshotStore(snap), agent: id, published: snap.published, catalogs: snap.catalogs });
    if (id === 'badjson' || id === 'badptr') assert.notEqual(bare.psyche.owner_error?.message, real.message, `${id}: the stand-in alone says the same`);
    // Once the reader edits the document, the preview's words are its own again (the stand-in's).
    const edited = await composeSnapshot(snapshotStore(snap), snap, true);
    assert.equal(edited.psyche.owner_error?.code, real.code);
    seen.push(real.message);
  }
  assert.ok(seen.some((m) => m.includes('an unterminated string at character 93')), seen.join(' | '));
  assert.ok(seen.some((m) => m.includes('could not be read')), seen.join(' | '));
});

test('no owner value, init.json value, pointer path or host path appears anywhere in dist/', () => {
  assert.equal(run.status, 0);
  assert.ok([...all.keys()].some((f) => f.startsWith('pagefind/')), 'the search index is part of what is searched');
  assert.ok(all.has('data/agents/open.json') && all.has('agents/rejected/index.html'));
  for (const secret of [...SECRETS, work, home, agents]) {
    const found = [...all].filter(([, text]) => text.includes(secret)).map(([f]) => f);
    assert.deepEqual(found, [], `${secret} appears in ${found.join(', ')}`);
  }
  const site = [...all.values()].join('\n');
  for (const composed of COMPOSED) assert.ok(site.includes(composed), `composed text ${composed} is published`);
  // The rejected agents say why, without a value.
  assert.match(all.get('agents/rejected/index.html')!, /unknown_key/);
  assert.match(all.get('agents/bad-pointer/index.html')!, /pointer_unreadable/);
});
