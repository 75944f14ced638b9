// Shared by the unit tests: paths, a CLI runner, and stores built from folders or file maps.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MemoryStore } from '../../src/core/index.ts';
// Every child Node these helpers start inherits the run's compile cache through the environment.
import '../compile-cache.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SAMPLE = path.join(ROOT, 'content', 'vaults');
export const FIXTURES = path.join(ROOT, 'tests', 'fixtures');
export const BIN = path.join(ROOT, 'src', 'cli', 'bin', 'soul-vault.ts');

export const fixture = (name: string): string => path.join(FIXTURES, name);

/** A module under src/ as a quoted file URL, to import in a script a child Node runs. */
export const srcImport = (file: string): string => JSON.stringify(pathToFileURL(path.join(ROOT, 'src', file)).href);

export const POINTER_PREFIX = 'At hand, not carried here. Read it when it is needed: soul-vault read ';

export function sha256(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout exactly as written, for byte comparisons. */
  raw: Buffer;
}

/** How the child runs: as whom (one that may not write the shared compile cache runs without it), where, and for how long. */
export interface CliOptions {
  uid?: number;
  gid?: number;
  compileCache?: boolean;
  /** The working folder (the repo root). */
  cwd?: string;
  /** Kill the child after this many ms (60 s, several times the slowest run on a loaded machine): a hang fails the test instead of stalling the suite. */
  limit?: number;
}

/** Run the real npm bin in a child Node, with SOUL_VAULT_DIR and SOULPRESS_AGENTS unset unless given. */
export function cli(args: string[], env: Record<string, string> = {}, options: CliOptions = {}): Promise<CliResult> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const name of ['SOUL_VAULT_DIR', 'SOULPRESS_AGENTS']) if (!(name in env)) delete childEnv[name];
  if (options.compileCache === false) delete childEnv['NODE_COMPILE_CACHE'];
  const ids = options.uid === undefined ? {} : { uid: options.uid, gid: options.gid ?? options.uid };
  const limit = options.limit ?? 60_000;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd ?? ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], ...ids });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), limit);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const raw = Buffer.concat(out);
      const stderr = Buffer.concat(err).toString('utf8');
      // child.killed: our timer's kill reached it.
      resolve({ code, stdout: raw.toString('utf8'), stderr: child.killed ? `killed after ${limit / 1000} s (a hang)\n${stderr}` : stderr, raw });
    });
  });
}

/** Every regular file under a folder, as `/`-separated relative paths to bytes (symlinks and dot names included as they are). */
export async function readTree(dir: string): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  const visit = async (rel: string): Promise<void> => {
    for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) await visit(child);
      else if (entry.isFile()) files.set(child, new Uint8Array(await readFile(path.join(dir, child))));
    }
  };
  await visit('');
  return files;
}

/** A MemoryStore holding exactly the files of a folder on disk. */
export async function memoryStoreOf(dir: string): Promise<MemoryStore> {
  return new MemoryStore(await readTree(dir));
}

export type Files = Record<string, string | Uint8Array | null>;

/** Write a file map into a folder (null values are skipped). */
export async function writeTree(dir: string, files: Files): Promise<void> {
  for (const [rel, value] of Object.entries(files)) {
    if (value === null) continue;
    const file = path.join(dir, ...rel.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, value);
  }
}

/** A fresh temporary folder, removed by the returned function. */
export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'soul-vault-test-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * The smallest complete family `tiny`: soul `ada` (display "Ada Byron") and guest `bo`.
 * Overrides add files; a null override removes one.
 */
export function tinyFiles(overrides: Files = {}): Files {
  const files: Files = {
    'tiny-shared/instructions.md': 'Shared for {soul} ({soul_display}).\n',
    'ada/Ada Byron.md': 'I am Ada.\n',
    'ada/instructions.md': "Ada's instructions.\n",
    'tiny-guests/instructions.md': 'Guest {soul} ({soul_display}).\n',
    'tiny-guests/bo/Bo.md': 'I am Bo.\n',
    'tiny-guests/bo/instructions.md': "Bo's instructions.\n",
    ...overrides,
  };
  return Object.fromEntries(Object.entries(files).filter(([, v]) => v !== null));
}

export function tinyStore(overrides: Files = {}): MemoryStore {
  return new MemoryStore(Object.entries(tinyFiles(overrides)) as Array<[string, string | Uint8Array]>);
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The CLI in this process: the same main() the bin calls, for the many cases where a child process adds only time. */
export async function runMain(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const { main } = await import('../../src/cli/main.ts');
  let stdout = '';
  let stderr = '';
  const code = await main(args, { out: (t) => void (stdout += t), err: (t) => void (stderr += t), env, cwd: ROOT });
  return { code, stdout, stderr };
}
