// Where Soulpress looks when no folder is named: a team's repository keeps `vaults/`, `agents/` and
// `lessons/` at its root; this repository keeps its sample under `content/`. The first that exists wins.
import { existsSync } from 'node:fs';
import path from 'node:path';

export const DEFAULT_FOLDERS = {
  vault: ['vaults', 'content/vaults'],
  agents: ['agents', 'content/agents'],
  lessons: ['lessons', 'content/lessons'],
} as const;

/** The default folder of this kind under `root`: the first candidate that exists, else the first. */
export function defaultFolder(kind: keyof typeof DEFAULT_FOLDERS, root: string): string {
  const found = DEFAULT_FOLDERS[kind].find((f) => existsSync(path.join(root, f)));
  return path.resolve(root, found ?? DEFAULT_FOLDERS[kind][0]);
}
