// Issue 23 through the build: link loops, huge files and names that are not UTF-8 in the agents
// root. The build ends, with no stack trace, and every agent gets its page. The folders are made here:
// git cannot hold a 2 GiB file (sparse, so nothing that large is written) or a name that is not UTF-8.
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { astroBuild, cleanup, listFiles, readPage, tmp } from './helpers/dist.ts';
import { ROOT } from './helpers/dist.ts';

const work = tmp('agents-hostile-dirs');
after(() => cleanup(work));
const agents = path.join(work, 'agents');
const out = path.join(work, 'dist');
const FF = Buffer.from([0xff, 0xfe]);
const bytesPath = (...parts: Array<string | Buffer>): Buffer => Buffer.concat(parts.flatMap((p, i) => (i === 0 ? [Buffer.from(p)] : [Buffer.from('/'), Buffer.from(p)])));

function write(file: string | Buffer, text: string): void {
  writeFileSync(file, text);
}

before(() => {
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
});

test('loops, 2 GiB files and names that are not UTF-8: the build ends, each agent has its page', { timeout: 600_000 }, async () => {
  const lessons = path.join(work, 'lessons');
  mkdirSync(lessons, { recursive: true });
  const run = astroBuild({ outDir: out, vault: path.join(ROOT, 'tests/fixtures/tiny'), env: { SOULPRESS_LESSONS: lessons, SOULPRESS_AGENTS: agents } });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.doesNotMatch(run.stdout + run.stderr, /^\s{4}at /m);
  const files = listFiles(out);
  const pages = files.filter((f) => /^agents\/[^/]+\/index\.html$/.test(f)).map((f) => decodeURIComponent(f.split('/')[1]!));
  assert.deepEqual(pages.sort(), ['huge', 'linked~5Cxff~5Cxfe', 'loops', 'odd~5Cxff~5Cxfe']);
  const loops = readPage(out, 'agents/loops/index.html');
  assert.match(loops, /a link loop, not followed again/);
  const huge = readPage(out, 'agents/huge/index.html');
  assert.ok(huge.includes('2,147,483,648 bytes') && huge.includes('566,231,040 bytes'), 'the sizes are named');
  assert.doesNotMatch(huge, /not valid UTF-8/);
  assert.match(huge, /system\.md is too large to read as text \(2,147,483,648 bytes\): applied marks are not shown/);
  // The preview, which has digests and never the file, composes the same problems.
  const { composeSnapshot, snapshotStore } = await import('../../src/preview/agent-snapshot.ts');
  const { composePsyche } = await import('../../src/core/psyche/index.ts');
  const { FsAgentStore } = await import('../../src/node/index.ts');
  const snap = JSON.parse(readPage(out, 'data/agents/huge.json'));
  const preview = await composeSnapshot(snapshotStore(snap), snap, false);
  assert.deepEqual(preview.psyche.problems, (await composePsyche({ store: new FsAgentStore(path.join(agents, 'huge')), agent: 'huge' })).psyche.problems);
  assert.ok(readPage(out, 'agents/odd~5Cxff~5Cxfe/index.html').includes('odd\\xff\\xfe'), 'the id is shown with its bytes escaped');
  // The entry in the folder named with 0xFF 0xFE has its page.
  assert.ok(files.some((f) => f.startsWith('agents/odd') && f.includes('knowledge/k') && f.endsWith('index.html')), files.filter((f) => f.startsWith('agents/odd')).join(', '));
});
