// The sample family in content/vaults loads cleanly: every soul with and without each preset, every guest.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GUEST_ROLES, SOUL_ROLES, checkFamily, discoverFamily, listPresets, loadIdentity } from '../../src/core/index.ts';
import type { Bundle } from '../../src/core/index.ts';
import { FsStore } from '../../src/node/index.ts';
import { SAMPLE } from './helpers.ts';

const store = new FsStore(SAMPLE);

function inOrder(bundle: Bundle, roles: readonly string[]): void {
  const ranks = bundle.documents.map((d) => roles.indexOf(d.role));
  assert.ok(ranks.every((r, i) => r >= 0 && (i === 0 || r >= ranks[i - 1]!)), `${bundle.soul}: ${bundle.documents.map((d) => d.role).join(', ')}`);
}

describe('the sample family', () => {
  test('is the family the docs describe', async () => {
    const family = await discoverFamily(store);
    assert.deepEqual(
      { name: family.name, souls: family.souls, guests: family.guestIds },
      { name: 'cwkpippa', souls: ['lingtai', 'pippa', 'quill'], guests: ['marlow', 'sable'] },
    );
  });

  test('every soul loads, with no preset and with each of its presets', async () => {
    const displays: Record<string, string> = { pippa: 'Pippa', quill: 'Quill Ashford', lingtai: '灵台' };
    let loads = 0;
    for (const soul of (await discoverFamily(store)).souls) {
      const presets = await listPresets(store, soul);
      assert.ok(presets.length > 0, `${soul} has presets`);
      for (const preset of [null, ...presets]) {
        const bundle = await loadIdentity({ store, soul, harness: 'sample', preset });
        loads++;
        assert.equal(bundle.kind, 'family');
        assert.equal(bundle.display, displays[soul]);
        assert.equal(bundle.preset, preset);
        assert.deepEqual(bundle.warnings, []);
        inOrder(bundle, SOUL_ROLES);
        const projects = bundle.documents.filter((d) => d.role === 'project');
        assert.deepEqual(projects.map((d) => d.uri), preset ? [`soul://${soul}/projects/${preset}.md`] : []);
        // A whole document never carries an unfilled token in the shared instructions.
        const shared = bundle.documents.find((d) => d.role === 'shared_instructions')!;
        assert.doesNotMatch(shared.text, /\{soul(_display)?\}/);
        assert.ok(shared.text.includes(displays[soul]!));
      }
    }
    assert.equal(loads, 3 + 7);
  });

  test('every guest loads, newest memory first', async () => {
    const marlow = await loadIdentity({ store, soul: 'marlow', harness: 'sample' });
    const sable = await loadIdentity({ store, soul: 'sable', harness: 'sample' });
    for (const b of [marlow, sable]) {
      assert.equal(b.kind, 'guest');
      assert.deepEqual(b.warnings, []);
      inOrder(b, GUEST_ROLES);
    }
    assert.equal(marlow.display, 'Marlow Vance');
    assert.equal(sable.display, 'Sable');
    const memories = (b: Bundle) => b.documents.filter((d) => d.role === 'memory').map((d) => d.uri.replace(/^.*\/memory\//, ''));
    // schema-review's frontmatter date (04-09) wins over its file name; notes-on-tone is undated, so last.
    assert.deepEqual(memories(marlow), ['2026-04-02-schema-review.md', '2026-03-14-first-visit.md', 'notes-on-tone.md']);
    // arrival is dated by its file name only; map-of-the-archive by a date-time with an offset.
    assert.deepEqual(memories(sable), ['2026-03-02-lantern-question.md', '2026-02-11-map-of-the-archive.md', '2026-01-20-arrival.md']);
    assert.equal(marlow.documents.find((d) => d.role === 'memory_index')?.mode, 'whole');
    assert.deepEqual(
      sable.documents.find((d) => d.role === 'memory_index'),
      { role: 'memory_index', uri: 'soul://cwkpippa-guests/sable/memory/index.md', mode: 'pointer', required: false, revision: '', bytes: 0, text: '' },
    );
  });

  test('checkFamily finds nothing', async () => {
    const report = await checkFamily({ store });
    assert.deepEqual([report.errors, report.warnings, report.findings], [0, 0, []]);
  });

  test('the same bytes give the same bundle twice', async () => {
    const a = await loadIdentity({ store, soul: 'pippa', harness: 'sample', preset: 'code-review' });
    const b = await loadIdentity({ store: new FsStore(SAMPLE), soul: 'pippa', harness: 'sample', preset: 'code-review' });
    assert.deepEqual(a, b);
  });
});
