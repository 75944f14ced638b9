// The git store (src/node/git-store.ts): the unchanged loader over a commit gives what the fs
// store gives on the same tree, byte for byte, errors included; and it never keeps a process alive.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, rename, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { VaultError, checkFamily, describeFamily, listPresets, loadIdentity, requireFamily, walkFolder } from '../../src/core/index.ts';
import type { VaultStore } from '../../src/core/index.ts';
import { FsStore } from '../../src/node/index.ts';
import { GitStore } from '../../src/node/git-store.ts';
import { gitRepo, sampleRepo } from './git-helpers.ts';
import type { Repo } from './git-helpers.ts';
import { ROOT, readTree, tempDir, tinyFiles } from './helpers.ts';

/** Every load the site makes (each soul without and with each preset, each guest), as JSON. */
async function everyBundle(store: VaultStore): Promise<Map<string, string>> {
  const family = await requireFamily(store);
  const out = new Map<string, string>();
  for (const soul of [...family.souls, ...family.guestIds]) {
    const presets = family.souls.includes(soul) ? [null, ...(await listPresets(store, soul))] : [null];
    for (const preset of presets) out.set(`${soul}/${preset}`, JSON.stringify(await loadIdentity({ store, soul, harness: 'webui', preset, discovered: family })));
  }
  return out;
}

/** A check report with the store's name taken out of its messages, so two stores can be compared. */
const report = async (store: VaultStore): Promise<string> => JSON.stringify(await checkFamily({ store })).replaceAll(`the ${store.backend} store`, 'the store');

async function rejects(promise: Promise<unknown>, code: string, message: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof VaultError, String(error));
    assert.equal(error.code, code);
    assert.match(error.message, message);
    return true;
  });
}

describe('git store', () => {
  let repo: Repo;
  let head: GitStore;
  before(async () => {
    repo = await sampleRepo();
    head = await GitStore.open(repo.root, 'HEAD');
  });
  after(async () => {
    head.close();
    await repo.cleanup();
  });

  test('every soul, preset and guest of the sample family: the same bundle JSON as the fs store, byte for byte', async () => {
    const fs = await everyBundle(new FsStore(repo.root));
    const git = await everyBundle(head);
    assert.ok(fs.size >= 10, `${fs.size} loads`);
    assert.deepEqual([...git.keys()], [...fs.keys()]);
    for (const [key, json] of fs) assert.equal(git.get(key), json, key);
  });

  test('the same notes with the same bytes, the same listings, the same check report and overview', async () => {
    const fs = new FsStore(repo.root);
    for (const [rel, bytes] of await readTree(repo.root)) {
      const [vault, ...rest] = rel.split('/');
      assert.deepEqual(await head.read(vault!, rest.join('/')), new Uint8Array(await fs.read(vault!, rest.join('/')) as Uint8Array), rel);
      assert.equal(Buffer.compare(Buffer.from((await head.read(vault!, rest.join('/')))!), Buffer.from(bytes)), 0, rel);
    }
    assert.deepEqual((await head.vaults()).sort(), (await fs.vaults()).sort());
    for (const vault of await fs.vaults()) {
      assert.deepEqual(await walkFolder(head, vault, ''), await walkFolder(fs, vault, ''), vault);
      assert.deepEqual(sortEntries(await head.entries(vault, '')), sortEntries(await fs.entries(vault, '')), vault);
    }
    assert.equal(await report(head), await report(fs));
    assert.deepEqual(await describeFamily(head), await describeFamily(fs));
  });

  test('an older commit is read as it was, and the commit id is resolved once', async () => {
    const before = (await head.read('pippa', 'Pippa.md'))!;
    await repo.write({ 'pippa/Pippa.md': 'A new identity.\n' });
    const id = await repo.commit('edit');
    const [old, now] = [await GitStore.open(repo.root, 'HEAD~1'), await GitStore.open(repo.root, id.slice(0, 10))];
    try {
      assert.equal(now.commit, id);
      assert.deepEqual(await old.read('pippa', 'Pippa.md'), before);
      assert.equal(new TextDecoder().decode((await now.read('pippa', 'Pippa.md'))!), 'A new identity.\n');
      assert.equal((await loadIdentity({ store: now, soul: 'pippa', harness: 'x' })).documents[0]!.text, 'A new identity.\n');
      // `head` was opened before the commit and still names the old one.
      assert.deepEqual(await head.read('pippa', 'Pippa.md'), before);
    } finally {
      old.close();
      now.close();
    }
  });

  test('a missing note or folder is null, a folder read as a note is null, a path that leaves the root is uri_invalid', async () => {
    assert.equal(await head.read('pippa', 'nope.md'), null);
    assert.equal(await head.read('pippa', 'core'), null);
    assert.equal(await head.read('pippa', 'nope/x.md'), null);
    assert.equal(await head.read('pippa', 'Pippa.md/x.md'), null);
    assert.equal(await head.entries('pippa', 'nope'), null);
    assert.equal(await head.entries('pippa', 'Pippa.md'), null);
    await rejects(head.read('pippa', '../quill/instructions.md'), 'uri_invalid', /leaves the vault root/);
    await rejects(head.entries('pippa', 'core/../..'), 'uri_invalid', /leaves the vault root/);
  });
});

