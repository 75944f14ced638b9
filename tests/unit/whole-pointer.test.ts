// Whole or pointer: frontmatter decides for shared core and soul index only; size never decides.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadIdentity, pointerText, readCommand } from '../../src/core/index.ts';
import type { Bundle, IdentityDocument } from '../../src/core/index.ts';
import { FsStore } from '../../src/node/index.ts';
import { fixture, tinyStore } from './helpers.ts';

const doc = (bundle: Bundle, uri: string): IdentityDocument => {
  const found = bundle.documents.find((d) => d.uri === uri);
  assert.ok(found, `no document ${uri}`);
  return found;
};

describe('the pointer text', () => {
  test('is exactly the spec sentence with the read command', () => {
    const uri = 'soul://tiny-shared/core/b.md';
    assert.equal(pointerText(uri), 'At hand, not carried here. Read it when it is needed: soul-vault read soul://tiny-shared/core/b.md');
    assert.equal(readCommand(uri), 'soul-vault read soul://tiny-shared/core/b.md');
  });
});

describe('shared core', () => {
  const load = () =>
    loadIdentity({
      store: tinyStore({
        'tiny-shared/core/inline.md': '---\nprompt_loading: inline\n---\ninline body\n',
        'tiny-shared/core/on-demand.md': '---\nprompt_loading: on-demand\n---\non-demand body\n',
        'tiny-shared/core/absent-key.md': '---\ntitle: no loading key\n---\nabsent body\n',
        'tiny-shared/core/no-frontmatter.md': 'no frontmatter body\n',
      }),
      soul: 'ada',
      harness: 'test',
    });

  test('whole only with prompt_loading: inline', async () => {
    const d = doc(await load(), 'soul://tiny-shared/core/inline.md');
    assert.equal(d.mode, 'whole');
    assert.equal(d.text, '---\nprompt_loading: inline\n---\ninline body\n');
  });

  for (const name of ['on-demand', 'absent-key', 'no-frontmatter']) {
    test(`${name}: a pointer with the exact pointer text`, async () => {
      const uri = `soul://tiny-shared/core/${name}.md`;
      const d = doc(await load(), uri);
      assert.equal(d.mode, 'pointer');
      assert.equal(d.text, `At hand, not carried here. Read it when it is needed: soul-vault read ${uri}`);
      assert.equal(d.required, false);
    });
  }
});

describe('soul core', () => {
  test('always whole, even with prompt_loading: on-demand or broken frontmatter', async () => {
    const bundle = await loadIdentity({
      store: tinyStore({
        'ada/core/on-demand.md': '---\nprompt_loading: on-demand\n---\nstill whole\n',
        'ada/core/unclosed.md': '---\ntitle: never closed\nstill whole\n',
        'ada/core/bad-yaml.md': '---\ntitle: [oops\n---\nstill whole\n',
        'ada/core/capital.md': '---\nprompt_loading: Inline\n---\nstill whole\n',
      }),
      soul: 'ada',
      harness: 'test',
    });
    const core = bundle.documents.filter((d) => d.role === 'soul_core');
    assert.equal(core.length, 4);
    for (const d of core) {
      assert.equal(d.mode, 'whole', d.uri);
      assert.match(d.text, /still whole\n$/);
    }
  });
});

describe('soul index', () => {
  test('whole unless prompt_loading: on-demand', async () => {
    const bundle = await loadIdentity({
      store: tinyStore({
        'ada/index/inline.md': '---\nprompt_loading: inline\n---\ni\n',
        'ada/index/on-demand.md': '---\nprompt_loading: on-demand\n---\no\n',
        'ada/index/plain.md': 'p\n',
        'ada/index/titled.md': '---\ntitle: t\n---\nt\n',
      }),
      soul: 'ada',
      harness: 'test',
    });
    const modes = Object.fromEntries(bundle.documents.filter((d) => d.role === 'soul_index').map((d) => [d.uri, d.mode]));
    assert.deepEqual(modes, {
      'soul://ada/index/inline.md': 'whole',
      'soul://ada/index/on-demand.md': 'pointer',
      'soul://ada/index/plain.md': 'whole',
      'soul://ada/index/titled.md': 'whole',
    });
    assert.equal(doc(bundle, 'soul://ada/index/on-demand.md').text, pointerText('soul://ada/index/on-demand.md'));
  });
});

describe('project', () => {
  test('only when a preset is asked for, then whole and required', async () => {
    const store = tinyStore({ 'ada/projects/focus.md': 'focus\n', 'ada/projects/other.md': 'other\n' });
    const without = await loadIdentity({ store, soul: 'ada', harness: 'test' });
    assert.equal(without.documents.filter((d) => d.role === 'project').length, 0);
    const withPreset = await loadIdentity({ store, soul: 'ada', harness: 'test', preset: 'focus' });
    const projects = withPreset.documents.filter((d) => d.role === 'project');
    assert.deepEqual(projects.map((d) => [d.uri, d.mode, d.required, d.text]), [['soul://ada/projects/focus.md', 'whole', true, 'focus\n']]);
  });
});

describe('the tiny fixture on disk', () => {
  test('modes of every document', async () => {
    const bundle = await loadIdentity({ store: new FsStore(fixture('tiny')), soul: 'ada', harness: 'test', preset: 'focus' });
    assert.deepEqual(
      bundle.documents.map((d) => `${d.role} ${d.mode} ${d.uri}`),
      [
        'identity whole soul://ada/Ada Byron.md',
        'shared_instructions whole soul://tiny-shared/instructions.md',
        'shared_core whole soul://tiny-shared/core/a.md',
        'shared_core pointer soul://tiny-shared/core/b/c.md',
        'shared_core pointer soul://tiny-shared/core/b.md',
        'shared_catalog pointer soul://tiny-shared/index/core-index.md',
        'soul_instructions whole soul://ada/instructions.md',
        'soul_core whole soul://ada/core/deep.md',
        'soul_core whole soul://ada/core/unclosed.md',
        'soul_index whole soul://ada/index/inline.md',
        'soul_index pointer soul://ada/index/on-demand.md',
        'soul_index whole soul://ada/index/plain.md',
        'project whole soul://ada/projects/focus.md',
      ],
    );
  });
});
