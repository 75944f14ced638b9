// Incremental builds: a build that reuses the last build's cache (Astro's page cache, the rendered
// notes, the search shards) writes exactly the bytes a cold build of the same vault writes, after
// an edit (into a fresh outDir, as CI builds), and after a note is added and another removed (into
// the outDir the last build left, whose unchanged pages and search shards stay in place). The vault is the sample plus enough
// notes for two search shards, so a one-note edit leaves one shard to reuse.
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { SHARD_NOTES } from '../../src/data/search-shards.ts';
import { VAULTS, astroBuild, cleanup, tmp } from './helpers/dist.ts';
import { compareHashes, hashFiles } from './helpers/hashes.ts';

const work = tmp('incremental-');
after(() => cleanup(work));

const vault = path.join(work, 'vaults');
cpSync(VAULTS, vault, { recursive: true });
// Notes no load reads (a folder outside the role folders), each with a heading, a list and code.
const archive = path.join(vault, 'pippa', 'archive');
mkdirSync(archive, { recursive: true });
for (let i = 0; i < SHARD_NOTES + 60; i++) {
  const n = String(i).padStart(4, '0');
  writeFileSync(path.join(archive, `entry-${n}.md`), `---\nsummary: Archived entry ${n}.\n---\n# Entry ${n}\n\nA day of *quiet* work, number ${n}.\n\n- first\n- second\n\n\`\`\`ts\nconst n = ${i};\n\`\`\`\n`);
}

function build(name: string, cache: string): { dir: string; log: string } {
  const dir = path.join(work, name);
  const run = astroBuild({ outDir: dir, vault, env: { SOULPRESS_CACHE_DIR: path.join(work, cache) } });
  assert.equal(run.status, 0, run.stderr);
  return { dir, log: run.stdout + run.stderr };
}

/** How many pages Astro copied from its cache instead of rendering. */
const reused = (log: string): number => (log.match(/\((?:cached|restored)\)/g) ?? []).length;
const shards = (cache: string): string[] => readdirSync(path.join(work, cache, 'soulpress-search')).sort();

function sameBytes(a: string, b: string): void {
  const diff = compareHashes(hashFiles(a), hashFiles(b));
  assert.deepEqual(diff, { differing: [], onlyA: [], onlyB: [] });
}

test('a rebuild after one edit reuses the unchanged pages and shard, and writes the bytes of a cold build', () => {
  const first = build('first', 'cache');
  assert.equal(reused(first.log), 0, 'a cold build renders every page');
  const before = shards('cache');
  assert.equal(before.length, 2);

  appendFileSync(path.join(vault, 'pippa/core/curiosity.md'), '\nA line added by the incremental test.\n');
  const again = build('again', 'cache');
  const cold = build('cold', 'cold-cache');
  sameBytes(again.dir, cold.dir);
  // Every archive page is unchanged; the edited note's page and the pages carrying it are not.
  assert.ok(reused(again.log) >= SHARD_NOTES + 60, `reused ${reused(again.log)} pages`);
  const after = shards('cache');
  assert.equal(after.length, 2, 'the cache keeps only the shards this build used');
  assert.equal(after.filter((s) => before.includes(s)).length, 1, 'the shard without the edited note is reused');
  // The lessons' code blocks are highlighted once: the rebuild keeps them, and its log says so.
  const code = (log: string): { blocks: number; kept: number } => {
    const m = /code blocks highlighted on the main thread [^:]*: (\d+), (\d+) of them kept from the last build/.exec(log);
    assert.ok(m, 'the build says how it highlighted its code');
    return { blocks: Number(m[1]), kept: Number(m[2]) };
  };
  assert.equal(code(first.log).kept, 0);
  assert.ok(code(first.log).blocks > 0);
  assert.ok(code(again.log).kept >= code(first.log).blocks, `kept ${code(again.log).kept} of ${code(first.log).blocks}`);
});

const inPlace = (log: string): number => (log.match(/\(cached\)/g) ?? []).length;
/** From the search line: how many pages other than notes were read and cut again for the index, of how many. */
function copiesRead(log: string): { read: number; of: number } {
  const m = /search index: \d+ pages \((\d+) of the (\d+) pages other than notes read anew\)/.exec(log);
  assert.ok(m, 'the build says what its search index read');
  return { read: Number(m[1]), of: Number(m[2]) };
}
const restored = (log: string): number => (log.match(/\(restored\)/g) ?? []).length;

test('a rebuild into the outDir the last build left, after a note is added and another removed, keeps its pages in place and writes the bytes of a cold build', () => {
  writeFileSync(path.join(archive, 'entry-new.md'), '# A new entry\n\nLinks to [curiosity](soul://pippa/core/curiosity.md).\n');
  rmSync(path.join(archive, 'entry-0003.md'));
  // 'again' is where the last build with this cache folder wrote: its unchanged pages stay where they are.
  const again = build('again', 'cache');
  rmSync(path.join(work, 'cold-cache'), { recursive: true, force: true });
  const cold = build('cold-2', 'cold-cache');
  sameBytes(again.dir, cold.dir);
  // The archive's folder gained and lost a note, so its notes' pages (their folder tree) change; the rest stay.
  assert.ok(inPlace(again.log) > 0, 'pages whose data did not change stay in place');
  assert.equal(restored(again.log), 0, 'nothing is copied back from the cache');
  assert.match(again.log, /no longer built and removed/);
  // The search index's copies of the pages left in place are the last build's; the cold build read every page.
  const copies = copiesRead(again.log);
  assert.ok(copies.read > 0 && copies.read < copies.of, `read ${copies.read} of ${copies.of}`);
  assert.equal(copiesRead(cold.log).read, copiesRead(cold.log).of);
});

test('a page changed in the outDir since the last build makes the next build empty it and copy from the cache, as Astro does', () => {
  const page = path.join(work, 'again', 'notes', 'pippa', 'archive', 'entry-0004', 'index.html');
  appendFileSync(page, '<!-- changed by hand -->');
  const next = build('again', 'cache');
  sameBytes(next.dir, path.join(work, 'cold-2'));
  assert.equal(inPlace(next.log), 0);
  assert.ok(restored(next.log) > 0, 'the unchanged pages are copied from the cache');
  // Every page was written anew, so every one is read anew for the search index.
  assert.equal(copiesRead(next.log).read, copiesRead(next.log).of);
});

test('a rebuild into the outDir it left after one edit keeps the search shard the edit did not reach in place and writes the bytes of a cold build', () => {
  // A shard's files are hard links of the cached ones, so linking them again keeps the inode: what tells
  // a shard left in place from one placed again is the inode's change time (a link or unlink sets it).
  const entries = (dir: string): string[] =>
    readdirSync(path.join(dir, 'pagefind-notes')).sort().map((shard) => {
      const s = statSync(path.join(dir, 'pagefind-notes', shard, 'pagefind-entry.json'), { bigint: true });
      return `${s.ino} ${s.ctimeNs}`;
    });
  const before = entries(path.join(work, 'again'));
  appendFileSync(path.join(vault, 'pippa/core/curiosity.md'), '\nAnother line added by the incremental test.\n');
  const next = build('again', 'cache');
  rmSync(path.join(work, 'cold-cache'), { recursive: true, force: true });
  sameBytes(next.dir, build('cold-3', 'cold-cache').dir);
  const now = entries(next.dir);
  assert.equal(now.length, 2);
  assert.equal(now.filter((entry, i) => entry === before[i]).length, 1, 'the shard without the edited note stays as it was; the other is placed anew');
});
