// Temporary git repositories for the git store and `diff` tests: no system or global git
// configuration is read, so the tests behave the same on any machine.
import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { SAMPLE, tempDir } from './helpers.ts';
import type { Files } from './helpers.ts';

const run = promisify(execFile);

export interface Repo {
  /** The repository's top folder. */
  dir: string;
  /** The vault root inside it. */
  root: string;
  git: (...args: string[]) => Promise<string>;
  /** Stage everything and commit; returns the commit id. */
  commit: (message: string) => Promise<string>;
  /** Write files under the vault root (null removes one). */
  write: (files: Files) => Promise<void>;
  cleanup: () => Promise<void>;
}

export const GIT_ENV: NodeJS.ProcessEnv = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Soulpress Test',
  GIT_AUTHOR_EMAIL: 'test@soulpress.invalid',
  GIT_COMMITTER_NAME: 'Soulpress Test',
  GIT_COMMITTER_EMAIL: 'test@soulpress.invalid',
};

/** A fresh repository; the vault root is `sub` inside it ('' for the top), filled from `from` (a folder) when given. */
export async function gitRepo(options: { sub?: string; from?: string } = {}): Promise<Repo> {
  const { dir, cleanup } = await tempDir();
  const sub = options.sub ?? 'vaults';
  const root = sub === '' ? dir : path.join(dir, ...sub.split('/'));
  await mkdir(root, { recursive: true });
  if (options.from) await cp(options.from, root, { recursive: true, verbatimSymlinks: true });
  const env = { ...process.env, ...GIT_ENV };
  const git = async (...args: string[]): Promise<string> => (await run('git', args, { cwd: dir, env, maxBuffer: 64 << 20 })).stdout;
  await git('init', '-q', '-b', 'main');
  const write = async (files: Files): Promise<void> => {
    for (const [rel, value] of Object.entries(files)) {
      const file = path.join(root, ...rel.split('/'));
      if (value === null) await rm(file, { recursive: true, force: true });
      else {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, value);
      }
    }
  };
  const commit = async (message: string): Promise<string> => {
    await git('add', '-A');
    await git('commit', '-q', '--allow-empty', '-m', message);
    return (await git('rev-parse', 'HEAD')).trim();
  };
  return { dir, root, git, commit, write, cleanup };
}

/** A repository holding a copy of the sample family under vaults/, committed once and tagged `base`. */
export async function sampleRepo(): Promise<Repo> {
  const repo = await gitRepo({ from: SAMPLE });
  await repo.commit('the sample family');
  await repo.git('tag', 'base');
  return repo;
}

/** The commits `historyRepo` makes on top of the sample family, oldest first, with what each does. */
export const HISTORY_STEPS = ['top', 'end', 'added', 'removed', 'renamed', 'flip', 'unrelated'] as const;

/**
 * A linear history over a copy of the sample family, one change a commit, each by its own author
 * at a fixed date one day apart (so pages can be checked for exact UTC dates), with an email that
 * must never be published. Returns the repository and each step's commit id.
 */
export async function historyRepo(): Promise<{ repo: Repo; ids: Record<(typeof HISTORY_STEPS)[number] | 'base', string> }> {
  const repo = await gitRepo({ from: SAMPLE });
  const text = (rel: string): Promise<string> => readFile(path.join(repo.root, ...rel.split('/')), 'utf8');
  const changes: Record<(typeof HISTORY_STEPS)[number], () => Promise<void>> = {
    top: async () => repo.write({ 'pippa/Pippa.md': (await text('pippa/Pippa.md')).replace('\n', '\nA line near the top.\n') }),
    end: async () => repo.write({ 'pippa/index/projects.md': `${await text('pippa/index/projects.md')}\nOne more line at the very end.\n` }),
    added: () => repo.write({ 'pippa/index/zz-new.md': '# New\n\nA note added after every other index note.\n' }),
    removed: () => repo.write({ 'pippa/index/archive.md': null }),
    renamed: () => rename(path.join(repo.root, 'pippa/core/curiosity.md'), path.join(repo.root, 'pippa/core/wonder.md')),
    flip: async () => repo.write({ 'pippa/index/people.md': `---\nprompt_loading: on-demand\n---\n${await text('pippa/index/people.md')}` }),
    unrelated: () => repo.write({ 'pippa/notes.txt': 'not a note\n' }),
  };
  const ids = {} as Record<(typeof HISTORY_STEPS)[number] | 'base', string>;
  const env = (n: number, name: string): Record<string, string> => {
    const date = `2026-03-${String(10 + n).padStart(2, '0')}T23:30:00+05:00`;
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}@private.invalid`;
    return { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_AUTHOR_DATE: date, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email, GIT_COMMITTER_DATE: date };
  };
  const commit = async (n: number, name: string, message: string): Promise<string> => {
    await repo.git('add', '-A');
    await run('git', ['commit', '-q', '--allow-empty', '-m', message], { cwd: repo.dir, env: { ...process.env, ...GIT_ENV, ...env(n, name) } });
    return (await repo.git('rev-parse', 'HEAD')).trim();
  };
  ids.base = await commit(0, 'Ada Base', 'The sample family');
  for (const [i, step] of HISTORY_STEPS.entries()) {
    await changes[step]();
    ids[step] = await commit(i + 1, `Author ${step}`, `Step ${step}\n\nWhy: the ${step} case of the history pages.`);
  }
  return { repo, ids };
}
