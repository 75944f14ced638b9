// Where the built site is, and how to read it and build more copies of it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync, rmSync } from 'node:fs';
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

/** `astro build` in a child process, into its own outDir, with its own vault root and base. */
export function astroBuild(options: { outDir: string; vault?: string; base?: string; env?: NodeJS.ProcessEnv }): BuildResult {
  const args = [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', options.outDir];
  if (options.base) args.push('--base', options.base);
  const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...options.env };
  if (options.vault) env['SOUL_VAULT_DIR'] = options.vault;
  else delete env['SOUL_VAULT_DIR'];
  const run = spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: 'utf8', timeout: 300_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