describe('git store errors', () => {
  test('a vault root in no git repository is not_a_repository', async () => {
    const tmp = await tempDir();
    try {
      await rejects(GitStore.open(tmp.dir, 'HEAD'), 'not_a_repository', /is not inside a git repository/);
    } finally {
      await tmp.cleanup();
    }
  });

  test('a revision that names no commit is revision_not_found, an option-like one too', async () => {
    const repo = await gitRepo({ sub: '' });
    try {
      await repo.write(tinyFiles());
      await repo.commit('one');
      for (const rev of ['nope', 'HEAD~5', '--all', '-h', 'HEAD:ada', 'HEAD^{tree}']) {
        await rejects(GitStore.open(repo.root, rev), 'revision_not_found', /names no commit/);
      }
      const store = await GitStore.open(repo.root, 'main');
      assert.equal((await loadIdentity({ store, soul: 'ada', harness: 'x' })).display, 'Ada Byron');
      store.close();
    } finally {
      await repo.cleanup();
    }
  });

  test('an empty repository has no revision to load', async () => {
    const repo = await gitRepo();
    try {
      await rejects(GitStore.open(repo.root, 'HEAD'), 'revision_not_found', /"HEAD" names no commit/);
    } finally {
      await repo.cleanup();
    }
  });

  test('a vault root that a commit does not have is vault_root_invalid; one since deleted from disk still loads at its commits', async () => {
    const repo = await gitRepo({ sub: 'deep/vaults' });
    try {
      await writeFile(path.join(repo.dir, 'README'), 'before the vault\n');
      await repo.commit('no vault yet');
      await repo.write(tinyFiles());
      await repo.commit('the vault');
      const early = await GitStore.open(repo.root, 'HEAD~1');
      await rejects(requireFamily(early), 'vault_root_invalid', /deep\/vaults does not exist or is not a folder at revision HEAD~1/);
      early.close();
      await rename(path.join(repo.dir, 'deep'), path.join(repo.dir, 'moved'));
      const store = await GitStore.open(repo.root, 'HEAD');
      assert.equal(store.prefix, 'deep/vaults');
      assert.equal((await loadIdentity({ store, soul: 'bo', harness: 'x' })).kind, 'guest');
      store.close();
    } finally {
      await repo.cleanup();
    }
  });
});

describe('a vault root whose name is a pattern, and a note larger than a pipe holds', () => {
  test('the same bundles as the fs store', async () => {
    const repo = await gitRepo({ sub: 'my vaults/v[1]*' });
    try {
      // ~400 KB with multi-byte characters: it reaches the store in many chunks.
      const big = `# Big\n\n${'灵台 and 𝒜 and plain words. '.repeat(12_000)}\n`;
      await repo.write(tinyFiles({ 'ada/core/big.md': big, 'ada/core/small.md': 'small\n' }));
      // A sibling the pattern would match if it were read as one.
      await repo.write({ '../v1x/ada/instructions.md': 'not this vault\n' });
      await repo.commit('one');
      const store = await GitStore.open(repo.root, 'HEAD');
      try {
        assert.equal(store.prefix, 'my vaults/v[1]*');
        const fs = await everyBundle(new FsStore(repo.root));
        const git = await everyBundle(store);
        assert.deepEqual(git, fs);
        const ada = JSON.parse(git.get('ada/null')!) as { warnings: Array<{ code: string }>; documents: Array<{ text: string }> };
        assert.deepEqual(ada.warnings.map((w) => w.code), ['note_large']);
        assert.ok(ada.documents.some((d) => d.text === big));
      } finally {
        store.close();
      }
    } finally {
      await repo.cleanup();
    }
  });
});

