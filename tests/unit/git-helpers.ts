// Temporary git repositories for the git store and `diff` tests: no system or global git
// configuration is read, so the tests behave the same on any machine.
import { execFile } from 'node:child_process';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
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
