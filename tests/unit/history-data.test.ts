// Where a vault's history comes from, and when there is none (issue 12, item 3): a shallow clone
// shows only the commits whose parents it holds, and a vault root in no repository, in a repository
// with no commit touching it, or where git cannot be run, has no history (null), never an error.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { loadSite } from '../../src/build/site.ts';
import type { SiteOutline } from '../../src/build/site.ts';
import { GIT_ENV, gitRepo, historyRepo } from './git-helpers.ts';
import type { Repo } from './git-helpers.ts';
import { ROOT, SAMPLE, tempDir } from './helpers.ts';

const run = promisify(execFile);

async function site(vault: string, historyDepth = 100): Promise<SiteOutline> {
  return (await loadSite({ vault, agents: path.join(vault, 'no-agents'), harness: 'webui', title: 't', search: false, historyDepth, cacheDir: null, prices: [] })).site;
}

describe('history data', () => {
  let repo: Repo;
  let ids: Awaited<ReturnType<typeof historyRepo>>['ids'];
  before(async () => void ({ repo, ids } = await historyRepo()));
  after(() => repo.cleanup());

  test('a full repository: every commit, none shallow, each bundle entry newest first', async () => {
    const h = (await site(repo.root)).history!;
    assert.equal(h.shallow, false);
    assert.equal(h.more, false);
    assert.equal(h.commits.length, 8);
    assert.deepEqual(h.bundles['pippa']!.entries.map((e) => e.commit.id), [ids.flip, ids.renamed, ids.removed, ids.added, ids.end, ids.top, ids.base]);
    assert.equal(h.bundles['pippa']!.entries.at(-1)!.state, 'created');
    assert.equal(h.bundles['pippa']!.working, 'same');
    // Quill never changed after the first commit.
    assert.deepEqual(h.bundles['quill']!.entries.map((e) => e.state), ['created']);
  });

  test('an uncommitted edit: the same history, and the soul page says the working tree differs from the newest commit', async () => {
    const options = { vault: repo.root, agents: path.join(repo.root, 'no-agents'), harness: 'webui', title: 't', search: false, historyDepth: 100, cacheDir: null, prices: [] };
    const first = (await loadSite(options)).site.history!;
    await repo.write({ 'pippa/index/projects.md': 'An edit not yet committed.\n' });
    try {
      const next = (await loadSite(options, { changed: ['pippa/index/projects.md'] })).site.history!;
      assert.equal(next.bundles['pippa']!.working, 'differs');
      assert.equal(next.bundles['quill']!.working, 'same');
      // Reused, not rebuilt: the same commit entries (one object) for the same HEAD.
      assert.equal(next.commits, first.commits);
    } finally {
      await repo.git('checkout', '-q', '--', '.');
      await loadSite(options, { changed: ['pippa/index/projects.md'] });
    }
  });

  test('history off (depth 0) is null', async () => {
    assert.equal((await site(repo.root, 0)).history, null);
  });

  test('a shallow clone: its oldest commit is where history begins, not a commit that created every soul', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      await run('git', ['clone', '-q', '--depth', '3', `file://${repo.dir}`, path.join(dir, 'c')], { env: { ...process.env, ...GIT_ENV } });
      const h = (await site(path.join(dir, 'c', 'vaults'))).history!;
      assert.equal(h.shallow, true);
      assert.deepEqual(h.commits.map((c) => c.id), [ids.unrelated, ids.flip]);
      assert.deepEqual(h.bundles['pippa']!.entries.map((e) => [e.commit.id, e.state]), [[ids.flip, 'changed']]);
      assert.deepEqual(h.bundles['quill']!.entries, []);
    } finally {
      await cleanup();
    }
  });

  test('a clone of depth 1 has nothing but its boundary: no history', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      await run('git', ['clone', '-q', '--depth', '1', `file://${repo.dir}`, path.join(dir, 'c')], { env: { ...process.env, ...GIT_ENV } });
      assert.equal((await site(path.join(dir, 'c', 'vaults'))).history, null);
    } finally {
      await cleanup();
    }
  });

  test('a repository where no commit touched the vault root, or with no commit at all: no history', async () => {
    const empty = await gitRepo({ from: SAMPLE });
    try {
      assert.equal((await site(empty.root)).history, null, 'no commit yet');
      await writeFile(path.join(empty.dir, 'README.md'), 'x\n');
      await empty.git('add', '--', 'README.md');
      await empty.git('commit', '-q', '-m', 'only a readme');
      assert.equal((await site(empty.root)).history, null, 'the vault root is untracked');
    } finally {
      await empty.cleanup();
    }
  });

  test('git cannot be run (not on the PATH): the site builds its data with no history', async () => {
    const script = `const { loadSite } = await import(${JSON.stringify(path.join(ROOT, 'src/build/site.ts'))});
const { site } = await loadSite({ vault: ${JSON.stringify(repo.root)}, agents: '/nonexistent', harness: 'webui', title: 't', search: false, historyDepth: 100, cacheDir: null, prices: [] });
console.log(JSON.stringify({ history: site.history, souls: site.souls.length }));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { env: { PATH: path.join(ROOT, 'no-such-folder') } });
    assert.deepEqual(JSON.parse(stdout), { history: null, souls: 3 });
  });
});

test('the history option: default 100, false or off is 0, a depth from the option or the environment, anything else a named error', async () => {
  const { resolveOptions } = await import('../../src/integration/options.ts');
  const depth = (o: Parameters<typeof resolveOptions>[0], env: NodeJS.ProcessEnv = {}): number => resolveOptions(o, ROOT, env).historyDepth;
  assert.equal(depth({}), 100);
  assert.equal(depth({ history: true }), 100);
  assert.equal(depth({ history: false }), 0);
  assert.equal(depth({ history: { depth: 5 } }), 5);
  assert.equal(depth({}, { SOULPRESS_HISTORY: 'off' }), 0);
  assert.equal(depth({}, { SOULPRESS_HISTORY: '7' }), 7);
  assert.equal(depth({ history: { depth: 3 } }, { SOULPRESS_HISTORY: 'off' }), 3, 'the option wins over the environment');
  assert.throws(() => depth({}, { SOULPRESS_HISTORY: 'lots' }), { name: 'OptionError', message: /\$SOULPRESS_HISTORY/ });
  assert.throws(() => depth({ history: { depth: -1 } }), { name: 'OptionError' });
});

test('a preset named history never takes its soul history page', async () => {
  const { historyPath, presetParam, soulPath } = await import('../../src/data/urls.ts');
  assert.equal(presetParam('history'), '~68istory');
  assert.notEqual(soulPath('pippa', 'history'), historyPath(soulPath('pippa')));
  assert.equal(soulPath('pippa', 'History'), 'souls/pippa/History/', 'only the exact segment is reserved');
  assert.equal(presetParam('~68istory'), '~7E68istory', 'and the escape itself stays one-to-one');
});
