// Astro empties the outDir when its build starts, then writes pages one at a time. A build that
// fails while rendering (a lesson embed naming no note, a bug in a page) would leave some new
// pages, data files and Astro's server chunks (`.prerender/`) behind: half a site that any static
// server would serve. So from `astro:build:start` until `astro:build:done`, the outDir is emptied
// again if the process exits. A vault error stops the build in config:setup, before the guard:
// the previous build is then left untouched.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

let pending: string | null = null;
let listening = false;

function emptyPending(): void {
  if (pending !== null) emptyOutDir(pending);
}

/** Empty `outDir` as Astro does when a build starts. */
export function emptyOutDir(outDir: string): void {
  let names: string[];
  try {
    names = readdirSync(outDir);
  } catch {
    return;
  }
  // Astro keeps `.git` when it empties the outDir; so do we.
  for (const name of names) if (name !== '.git') rmSync(path.join(outDir, name), { recursive: true, force: true });
}

/** Empty `outDir` at process exit unless `releaseOutDir()` is called first. */
export function guardOutDir(outDir: string): void {
  pending = outDir;
  if (!listening) {
    listening = true;
    process.on('exit', emptyPending);
  }
}

/** The build finished: leave its outDir alone. */
export function releaseOutDir(): void {
  pending = null;
}
