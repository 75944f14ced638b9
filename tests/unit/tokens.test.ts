// Token filling: only {soul} and {soul_display}, only in the shared instructions (family and guest).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadIdentity } from '../../src/core/index.ts';
import type { Bundle } from '../../src/core/index.ts';
import { FsStore } from '../../src/node/index.ts';
import { fixture, tinyStore } from './helpers.ts';

const BRACES = 'id={soul} name={soul_display} twice={soul}{soul} other={date} {Soul} {soul_display_name} { soul } {{soul}}\n';
const FILLED = 'id=ada name=Ada Byron twice=adaada other={date} {Soul} {soul_display_name} { soul } {ada}\n';

const text = (bundle: Bundle, role: string): string[] => bundle.documents.filter((d) => d.role === role).map((d) => d.text);

describe('family tokens', () => {
  const load = () =>
    loadIdentity({
      store: tinyStore({
        'tiny-shared/instructions.md': BRACES,
        'tiny-shared/core/inline.md': `---\nprompt_loading: inline\n---\n${BRACES}`,
        'tiny-shared/index/core-index.md': BRACES,
        'ada/Ada Byron.md': BRACES,
        'ada/instructions.md': BRACES,
        'ada/core/self.md': BRACES,
        'ada/index/catalog.md': BRACES,
        'ada/projects/focus.md': BRACES,
      }),
      soul: 'ada',
      harness: 'test',
      preset: 'focus',
    });

  test('shared instructions: {soul} and {soul_display} filled everywhere, other braces left alone', async () => {
    assert.deepEqual(text(await load(), 'shared_instructions'), [FILLED]);
  });

  for (const role of ['identity', 'shared_core', 'shared_catalog', 'soul_instructions', 'soul_core', 'soul_index', 'project']) {
    test(`${role} is not filled`, async () => {
      const texts = text(await load(), role);
      assert.equal(texts.length, 1);
      assert.ok(texts[0]!.endsWith(BRACES), texts[0]!);
    });
  }

  test('a display name with a token in it is not filled a second time', async () => {
    const bundle = await loadIdentity({
      store: tinyStore({ 'ada/Ada Byron.md': null, 'ada/{soul} Ada.md': 'me\n', 'tiny-shared/instructions.md': '{soul_display}|{soul}\n' }),
      soul: 'ada',
      harness: 'test',
    });
    assert.deepEqual(text(bundle, 'shared_instructions'), ['{soul} Ada|ada\n']);
  });
});

describe('guest tokens', () => {
  test('guest shared instructions filled with the guest id and display; the rest left alone', async () => {
    const bundle = await loadIdentity({
      store: tinyStore({
        'tiny-guests/instructions.md': BRACES,
        'tiny-guests/bo/Bo.md': BRACES,
        'tiny-guests/bo/instructions.md': BRACES,
        'tiny-guests/bo/memory/index.md': BRACES,
        'tiny-guests/bo/memory/visit.md': BRACES,
      }),
      soul: 'bo',
      harness: 'test',
    });
    assert.deepEqual(text(bundle, 'guest_shared_instructions'), [
      'id=bo name=Bo twice=bobo other={date} {Soul} {soul_display_name} { soul } {bo}\n',
    ]);
    for (const role of ['identity', 'guest_instructions', 'memory_index', 'memory']) assert.deepEqual(text(bundle, role), [BRACES], role);
  });
});

describe('the tiny fixture on disk', () => {
  test('a soul and a guest fill their own shared instructions', async () => {
    const store = new FsStore(fixture('tiny'));
    const ada = await loadIdentity({ store, soul: 'ada', harness: 'test' });
    assert.match(text(ada, 'shared_instructions')[0]!, /You are Ada Byron \(id ada\), one soul of the tiny family\.\nLeave \{date\}, \{Soul\}, \{soul_display_name\} and \{ soul \} as written\./);
    assert.match(text(ada, 'identity')[0]!, /I am \{soul_display\}; \{soul\} stays/);
    const bo = await loadIdentity({ store, soul: 'bo', harness: 'test' });
    assert.equal(text(bo, 'guest_shared_instructions')[0], 'Welcome, Bo (guest bo). {date} stays.\n');
    assert.equal(text(bo, 'guest_instructions')[0], "Bo's instructions; {soul_display} is not filled.\n");
  });
});
