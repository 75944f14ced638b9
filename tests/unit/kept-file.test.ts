// What a build keeps for the next: read back whole by the same maker, and never trusted otherwise.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { KEPT_SUFFIX, KeptFile } from '../../src/node/kept-file.ts';

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
  const file = path.join(dir, `counts${KEPT_SUFFIX}`);
  await writeFile(file, '{"maker":"tokenizer@1","entries":{"x":1}}');
  assert.equal((await KeptFile.open<number>(dir, 'counts', 'tokenizer@1')).get('x'), undefined);
  await writeFile(file, Buffer.from([0xff, 0x0f, 0x6f]));
  assert.equal((await KeptFile.open<number>(dir, 'counts', 'tokenizer@1')).get('x'), undefined);
});
