// The memory store (the browser's) and the fs store (Node's) give byte-identical bundles for the same vault.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { VaultError, checkFamily, describeFamily, discoverFamily, listPresets, loadIdentity } from '../../src/core/index.ts';
import type { VaultStore } from '../../src/core/index.ts';
import { FsStore } from '../../src/node/index.ts';
import { SAMPLE, fixture, memoryStoreOf } from './helpers.ts';

/** Every bundle a vault root can give (each soul with and without each preset, each guest), as JSON text. */
async function everyBundle(store: VaultStore): Promise<string[]> {
  const family = await discoverFamily(store);
  const out: string[] = [];
  for (const soul of family.souls) {
    for (const preset of [null, ...(await listPresets(store, soul))]) {
      out.push(JSON.stringify(await loadIdentity({ store, soul, harness: 'parity', preset })));
    }
  }
  for (const guest of family.guestIds) out.push(JSON.stringify(await loadIdentity({ store, soul: guest, harness: 'parity' })));
  return out;
}

describe('memory store and fs store', () => {
  for (const [name, root] of [
    ['the sample family', SAMPLE],
    ['the tiny fixture', fixture('tiny')],
  ] as const) {
    test(`${name}: identical bundles, byte for byte`, async () => {
      const fromDisk = await everyBundle(new FsStore(root));
      const fromMemory = await everyBundle(await memoryStoreOf(root));
      assert.ok(fromDisk.length >= 3);
      assert.deepEqual(fromMemory, fromDisk);
    });

    test(`${name}: identical check reports and listings`, async () => {
      const memory = await memoryStoreOf(root);
      assert.deepEqual(await checkFamily({ store: memory }), await checkFamily({ store: new FsStore(root) }));
      assert.deepEqual(await describeFamily(memory), await describeFamily(new FsStore(root)));
    });
  }

  test('the same error from both, naming its own store', async () => {
    const errorOf = async (store: VaultStore) => {
      try {
        await loadIdentity({ store, soul: 'ada', harness: 'parity' });
      } catch (error) {
        if (error instanceof VaultError) return error;
        throw error;
      }
      assert.fail('no error');
    };
    const root = fixture('missing-soul-instructions');
    const disk = await errorOf(new FsStore(root));
    const memory = await errorOf(await memoryStoreOf(root));
    assert.deepEqual([memory.code, memory.note, memory.role], [disk.code, disk.note, disk.role]);
    assert.match(disk.message, /missing from the fs store$/);
    assert.match(memory.message, /missing from the memory store$/);
  });
});

test('a path whose folder on the way is a file, or missing, holds no note: read gives null, in the store and in a scoped view', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'soulpress-fs-'));
  try {
    mkdirSync(path.join(root, 'ada'));
    writeFileSync(path.join(root, 'ada', 'a.md'), 'a note');
    const store = new FsStore(root);
    for (const rel of ['a.md/b.md', 'a.md/x/b.md', 'missing/b.md', 'missing/x/b.md']) {
      assert.equal(await store.read('ada', rel), null, rel);
      assert.equal(await store.scope().read('ada', rel), null, `${rel}, scoped`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
