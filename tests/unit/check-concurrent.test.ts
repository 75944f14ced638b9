// checkFamily inspects several souls at once and hashes nothing: the report must still be the one a
// soul-after-soul check gives, whichever soul's reads finish first.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkFamily } from '../../src/core/index.ts';
import type { CheckReport, VaultStore } from '../../src/core/index.ts';
import { SAMPLE, memoryStoreOf } from './helpers.ts';

/** The sample family broken three ways: one shared note every soul reads, and one note of two souls each. */
async function brokenSample(): Promise<VaultStore> {
  const store = await memoryStoreOf(SAMPLE);
  store.write('cwkpippa-shared/core/honesty.md', '---\ntitle: [unclosed\n---\nHonesty.\n');
  store.write('pippa/index/people.md', '---\ntitle: People\n');
  store.write('quill/instructions.md', new Uint8Array([0xff, 0x41, 0x0a]));
  return store;
}

/** The same store, with every read of one vault held back, so that soul finishes last. */
function slow(inner: VaultStore, vault: string, ms: number): VaultStore {
  return {
    backend: inner.backend,
    vaults: () => inner.vaults(),
    entries: (v, folder) => inner.entries(v, folder),
    read: async (v, path) => {
      if (v === vault) await new Promise((resolve) => setTimeout(resolve, ms));
      return inner.read(v, path);
    },
  };
}

test('souls checked at once: the same report whichever soul is slowest, souls in family order', async () => {
  const store = await brokenSample();
  const plain = await checkFamily({ store });
  assert.deepEqual(plain.souls, ['lingtai', 'pippa', 'quill']);
  const shared = plain.findings.find((f) => f.note === 'soul://cwkpippa-shared/core/honesty.md');
  assert.ok(shared, JSON.stringify(plain.findings));
  assert.deepEqual(shared.souls, ['lingtai', 'pippa', 'quill']);
  // The shared note's finding comes first: the first soul meets it before its own notes.
  assert.equal(plain.findings[0], shared);
  assert.deepEqual(plain.findings.map((f) => f.souls), [['lingtai', 'pippa', 'quill'], ['pippa'], ['quill']]);
  for (const vault of ['lingtai', 'pippa', 'cwkpippa-shared']) {
    const report: CheckReport = await checkFamily({ store: slow(store, vault, 20) });
    assert.deepEqual(report, plain, `with ${vault} slow`);
  }
});

test('check hashes no note and no prompt: no problem depends on a revision', async () => {
  const store = await memoryStoreOf(SAMPLE);
  const subtle = globalThis.crypto.subtle;
  const digest = subtle.digest.bind(subtle);
  let digests = 0;
  subtle.digest = ((...args: Parameters<SubtleCrypto['digest']>) => {
    digests++;
    return digest(...args);
  }) as SubtleCrypto['digest'];
  try {
    const report = await checkFamily({ store });
    assert.equal(report.errors, 0);
    assert.equal(digests, 0);
  } finally {
    subtle.digest = digest;
  }
});
