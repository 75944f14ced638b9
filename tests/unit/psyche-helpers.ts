// Shared by the psyche tests: agent directories in memory and on disk, the psyche CLI in-process,
// and the one child process that can meet a real EACCES (tests run as root, where chmod 000 does
// not stop a read, so that child drops to `nobody`).
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MemoryAgentStore, composePsyche } from '../../src/core/psyche/index.ts';
import type { MemoryAgentNode, Psyche, PsycheReport } from '../../src/core/psyche/index.ts';
import { FsAgentStore } from '../../src/node/index.ts';
import { cli, runMain } from './helpers.ts';
import type { CliResult } from './helpers.ts';

/** A healthy owner document with nothing in it but the version. */
export const OWNER_V1 = '{"schema_version": 1}';

export const mem = (files: Record<string, MemoryAgentNode> = {}): MemoryAgentStore => new MemoryAgentStore(files);

export function composeMem(files: Record<string, MemoryAgentNode> = {}, agent = 'agent'): Promise<PsycheReport> {
  return composePsyche({ store: mem(files), agent });
}

/** What an on-disk fixture path holds: bytes or text, a folder, a symlink (target as written), or a file with a mode. */
export type DiskNode = string | Uint8Array | { dir: true } | { link: string } | { text: string | Uint8Array; mode: number };
export type DiskFiles = Record<string, DiskNode>;

export async function writeAgent(dir: string, files: DiskFiles): Promise<void> {
  const modes: Array<[string, number]> = [];
  for (const [rel, node] of Object.entries(files)) {
    const file = path.join(dir, ...rel.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    if (typeof node === 'string' || node instanceof Uint8Array) await writeFile(file, node);
    else if ('dir' in node) await mkdir(file, { recursive: true });
    else if ('link' in node) await symlink(node.link, file);
    else {
      await writeFile(file, node.text);
      modes.push([file, node.mode]);
    }
  }
  // Modes last, so a folder made unreadable does not stop the writes inside it.
  for (const [file, mode] of modes) await chmod(file, mode);
}

/** A temporary folder (world-readable, so an unprivileged child can enter it) holding an agent `name`. */
export async function agentOnDisk(files: DiskFiles, name = 'agent'): Promise<{ root: string; dir: string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'soul-vault-psyche-'));
  await chmod(root, 0o755);
  const dir = path.join(root, name);
  await mkdir(dir);
  await writeAgent(dir, files);
  return { root, dir, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/** An on-disk agent composed through FsAgentStore (home given, so `~` is the test's to choose). */
export async function composeDisk(dir: string, home?: string): Promise<PsycheReport> {
  return composePsyche({ store: new FsAgentStore(dir, home), agent: path.basename(dir) });
}

/** `soul-vault psyche <dir> --json` in-process: exit code, the printed object and stderr. */
export async function psycheJson(dir: string): Promise<{ code: number; json: Psyche; stdout: string; stderr: string }> {
  const r = await runMain(['psyche', dir, '--json']);
  return { code: r.code, json: JSON.parse(r.stdout) as Psyche, stdout: r.stdout, stderr: r.stderr };
}

export const isRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * The real bin as a user without privilege: as `nobody` when the tests run as root (root reads a
 * chmod 000 file), as the current user otherwise. The only way this suite meets a true EACCES.
 */
export function cliUnprivileged(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return cli(args, { ...env, HOME: env['HOME'] ?? tmpdir() }, isRoot() ? { uid: 65534, gid: 65534, compileCache: false } : { compileCache: false });
}

/**
 * A published system.md whose knowledge catalog lists `entries` entries at absolute locations, then
 * `junk` location lines that match none: the shape that made a quadratic match slow. With the entries'
 * relative locations, in order.
 */
export function bigPublishedCatalog(entries: number, junk: number): { system: string; locations: string[] } {
  const locations = Array.from({ length: entries }, (_, i) => `knowledge/e${i}/KNOWLEDGE.md`);
  const listed = locations.map((l, i) => `- name: e${i}\n  location: /abs/${l}\n  description: |\n    d`);
  const lines = Array.from({ length: junk }, (_, i) => `  location: /elsewhere/x${i}/KNOWLEDGE.md`);
  return { system: `principle\n\n## knowledge\npreamble\n\n${listed.join('\n')}\n${lines.join('\n')}\n`, locations };
}

export const names = (p: Psyche): string[] => p.sections.map((s) => s.name);
export const section = (p: Psyche, name: string): Psyche['sections'][number] | undefined => p.sections.find((s) => s.name === name);
export const bytes = (...b: number[]): Uint8Array => new Uint8Array(b);
/** Not UTF-8: a lone continuation byte between two letters. */
export const NOT_UTF8 = bytes(0x61, 0xff, 0x62);
