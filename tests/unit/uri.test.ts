// Note URIs (VAULT.md section 1): soul://<vault-id>/<path>, never leaving the vault root.
import assert from 'node:assert/strict';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { VaultError, noteUri, parseUri, pathProblem, readNote } from '../../src/core/index.ts';
import { FsStore } from '../../src/node/index.ts';
import { tempDir, tinyFiles, tinyStore, writeTree } from './helpers.ts';

const uriInvalid = (error: unknown): boolean => error instanceof VaultError && error.code === 'uri_invalid';

describe('parseUri', () => {
  test('valid URIs: spaces and any Unicode in names, nested folders', () => {
    for (const [uri, vault, p] of [
      ['soul://cwkpippa-shared/core/voice.md', 'cwkpippa-shared', 'core/voice.md'],
      ['soul://pippa/Pippa.md', 'pippa', 'Pippa.md'],
      ['soul://cwkpippa-guests/ada/memory/index.md', 'cwkpippa-guests', 'ada/memory/index.md'],
      ['soul://quill/Quill Ashford.md', 'quill', 'Quill Ashford.md'],
      ['soul://lingtai/灵台.md', 'lingtai', '灵台.md'],
      ['soul://a1/x..y.md', 'a1', 'x..y.md'],
    ] as const) {
      assert.deepEqual(parseUri(uri), { vault, path: p, uri }, uri);
      assert.equal(noteUri(vault, p), uri);
    }
  });

  test('uri_invalid for anything that could leave the vault root or is not a note', () => {
    const bad = [
      'pippa/Pippa.md', // no scheme
      'file:///etc/passwd.md',
      'soul://pippa', // no path
      'soul://pippa/',
      'soul:///etc/passwd.md', // empty vault id, absolute path
      'soul://pippa//etc/passwd.md', // absolute inside
      'soul://pippa/../quill/instructions.md',
      'soul://pippa/core/../../quill/instructions.md',
      'soul://../pippa/Pippa.md',
      'soul://pippa/./Pippa.md',
      'soul://pippa/core//a.md',
      'soul://pippa/core\\a.md',
      'soul://pippa/core/a\0.md',
      'soul://Pippa/Pippa.md', // vault ids are lowercase
      'soul://-pippa/Pippa.md',
      'soul://pippa/Pippa.txt', // not a note
      'soul://pippa/.hidden.md',
      'soul://pippa/.git/x.md',
    ];
    for (const uri of bad) assert.throws(() => parseUri(uri), uriInvalid, uri);
  });

  test('the error names the URI and the operation', () => {
    try {
      parseUri('soul://pippa/../x.md', 'read');
      assert.fail('no error');
    } catch (error) {
      assert.ok(error instanceof VaultError);
      assert.equal(error.note, 'soul://pippa/../x.md');
      assert.equal(error.operation, 'read');
      assert.ok(error.message.includes('soul://pippa/../x.md'));
    }
  });
});

describe('pathProblem', () => {
  test('null for a plain relative path; a reason otherwise', () => {
    assert.equal(pathProblem('core/a.md'), null);
    for (const p of ['', '/abs.md', 'a/../b.md', './a.md', 'a//b.md', 'a/', 'a\\b.md', 'a\0b.md', '..']) {
      assert.equal(typeof pathProblem(p), 'string', JSON.stringify(p));
    }
  });
});

describe('the fs store never leaves the vault root', () => {
  let tmp: { dir: string; cleanup: () => Promise<void> };
  let root: string;
  before(async () => {
    tmp = await tempDir();
    root = path.join(tmp.dir, 'root');
    await writeTree(root, tinyFiles({ 'ada/core/inside.md': 'inside\n' }));
    await mkdir(path.join(tmp.dir, 'outside'));
    await writeFile(path.join(tmp.dir, 'outside', 'secret.md'), 'secret\n');
    await symlink(path.join(tmp.dir, 'outside', 'secret.md'), path.join(root, 'ada', 'escape.md'));
    await symlink(path.join(tmp.dir, 'outside'), path.join(root, 'ada', 'away'));
  });
  after(() => tmp.cleanup());

  test('reading a symlinked note that resolves outside: uri_invalid', async () => {
    await assert.rejects(readNote(new FsStore(root), 'soul://ada/escape.md'), uriInvalid);
  });

  test('reading through a symlinked folder: uri_invalid', async () => {
    await assert.rejects(readNote(new FsStore(root), 'soul://ada/away/secret.md'), uriInvalid);
  });

  test('a store read with .. in the path: uri_invalid, before touching the disk', async () => {
    await assert.rejects(new FsStore(root).read('ada', '../../outside/secret.md'), uriInvalid);
    await assert.rejects(new FsStore(root).read('..', 'outside/secret.md'), uriInvalid);
  });

  test('a plain note inside still reads', async () => {
    assert.equal(await readNote(new FsStore(root), 'soul://ada/core/inside.md'), 'inside\n');
  });

  test('readNote with the memory store validates the same way', async () => {
    await assert.rejects(readNote(tinyStore(), 'soul://ada/../tiny-shared/instructions.md'), uriInvalid);
    assert.equal(await readNote(tinyStore(), 'soul://tiny-shared/instructions.md'), 'Shared for {soul} ({soul_display}).\n');
  });
});
