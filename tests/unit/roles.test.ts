// The role tables of VAULT.md sections 2 and 3, row by row: role, uri, mode, required, in order.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GUEST_ROLES, SOUL_ROLES, VaultError, loadIdentity } from '../../src/core/index.ts';
import type { IdentityDocument } from '../../src/core/index.ts';
import { tinyStore } from './helpers.ts';

const row = (d: IdentityDocument) => ({ role: d.role, uri: d.uri, mode: d.mode, required: d.required });

describe('SOUL_ROLES and GUEST_ROLES', () => {
  test('SOUL_ROLES is the family sequence of section 2, in order', () => {
    assert.deepEqual(
      [...SOUL_ROLES],
      ['identity', 'shared_instructions', 'shared_core', 'shared_catalog', 'soul_instructions', 'soul_core', 'soul_index', 'project'],
    );
  });

  test('GUEST_ROLES is the guest sequence of section 3, in order', () => {
    assert.deepEqual([...GUEST_ROLES], ['identity', 'guest_shared_instructions', 'guest_instructions', 'memory_index', 'memory']);
  });
});

describe('the family sequence, one note per role', () => {
  const store = () =>
    tinyStore({
      'tiny-shared/core/inline.md': '---\nprompt_loading: inline\n---\nshared whole\n',
      'tiny-shared/core/plain.md': 'shared pointer\n',
      'tiny-shared/index/core-index.md': 'catalog\n',
      'ada/core/self.md': 'deep self\n',
      'ada/index/catalog.md': 'soul catalog\n',
      'ada/index/later.md': '---\nprompt_loading: on-demand\n---\nlater\n',
      'ada/projects/focus.md': 'preset focus\n',
    });

  test('with a preset: every row of the table, in table order', async () => {
    const bundle = await loadIdentity({ store: store(), soul: 'ada', harness: 'test', preset: 'focus' });
    assert.deepEqual(bundle.documents.map(row), [
      { role: 'identity', uri: 'soul://ada/Ada Byron.md', mode: 'whole', required: true },
      { role: 'shared_instructions', uri: 'soul://tiny-shared/instructions.md', mode: 'whole', required: true },
      { role: 'shared_core', uri: 'soul://tiny-shared/core/inline.md', mode: 'whole', required: false },
      { role: 'shared_core', uri: 'soul://tiny-shared/core/plain.md', mode: 'pointer', required: false },
      { role: 'shared_catalog', uri: 'soul://tiny-shared/index/core-index.md', mode: 'whole', required: false },
      { role: 'soul_instructions', uri: 'soul://ada/instructions.md', mode: 'whole', required: true },
      { role: 'soul_core', uri: 'soul://ada/core/self.md', mode: 'whole', required: false },
      { role: 'soul_index', uri: 'soul://ada/index/catalog.md', mode: 'whole', required: false },
      { role: 'soul_index', uri: 'soul://ada/index/later.md', mode: 'pointer', required: false },
      { role: 'project', uri: 'soul://ada/projects/focus.md', mode: 'whole', required: true },
    ]);
    assert.equal(bundle.kind, 'family');
    assert.equal(bundle.display, 'Ada Byron');
    assert.equal(bundle.preset, 'focus');
    assert.equal(bundle.harness, 'test');
  });

  test('without a preset there is no project document', async () => {
    const bundle = await loadIdentity({ store: store(), soul: 'ada', harness: 'test' });
    assert.equal(bundle.documents.some((d) => d.role === 'project'), false);
    assert.equal(bundle.preset, null);
  });

  test('a role with no notes contributes no document; the absent catalog is still one', async () => {
    const bundle = await loadIdentity({ store: tinyStore(), soul: 'ada', harness: 'test' });
    assert.deepEqual(bundle.documents.map((d) => d.role), ['identity', 'shared_instructions', 'shared_catalog', 'soul_instructions']);
  });

  test('documents always follow SOUL_ROLES order', async () => {
    const bundle = await loadIdentity({ store: store(), soul: 'ada', harness: 'test', preset: 'focus' });
    const ranks = bundle.documents.map((d) => SOUL_ROLES.indexOf(d.role as (typeof SOUL_ROLES)[number]));
    assert.ok(ranks.every((r) => r >= 0));
    assert.deepEqual(ranks, [...ranks].sort((a, b) => a - b));
  });
});

describe('the guest sequence, one note per role', () => {
  test('every row of the table, in table order', async () => {
    const store = tinyStore({
      'tiny-guests/bo/memory/index.md': 'memory index\n',
      'tiny-guests/bo/memory/2026-01-01-visit.md': 'a visit\n',
    });
    const bundle = await loadIdentity({ store, soul: 'bo', harness: 'test' });
    assert.deepEqual(bundle.documents.map(row), [
      { role: 'identity', uri: 'soul://tiny-guests/bo/Bo.md', mode: 'whole', required: true },
      { role: 'guest_shared_instructions', uri: 'soul://tiny-guests/instructions.md', mode: 'whole', required: true },
      { role: 'guest_instructions', uri: 'soul://tiny-guests/bo/instructions.md', mode: 'whole', required: true },
      { role: 'memory_index', uri: 'soul://tiny-guests/bo/memory/index.md', mode: 'whole', required: false },
      { role: 'memory', uri: 'soul://tiny-guests/bo/memory/2026-01-01-visit.md', mode: 'whole', required: false },
    ]);
    assert.equal(bundle.kind, 'guest');
    assert.equal(bundle.display, 'Bo');
  });

  test('a guest takes no shared core, and a preset for a guest is an error, not ignored', async () => {
    const store = tinyStore({ 'tiny-shared/core/inline.md': '---\nprompt_loading: inline\n---\nshared\n' });
    const bundle = await loadIdentity({ store, soul: 'bo', harness: 'test' });
    assert.equal(bundle.preset, null);
    assert.ok(bundle.documents.every((d) => (GUEST_ROLES as readonly string[]).includes(d.role)));
    await assert.rejects(loadIdentity({ store, soul: 'bo', harness: 'test', preset: 'focus' }), (e: VaultError) => e.code === 'uri_invalid' && e.role === 'project' && /guest "bo" has no presets/.test(e.message));
  });
});
