// Where the built site is, and how to read it and build more copies of it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const DIST = path.join(ROOT, 'dist');
export const VAULTS = path.join(ROOT, 'content/vaults');

/** Every file under a folder, as `/`-separated paths relative to it, sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else out.push(child);
    }
  };
  walk('');
  return out.sort();
}

export function readPage(dir: string, rel: string): string {
  return readFileSync(path.join(dir, rel), 'utf8');
}

export function exists(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The file a page path like `souls/pippa/` is written to. */
export function pageFile(dir: string, pagePath: string): string {
  return path.join(dir, ...decodeURIComponent(pagePath).split('/').filter(Boolean), 'index.html');
}

export function tmp(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `soulpress-${prefix}-`));
}

export function cleanup(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export interface BuildResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The folder a test build runs from. Astro writes its server chunks to `<outDir>/.prerender` when
 * the outDir is inside the working directory, else to `<cwd>/.astro/.prerender`, one folder shared
 * by every build from that cwd: two test files building at once would delete each other's chunks.
 * A build into a folder of its own therefore runs from that folder, with a `node_modules` link so
 * the chunks there can import the project's packages.
 */
function buildCwd(root: string, outDir: string): string {
  const parent = path.dirname(path.resolve(outDir));
  const inside = (dir: string) => !path.relative(root, dir).startsWith('..') && !path.isAbsolute(path.relative(root, dir));
  if (inside(parent) || parent === tmpdir() || parent === path.parse(parent).root) return root;
  const link = path.join(parent, 'node_modules');
  if (!existsSync(link)) {
    mkdirSync(parent, { recursive: true });
    symlinkSync(path.join(root, 'node_modules'), link, 'dir');
  }
  return parent;
}

/** `astro build` in a child process, into its own outDir, with its own vault root, base, project root and environment. */
export function astroBuild(options: { outDir: string; vault?: string; base?: string; env?: NodeJS.ProcessEnv; root?: string }): BuildResult {
  const root = options.root ?? ROOT;
  const args = [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--root', root, '--outDir', path.resolve(options.outDir)];
  if (options.base) args.push('--base', options.base);
  const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...options.env };
  if (options.vault) env['SOUL_VAULT_DIR'] = options.vault;
  else delete env['SOUL_VAULT_DIR'];
  // Each build keeps its cache beside its outDir (removed with it): Astro keeps cached pages by path,
  // so builds of different vaults side by side must not share one (the incremental test passes its own).
  env['SOULPRESS_CACHE_DIR'] ??= `${path.resolve(options.outDir)}.cache`;
  const run = spawnSync(process.execPath, args, { cwd: buildCwd(root, options.outDir), env, encoding: 'utf8', timeout: 300_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
