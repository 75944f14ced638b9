import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { compareCodePoints } from '../core/index.ts';
import { defaultFolder } from './default-folders.ts';

/** `--agents DIR` or the integration option, else `$SOULPRESS_AGENTS`, else `agents/` or `content/agents/`, against the working folder. */
export function agentsRoot(flag?: string | undefined, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  const named = flag || env['SOULPRESS_AGENTS'];
  return named ? path.resolve(cwd, named) : defaultFolder('agents', cwd);
}

/** The agent ids under a root: its folders (and links to folders), not dot folders, in code-point order. A missing root has none. */
export async function listAgents(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
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
