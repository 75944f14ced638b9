// Every error code of VAULT.md section 6 through loadIdentity / readNote with the fs store.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { VaultError, loadIdentity, readNote } from '../../src/core/index.ts';
import { FsStore } from '../../src/node/index.ts';
import { ERROR_CASES, buildTempVaults, vaultOf } from './error-cases.ts';
import { tinyStore, utf8 } from './helpers.ts';

async function caught(run: () => Promise<unknown>): Promise<VaultError> {
  try {
    await run();
  } catch (error) {
    assert.ok(error instanceof VaultError, `not a VaultError: ${String(error)}`);
    return error;
  }
  assert.fail('no error was thrown');
}

describe('error codes from fixture vaults (fs store)', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  before(async () => {
    temp = await buildTempVaults();
  });
  after(() => temp.cleanup());

  for (const c of ERROR_CASES) {
    test(`${c.name}: ${c.code}`, async () => {
      const store = new FsStore(vaultOf(c, temp.dir));
      const error = await caught(() => (c.read ? readNote(store, c.read) : loadIdentity({ store, ...c.load! })));
      assert.equal(error.code, c.code, error.message);
      assert.equal(error.note ?? null, c.note);
      assert.equal(error.role ?? null, c.role);
      assert.equal(error.operation, c.read ? 'read' : 'load_identity');
      // The message names the note and the role in words.
      if (c.note) assert.ok(error.message.includes(c.note), error.message);
      if (c.role) assert.ok(error.message.includes(c.role), error.message);
      assert.deepEqual(JSON.parse(JSON.stringify(error)), { code: c.code, message: error.message, operation: error.operation, note: c.note, role: c.role });
    });
  }

  test('a missing required document says which store it is missing from', async () => {
    const error = await caught(() => loadIdentity({ store: new FsStore(vaultOf(ERROR_CASES.find((c) => c.name === 'no soul instructions')!, temp.dir)), soul: 'ada', harness: 'test' }));
    assert.equal(error.message, 'required identity document soul://ada/instructions.md (soul_instructions) is missing from the fs store');
  });

  test('integrity_error never leaks the decoder exception', async () => {
    const error = await caught(() => loadIdentity({ store: new FsStore(`${temp.dir}/bad-utf8`), soul: 'ada', harness: 'test' }));
    assert.doesNotMatch(error.message, /TypeError|decode|encoded data/i);
    assert.ok(!(error.cause instanceof TypeError));
  });
});

describe('more ways to meet each code (memory store)', () => {
  test('harness_required: missing, empty or blank harness', async () => {
    for (const harness of [undefined, '', '   ']) {
      const error = await caught(() => loadIdentity({ store: tinyStore(), soul: 'ada', harness: harness as string }));
      assert.equal(error.code, 'harness_required', JSON.stringify(harness));
    }
  });

  test('soul_not_found: an id no family soul or guest has, and the shared vault itself', async () => {
    for (const soul of ['nobody', 'tiny-shared', 'tiny-guests', 'Ada']) {
      assert.equal((await caught(() => loadIdentity({ store: tinyStore(), soul, harness: 'test' }))).code, 'soul_not_found', soul);
    }
  });

  test('frontmatter_invalid in every role whose frontmatter is read', async () => {
    const broken = {
      unclosed: '---\ntitle: x\n',
      'bad yaml': '---\nkey: [x\n---\n',
      'duplicate keys': '---\na: 1\na: 2\n---\n',
      list: '---\n- a\n---\n',
      scalar: '---\njust a string\n---\n',
      Inline: '---\nprompt_loading: Inline\n---\n',
      'a number': '---\nprompt_loading: 1\n---\n',
    };
    for (const [why, text] of Object.entries(broken)) {
      for (const [soul, key, role] of [
        ['ada', 'tiny-shared/core/x.md', 'shared_core'],
        ['ada', 'ada/index/x.md', 'soul_index'],
        ['bo', 'tiny-guests/bo/memory/x.md', 'memory'],
      ] as const) {
        if (role === 'memory' && (why === 'Inline' || why === 'a number')) continue; // memories do not read prompt_loading
        const error = await caught(() => loadIdentity({ store: tinyStore({ [key]: text }), soul, harness: 'test' }));
        assert.deepEqual([error.code, error.note, error.role], ['frontmatter_invalid', `soul://${key}`, role], `${why} in ${role}`);
      }
    }
  });

  test('integrity_error names the note and role wherever the bad bytes are', async () => {
    const bad = new Uint8Array([0x61, 0xed, 0xa0, 0x80]); // an encoded surrogate: not valid UTF-8
    for (const [soul, key, role] of [
      ['ada', 'ada/Ada Byron.md', 'identity'],
      ['ada', 'tiny-shared/instructions.md', 'shared_instructions'],
      ['ada', 'tiny-shared/core/x.md', 'shared_core'],
      ['ada', 'ada/core/x.md', 'soul_core'],
      ['bo', 'tiny-guests/bo/memory/index.md', 'memory_index'],
    ] as const) {
      const error = await caught(() => loadIdentity({ store: tinyStore({ [key]: bad }), soul, harness: 'test' }));
      assert.deepEqual([error.code, error.note, error.role], ['integrity_error', `soul://${key}`, role]);
      assert.equal(error.message, `note soul://${key} (${role}) is not valid UTF-8`);
    }
    assert.equal((await caught(() => readNote(tinyStore({ 'ada/x.md': bad }), 'soul://ada/x.md'))).code, 'integrity_error');
  });

  test('a valid note is not an integrity error: BOM, astral and CJK text', async () => {
    const bundle = await loadIdentity({ store: tinyStore({ 'ada/core/x.md': utf8('\uFEFF灵台 𝒜\n') }), soul: 'ada', harness: 'test' });
    assert.equal(bundle.documents.find((d) => d.uri === 'soul://ada/core/x.md')?.text, '灵台 𝒜\n');
  });

  test('uri_invalid: a preset that would leave projects/', async () => {
    for (const preset of ['../instructions', 'a/b', '.hidden', '..', 'x\\y', 'x\0y']) {
      const error = await caught(() => loadIdentity({ store: tinyStore(), soul: 'ada', harness: 'test', preset }));
      assert.equal(error.code, 'uri_invalid', JSON.stringify(preset));
    }
  });

  test('note_not_found: read of a URI that names no note', async () => {
    const error = await caught(() => readNote(tinyStore(), 'soul://ada/nothing.md'));
    assert.deepEqual([error.code, error.note], ['note_not_found', 'soul://ada/nothing.md']);
  });
});
