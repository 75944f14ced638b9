import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { compareCodePoints } from '../core/index.ts';

export const DEFAULT_AGENTS_DIR = 'content/agents';

/** `--agents DIR` or the integration option, else `$SOULPRESS_AGENTS`, else content/agents, against the working folder. */
export function agentsRoot(flag?: string | undefined, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  return path.resolve(cwd, flag || env['SOULPRESS_AGENTS'] || DEFAULT_AGENTS_DIR);
}

/** Whether the root was named (flag, option or environment) rather than the default (PSYCHE.md 1.1). */
export function agentsRootNamed(flag?: string | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  return !!(flag || env['SOULPRESS_AGENTS']);
}

/** A named agents root that is missing or not a folder. */
export class AgentsRootError extends Error {
  readonly code = 'agents_root';
  constructor(root: string, what: string) {
    super(`the agents root ${root} ${what}: name a folder of agent directories, or leave the root unset for ${DEFAULT_AGENTS_DIR}`);
    this.name = 'AgentsRootError';
  }
}

/**
 * The agent ids under a root: its folders (and links to folders), not dot folders, in code-point
 * order. A missing default root has none; a named root that is missing or not a folder is an
 * AgentsRootError, so a typo never builds a site that silently has no agents.
 */
export async function listAgents(root: string, named = false): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!named && code === 'ENOENT') return [];
    if (code === 'ENOENT') throw new AgentsRootError(root, 'does not exist');
    if (code === 'ENOTDIR') throw new AgentsRootError(root, 'is not a folder');
    throw new AgentsRootError(root, 'cannot be read');
  }
  const ids: string[] = [];
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    if (e.isDirectory()) ids.push(e.name);
    else if (e.isSymbolicLink()) {
      if ((await stat(path.join(root, e.name)).catch(() => null))?.isDirectory()) ids.push(e.name);
    }
  }
  return ids.sort(compareCodePoints);
}
