// What a build keeps for the next: read back by the same maker, never trusted otherwise, and written
// again only where it changed.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { KEPT_SUFFIX, KeptFile, keptFileOf } from '../../src/node/kept-file.ts';

test('a saved file gives the next open its values, and keeps only what the last build used', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'soulpress-kept-'));
  const first = await KeptFile.open<string>(dir, 'notes', 'maker-1');
  first.set('a', 'é 灵台 '.repeat(1000));
  first.set('b', 'two');
  await first.save();
  assert.deepEqual(await readdir(dir), [`notes${KEPT_SUFFIX}`]);
  const second = await KeptFile.open<string>(dir, 'notes', 'maker-1');
  assert.equal(second.get('a'), 'é 灵台 '.repeat(1000));
  await second.save();
  const third = await KeptFile.open<string>(dir, 'notes', 'maker-1');
  assert.equal(third.get('b'), undefined, 'b was not used by the second build');
  assert.equal(third.get('a'), 'é 灵台 '.repeat(1000));
});

test('another maker, a file cut short and a file of another format are all an empty cache', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'soulpress-kept-'));
  const kept = await KeptFile.open<number>(dir, 'counts', 'tokenizer@1');
  kept.set('x', 1);
  await kept.save();
  assert.equal((await KeptFile.open<number>(dir, 'counts', 'tokenizer@2')).get('x'), undefined);
  const file = keptFileOf(dir, 'counts', 'x');
  await writeFile(file, '{"maker":"tokenizer@1","entries":{"x":1}}');
  assert.equal((await KeptFile.open<number>(dir, 'counts', 'tokenizer@1')).get('x'), undefined);
  await writeFile(file, Buffer.from([0xff, 0x0f, 0x6f]));
  assert.equal((await KeptFile.open<number>(dir, 'counts', 'tokenizer@1')).get('x'), undefined);
  // The one file Soulpress 0.2 kept under the same name is removed, not left in the folder for good.
  await writeFile(path.join(dir, 'counts.v8'), Buffer.alloc(64));
  await KeptFile.open<number>(dir, 'counts', 'tokenizer@1');
  assert.deepEqual((await readdir(dir)).sort(), [`counts${KEPT_SUFFIX}`]);
});

test('a save writes only the files whose entries changed: a set, or an entry the build no longer used', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'soulpress-kept-'));
  const keys = Array.from({ length: 400 }, (_, i) => `key-${i}`);
  const first = await KeptFile.open<number>(dir, 'many', 'm');
  for (const [i, k] of keys.entries()) first.set(k, i);
  await first.save();
  const files = await readdir(path.join(dir, `many${KEPT_SUFFIX}`));
  assert.ok(files.length > 8, `the entries are spread over ${files.length} files`);
  const times = async (): Promise<Map<string, bigint>> => new Map(await Promise.all(files.map(async (f) => [f, (await stat(path.join(dir, `many${KEPT_SUFFIX}`, f), { bigint: true })).mtimeNs] as [string, bigint])));
  const before = await times();
  // The next build uses every entry but key-0, sets key-1 anew and one key of its own.
  const second = await KeptFile.open<number>(dir, 'many', 'm');
  for (const k of keys.slice(2)) assert.equal(second.get(k), keys.indexOf(k));
  second.set('key-1', -1);
  second.set('new-key', 7);
  await new Promise((done) => setTimeout(done, 20));
  await second.save();
  const after = await times();
  const touched = new Set(['key-0', 'key-1', 'new-key'].map((k) => path.basename(keptFileOf(dir, 'many', k))));
  for (const f of files) assert.equal(after.get(f) !== before.get(f), touched.has(f), f);
  const third = await KeptFile.open<number>(dir, 'many', 'm');
  assert.equal(third.get('key-0'), undefined);
  assert.equal(third.get('key-1'), -1);
  assert.equal(third.get('new-key'), 7);
  for (const k of keys.slice(2)) assert.equal(third.get(k), keys.indexOf(k));
  // Every entry used again and none set: nothing is written.
  await new Promise((done) => setTimeout(done, 20));
  await third.save();
  assert.deepEqual(await times(), after);
});
