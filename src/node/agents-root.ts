import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { compareCodePoints } from '../core/index.ts';
import { defaultFolder } from './default-folders.ts';
import { nameText } from './agent-store.ts';

/** `--agents DIR` or the integration option, else `$SOULPRESS_AGENTS`, else `agents/` or `content/agents/`, against the working folder. */
export function agentsRoot(flag?: string | undefined, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  const named = flag || env['SOULPRESS_AGENTS'];
  return named ? path.resolve(cwd, named) : defaultFolder('agents', cwd);
}

/** Whether the root was named (flag, option or environment) rather than the default (PSYCHE.md 1.1). */
export function agentsRootNamed(flag?: string | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  return !!(flag || env['SOULPRESS_AGENTS']);
}

/** A named agents root that is missing or not a folder. */
export class AgentsRootError extends Error {
  readonly code = 'agents_root';
  constructor(root: string, what: string) {
    super(`the agents root ${root} ${what}: name a folder of agent directories, or leave the root unset for agents/ or content/agents/`);
    this.name = 'AgentsRootError';
  }
}

/** One agent under the root: its id (the folder's name as text, bytes that are not UTF-8 escaped) and its folder. */
export interface AgentDir {
  id: string;
  /** The folder on disk: bytes when its name is not UTF-8, so it can still be opened. */
  dir: string | Buffer;
}

/**
 * The agents under a root: its folders (and links to folders), not dot folders, in code-point
 * order of their ids. Names are read as bytes: one that is not UTF-8 is listed with its bytes
 * escaped, never dropped, and never fails the others. A missing default root has none; a named
 * root that is missing or not a folder is an AgentsRootError, so a typo never builds a site that
 * silently has no agents.
 */
export async function listAgentDirs(root: string, named = false): Promise<AgentDir[]> {
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true, encoding: 'buffer' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!named && code === 'ENOENT') return [];
    if (code === 'ENOENT') throw new AgentsRootError(root, 'does not exist');
    if (code === 'ENOTDIR') throw new AgentsRootError(root, 'is not a folder');
    throw new AgentsRootError(root, 'cannot be read');
  }
  const out: AgentDir[] = [];
  for (const e of entries) {
    if (e.name[0] === 0x2e) continue;
    const id = nameText(e.name);
    const utf8 = id === e.name.toString('utf8');
    const dir = utf8 ? path.join(root, id) : Buffer.concat([Buffer.from(path.resolve(root)), Buffer.from('/'), e.name]);
    if (e.isDirectory()) out.push({ id, dir });
    else if (e.isSymbolicLink()) {
      if ((await stat(dir).catch(() => null))?.isDirectory()) out.push({ id, dir });
    }
  }
  return out.sort((a, b) => compareCodePoints(a.id, b.id));
}

/** The agent ids under a root (listAgentDirs' ids). */
export async function listAgents(root: string, named = false): Promise<string[]> {
  return (await listAgentDirs(root, named)).map((a) => a.id);
}
