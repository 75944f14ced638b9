// Re-assembly after an edit reuses the hashes of unchanged notes, and never a stale one.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { MemoryStore, loadIdentity } from '../../src/core/index.ts';
import { noteRevision } from '../../src/core/text.ts';

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

function family(): MemoryStore {
  return new MemoryStore({
    'fam-shared/instructions.md': 'shared for {soul}',
    'fam-shared/core/a.md': 'a',
    'ada/Ada.md': 'identity',
    'ada/instructions.md': 'own',
    'ada/core/deep.md': 'deep',
  });
}

test('the same byte array gives the same revision promise; another array is hashed anew', async () => {
  const bytes = new TextEncoder().encode('note');
  assert.equal(noteRevision(bytes), noteRevision(bytes));
  assert.equal(await noteRevision(bytes), sha('note'));
  assert.equal(await noteRevision(new TextEncoder().encode('other')), sha('other'));
});

test('after an edit, the edited note gets its new revision and the others keep theirs', async () => {
  const store = family();
  const before = await loadIdentity({ store, soul: 'ada', harness: 'test' });
  store.write('ada/core/deep.md', 'deeper');
  const after = await loadIdentity({ store, soul: 'ada', harness: 'test' });
  const rev = (b: typeof before, uri: string): string | undefined => b.documents.find((d) => d.uri === uri)?.revision;
  assert.equal(rev(after, 'soul://ada/core/deep.md'), sha('deeper'));
  assert.equal(rev(before, 'soul://ada/core/deep.md'), sha('deep'));
  assert.equal(rev(after, 'soul://ada/Ada.md'), sha('identity'));
  assert.notEqual(after.revision, before.revision);
  // Editing back restores the original bundle exactly: nothing stale survives.
  store.write('ada/core/deep.md', 'deep');
  assert.deepEqual(await loadIdentity({ store, soul: 'ada', harness: 'test' }), before);
});

test('a load hashes only the notes whose bytes changed since the last load of the same store', async () => {
  const store = family();
  await loadIdentity({ store, soul: 'ada', harness: 'test' });
  const digest = crypto.subtle.digest.bind(crypto.subtle);
  let calls = 0;
  crypto.subtle.digest = ((algorithm: AlgorithmIdentifier, data: BufferSource) => {
    calls++;
    return digest(algorithm, data);
  }) as typeof crypto.subtle.digest;
  try {
    store.write('ada/core/deep.md', 'deeper still');
    await loadIdentity({ store, soul: 'ada', harness: 'test' });
  } finally {
    crypto.subtle.digest = digest;
  }
  // One for the edited note, one for the bundle's prompt revision.
  assert.equal(calls, 2);
});