describe('links and odd names: the same rule as the fs store', () => {
  let repo: Repo;
  before(async () => {
    repo = await gitRepo();
    await repo.write(tinyFiles({
      'ada/core/real.md': 'real\n',
      'ada/core/sub/inner.md': 'inner\n',
      'ada/index/catalog.md': 'catalog\n',
      'ada/logo.png': 'png',
      'quill/Quill.md': 'Quill.\n',
      'quill/instructions.md': 'Quill instructions.\n',
      'quill/projects/real.md': 'a preset\n',
    }));
    const at = (rel: string): string => path.join(repo.root, ...rel.split('/'));
    await mkdir(path.join(repo.dir, 'target', 'folder'), { recursive: true });
    await writeFile(path.join(repo.dir, 'target', 'folder', 'x.md'), 'in the repository, outside the vault root\n');
    // Refused where a load reads it: a link named .md, a link to a folder (direct, chained, or
    // leaving the vault root inside the repository), a linked role folder, a linked preset.
    await symlink('real.md', at('ada/core/link.md'));
    await symlink('sub', at('ada/core/dirlink'));
    await symlink('dirlink', at('ada/core/chain'));
    await symlink('../../../target/folder', at('ada/core/up'));
    await symlink('/', at('ada/core/absolute'));
    await symlink('real.md', at('quill/projects/linked.md'));
    await symlink('../ada/core', at('quill/core'));
    // Ignored: links that are no note and lead to no folder, a linked vault at the root, a link in the guest container.
    await symlink('real.md', at('ada/core/notes.txt'));
    await symlink('nowhere', at('ada/core/dangling'));
    await symlink('../../etc-nothing-here', at('ada/index/out'));
    await symlink('ada', at('ada-alias'));
    await symlink('bo', at('tiny-guests/bo-alias'));
    // A name that is not UTF-8: refused in a walked folder, left out elsewhere.
    await writeFile(Buffer.concat([Buffer.from(`${at('ada/index')}/`), Buffer.from([0x6e, 0xff, 0x2e, 0x6d, 0x64])]), 'latin\n');
    await writeFile(Buffer.concat([Buffer.from(`${at('ada')}/`), Buffer.from([0xff, 0x2e, 0x74, 0x78, 0x74])]), 'ignored\n');
    await mkdir(at('ada/.hidden'), { recursive: true });
    await writeFile(at('ada/.hidden/x.md'), 'hidden\n');
    await repo.commit('odd tree');
  });
  after(() => repo.cleanup());

  test('check reports the same findings from both stores, and every listing matches', async () => {
    const fs = new FsStore(repo.root);
    const git = await GitStore.open(repo.root, 'HEAD');
    try {
      const fromFs = await report(fs);
      assert.equal(await report(git), fromFs);
      const parsed = JSON.parse(fromFs) as { findings: Array<{ code: string; note: string }> };
      const notes = parsed.findings.map((f) => `${f.code} ${f.note}`).sort();
      // The test means what it says: these are the refusals, and nothing else.
      assert.deepEqual(notes, [
        'integrity_error soul://ada/index/n\uFFFD.md',
        'uri_invalid soul://ada/core/absolute',
        'uri_invalid soul://ada/core/chain',
        'uri_invalid soul://ada/core/dirlink',
        'uri_invalid soul://ada/core/link.md',
        'uri_invalid soul://ada/core/up',
        'uri_invalid soul://quill/core',
        'uri_invalid soul://quill/projects/linked.md',
      ]);
      for (const [vault, folder] of [['ada', ''], ['ada', 'core'], ['ada', 'index'], ['quill', 'projects'], ['tiny-guests', ''], ['ada', '.hidden']] as const) {
        assert.deepEqual(sortEntries(await git.entries(vault, folder)), sortEntries(await fs.entries(vault, folder)), `${vault}/${folder}`);
      }
      assert.deepEqual((await git.vaults()).sort(), (await fs.vaults()).sort());
      for (const [vault, rel] of [['ada', 'core/link.md'], ['quill', 'core/real.md'], ['ada', 'core/dirlink/inner.md']] as const) {
        await rejects(git.read(vault, rel), 'uri_invalid', /is a symlink/);
        await rejects(fs.read(vault, rel), 'uri_invalid', /is a symlink/);
      }
      await rejects(loadIdentity({ store: git, soul: 'ada-alias', harness: 'x' }), 'uri_invalid', /soul:\/\/ada-alias\/ is a symlink/);
    } finally {
      git.close();
    }
  });
});

describe('the git process', () => {
  const script = (close: boolean): string => `
    import { loadIdentity } from ${JSON.stringify(path.join(ROOT, 'src/core/index.ts'))};
    import { GitStore } from ${JSON.stringify(path.join(ROOT, 'src/node/git-store.ts'))};
    const store = await GitStore.open(process.argv[1], 'HEAD');
    const bundle = await loadIdentity({ store, soul: 'pippa', harness: 'x' });
    ${close ? 'store.close();' : ''}
    console.log(bundle.documents.length);`;

  for (const close of [true, false]) {
    test(`a program that ${close ? 'closes the store' : 'forgets to close the store'} still exits by itself`, async () => {
      const repo = await sampleRepo();
      try {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script(close), repo.root], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout.on('data', (c: Buffer) => (out += c));
        child.stderr.on('data', (c: Buffer) => (out += c));
        const code = await new Promise<number | null>((resolve) => {
          const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
          child.on('close', (c) => (clearTimeout(timer), resolve(c)));
        });
        assert.equal(code, 0, out);
        assert.match(out, /^2\d\n$/);
      } finally {
        await repo.cleanup();
      }
    });
  }
});

function sortEntries(entries: Awaited<ReturnType<VaultStore['entries']>>): unknown {
  return entries?.map((e) => (e.kind === 'refused' ? { name: e.name, kind: e.kind, code: e.problem.code, note: e.problem.note, message: e.problem.message } : e)).sort((a, b) => (a.name < b.name ? -1 : 1)) ?? null;
}
