// SHA-256 of every file under a folder, to compare two builds byte for byte.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { listFiles } from './dist.ts';

/** `/`-separated relative path → hex SHA-256 of the file's bytes, in sorted path order. */
export function hashFiles(dir: string): Map<string, string> {
  return new Map(listFiles(dir).map((f) => [f, createHash('sha256').update(readFileSync(path.join(dir, f))).digest('hex')]));
}

/** Paths whose bytes differ between two hash maps, and paths only one of them has. */
export function compareHashes(a: Map<string, string>, b: Map<string, string>): { differing: string[]; onlyA: string[]; onlyB: string[] } {
  return {
    differing: [...a].filter(([f, h]) => b.has(f) && b.get(f) !== h).map(([f]) => f),
    onlyA: [...a.keys()].filter((f) => !b.has(f)),
    onlyB: [...b.keys()].filter((f) => !a.has(f)),
  };
}
