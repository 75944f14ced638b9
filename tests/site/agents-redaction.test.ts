// Redaction (PSYCHE.md 3.4): a site built over agents whose owner documents, init.json files and the
// files they point to hold canary strings. No canary, no pointer path and no host path may appear in
// any file of dist/ (HTML, JSON, scripts, the search index decompressed, preview snapshots), except
// where the canary is composed prompt text, which the test checks is there.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { astroBuild, cleanup, listFiles, tmp } from './helpers/dist.ts';
import { ROOT } from './helpers/dist.ts';

const work = tmp('agents-redaction');
after(() => cleanup(work));
const agents = path.join(work, 'agents');
const home = path.join(work, 'home-CANARY-HOME-DIR');
const outside = path.join(work, 'outside-CANARY-OUTSIDE-DIR');
const out = path.join(work, 'dist');

function write(file: string, text: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
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

before(() => {
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
});

/** A file's text, and for a gzip file (Pagefind's index) its decompressed text too. */
function texts(file: string): string {
  const bytes = readFileSync(file);
  let text = bytes.toString('utf8');
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) text += `\n${gunzipSync(bytes).toString('utf8')}`;
  // Pagefind's fragments are gzip behind a short signature.
  const at = bytes.indexOf(Buffer.from([0x1f, 0x8b, 0x08]));
  if (at > 0) {
    try {
      text += `\n${gunzipSync(bytes.subarray(at)).toString('utf8')}`;
    } catch {
      // not a gzip stream after all
    }
  }
  return text;
}

test('no owner value, init.json value, pointer path or host path appears anywhere in dist/', () => {
  const lessons = path.join(work, 'lessons');
  mkdirSync(lessons, { recursive: true });
  // The pointers lead outside the agents root: the publisher lists those folders (PSYCHE.md 3.5), so
  // their composed text is published and the check below is about redaction, not the boundary.
  const run = astroBuild({ outDir: out, vault: path.join(ROOT, 'tests/fixtures/tiny'), env: { SOULPRESS_LESSONS: lessons, SOULPRESS_AGENTS: agents, HOME: home, SOULPRESS_AGENTS_PUBLISH: [outside, home].join(path.delimiter) } });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  const files = listFiles(out);
  assert.ok(files.some((f) => f.startsWith('pagefind/')), 'the search index is part of what is searched');
  assert.ok(files.includes('data/agents/open.json') && files.includes('agents/rejected/index.html'));
  const all = new Map(files.map((f) => [f, texts(path.join(out, f))]));
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
