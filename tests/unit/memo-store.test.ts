// The build's memo store: each listing and note read from disk once, the same bundles as the fs store.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { discoverFamily, listPresets, loadIdentity } from '../../src/core/index.ts';
import type { VaultStore } from '../../src/core/index.ts';
import { memoStore } from '../../src/build/memo-store.ts';
import { FsStore } from '../../src/node/index.ts';
import { SAMPLE } from './helpers.ts';

/** A store that counts what it is asked. */
function counting(inner: VaultStore): { store: VaultStore; reads: Map<string, number>; listings: () => number } {
  const reads = new Map<string, number>();
  let listings = 0;
  return {
    reads,
    listings: () => listings,
    store: {
      backend: inner.backend,
      vaults: () => inner.vaults(),
      entries: (vault, folder) => {
        listings++;
        return inner.entries(vault, folder);
      },
      read: (vault, path) => {
        const key = `${vault}/${path}`;
        reads.set(key, (reads.get(key) ?? 0) + 1);
        return inner.read(vault, path);
      },
    },
  };
}

async function loadEverySoul(store: VaultStore): Promise<string[]> {
  const family = await discoverFamily(store);
  const out: string[] = [];
  for (const soul of family.souls) {
    for (const preset of [null, ...(await listPresets(store, soul))]) out.push(JSON.stringify(await loadIdentity({ store, soul, harness: 'webui', preset, discovered: family })));
  }
  return out;
}

test('every soul and preset of the sample family: the same bundles, each note read once', async () => {
  const plain = counting(new FsStore(SAMPLE));
  const memo = counting(new FsStore(SAMPLE));
  const expected = await loadEverySoul(plain.store);
  const got = await loadEverySoul(memoStore(memo.store));
  assert.deepEqual(got, expected);
  assert.ok([...plain.reads.values()].some((n) => n > 1), 'without the memo, shared notes are read once per load');
  assert.deepEqual([...memo.reads.values()].filter((n) => n !== 1), [], 'with it, every note once');
  assert.deepEqual([...memo.reads.keys()].sort(), [...plain.reads.keys()].sort());
  assert.ok(memo.listings() < plain.listings());
});

test('the same bytes object for the same note, and a missing note stays missing', async () => {
  const store = memoStore(new FsStore(SAMPLE));
  const a = await store.read('pippa', 'instructions.md');
  assert.ok(a instanceof Uint8Array && a.byteLength > 0);
  assert.equal(await store.read('pippa', 'instructions.md'), a);
  assert.equal(await store.read('pippa', 'no-such-note.md'), null);
});

test('a failing read fails the same way every time it is asked', async () => {
  let calls = 0;
  const broken: VaultStore = {
    backend: 'test',
    vaults: async () => ['v'],
    entries: async () => [],
    read: async () => {
      calls++;
      throw new Error(`read ${calls}`);
    },
  };
  const store = memoStore(broken);
  await assert.rejects(store.read('v', 'a.md'), /read 1/);
  await assert.rejects(store.read('v', 'a.md'), /read 1/);
  assert.equal(calls, 1);
});
