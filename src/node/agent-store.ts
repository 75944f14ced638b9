import { constants } from 'node:fs';
import type { BigIntStats } from 'node:fs';
import { lstat, open, readdir, realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { encodeUtf8 } from '../core/text.ts';
import { utf8OrNull } from '../core/psyche/index.ts';
import type { AgentEntry, AgentPathKind, AgentRead, AgentReadFailure, AgentReadOptions, AgentStore } from '../core/psyche/index.ts';

/** Python's expanduser for the forms LingTai's pointers use: `~` and `~/…`. */
function expandHome(pointer: string, home: string): string {
  return pointer === '~' ? home : pointer.startsWith('~/') ? path.join(home, pointer.slice(2)) : pointer;
}

function kindOf(s: { isFile(): boolean; isDirectory(): boolean }): AgentPathKind {
  return s.isFile() ? 'file' : s.isDirectory() ? 'dir' : 'other';
}

function failure(error: unknown, noFollow: boolean): AgentReadFailure {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
  if (code === 'EISDIR') return 'not_file';
  if (code === 'ELOOP') return noFollow ? 'link' : 'missing';
  return 'unreadable';
}

const same = (a: BigIntStats, b: BigIntStats): boolean => a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs && a.mode === b.mode;

/** Never read, by the CLI or the site (PSYCHE.md 1.1): the kernel's own file systems. */
const NEVER_READ = ['/proc', '/sys', '/dev'];

/** The largest file read as text (32 MiB), and the most one composition reads in all (128 MiB). */
export const AGENT_FILE_MAX_BYTES = 32 * 1024 * 1024;
export const AGENT_TOTAL_MAX_BYTES = 128 * 1024 * 1024;
/** One read call at most this many bytes: Node aborts on a single read of 2 GiB. */
const CHUNK = 8 * 1024 * 1024;

/** Whether a real (absolute, resolved) path is a folder or lies below it. */
export function within(real: string, folder: string): boolean {
  return real === folder || real.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep);
}

const neverRead = (real: string): boolean => NEVER_READ.some((f) => within(real, f));

/** Python's str.strip() whitespace only? (A BOM is not whitespace there.) */
const blank = (text: string): boolean => /^[\s]*$/u.test(text.replace(/\uFEFF/g, 'x'));

/**
 * What the site composes in place of a file outside the published folders: a text that holds
 * nothing of it but its size, and keeps what the composer decides by (empty, blank, not UTF-8).
 */
export function outsideStandIn(bytes: Uint8Array): Uint8Array {
  if (bytes.byteLength === 0) return bytes;
  const text = utf8OrNull(bytes);
  if (text === null) return new Uint8Array([0xff]);
  if (blank(text)) return bytes;
  return encodeUtf8(`⟨${bytes.byteLength.toLocaleString('en-US')} bytes from outside the published folders: not published⟩`);
}

export interface FsAgentStoreOptions {
  /** The home folder `~` expands to. Default: the home of whoever runs this. */
  home?: string;
  /**
   * The published folders (PSYCHE.md 3.5), real paths. When given, a file whose real path lies
   * outside all of them reads as a stand-in with its size, and `outside()` answers for folders.
   * The CLI, run by the owner, gives none: it prints the whole composition.
   */
  publish?: readonly string[];
}

/**
 * One LingTai agent directory on disk, read-only. Unlike the vault's store it follows links where
 * LingTai does (catalog entries, `.rules`, pointers) and refuses one only where LingTai does (the
 * owner document, read with `noFollow`). A file is read once through one descriptor, and a bounded
 * read checks that the file did not change underneath it. Nothing under /proc, /sys or /dev is
 * read or listed, only regular files are opened, and no file over AGENT_FILE_MAX_BYTES is read.
 */
export class FsAgentStore implements AgentStore {
  readonly backend = 'fs';
  readonly dir: string;
  private readonly home: string;
  private readonly publish: readonly string[] | null;
  private total = 0;
  /** Whether a read or folder met the publishing boundary: the build then composes the real sizes too. */
  metOutside = false;

  constructor(dir: string, options: string | FsAgentStoreOptions = {}) {
    this.dir = path.resolve(dir);
    const o = typeof options === 'string' ? { home: options } : options;
    this.home = o.home ?? homedir();
    this.publish = o.publish ?? null;
  }

  private full(rel: string): string {
    return rel === '' ? this.dir : path.join(this.dir, ...rel.split('/'));
  }

  private isOutside(real: string): boolean {
    return this.publish !== null && !this.publish.some((f) => within(real, f));
  }

  async outside(rel: string): Promise<boolean> {
    if (this.publish === null) return false;
    const real = await realpath(this.full(rel)).catch(() => null);
    const out = real !== null && this.isOutside(real);
    if (out) this.metOutside = true;
    return out;
  }

  async folderKey(rel: string): Promise<string | null> {
    const s = await stat(this.full(rel), { bigint: true }).catch(() => null);
    return s?.isDirectory() ? `${s.dev}:${s.ino}` : null;
  }

  async list(rel: string): Promise<AgentEntry[] | null> {
    let entries;
    try {
      if (neverRead(await realpath(this.full(rel)))) return null;
      entries = await readdir(this.full(rel), { withFileTypes: true });
    } catch {
      return null;
    }
    return Promise.all(
      entries.map(async (e): Promise<AgentEntry> => {
        if (!e.isSymbolicLink()) return { name: e.name, link: false, kind: kindOf(e) };
        const target = await stat(path.join(e.parentPath, e.name)).catch(() => null);
        return { name: e.name, link: true, kind: target ? kindOf(target) : 'missing' };
      }),
    );
  }

  read(rel: string, options: AgentReadOptions = {}): Promise<AgentRead> {
    return this.readFile(this.full(rel), options);
  }

  async readPointer(pointer: string): Promise<AgentRead> {
    const file = path.resolve(this.dir, expandHome(pointer, this.home));
    const read = await this.readFile(file, {});
    // LingTai reads a pointer only when it names a file; a folder falls back like a missing path.
    return !read.ok && read.reason === 'not_file' ? { ok: false, reason: 'missing' } : read;
  }

  private async readFile(file: string, { noFollow = false, limit }: AgentReadOptions): Promise<AgentRead> {
    let before: BigIntStats;
    let real: string;
    try {
      real = noFollow ? path.join(await realpath(path.dirname(file)), path.basename(file)) : await realpath(file);
    } catch (error) {
      return { ok: false, reason: failure(error, noFollow) };
    }
    if (neverRead(real)) return { ok: false, reason: 'unreadable' };
    try {
      before = noFollow ? await lstat(file, { bigint: true }) : await stat(real, { bigint: true });
    } catch (error) {
      return { ok: false, reason: failure(error, noFollow) };
    }
    if (noFollow && before.isSymbolicLink()) return { ok: false, reason: 'link' };
    if (before.isDirectory()) return { ok: false, reason: 'not_file' };
    // A FIFO, socket or device is never opened: a link to one is a file that cannot be read.
    if (!before.isFile()) return { ok: false, reason: noFollow ? 'not_file' : 'unreadable' };
    const max = Math.min(limit ?? AGENT_FILE_MAX_BYTES, AGENT_FILE_MAX_BYTES);
    if (before.size > BigInt(max)) return { ok: false, reason: 'too_large', size: Number(before.size) };
    if (limit === undefined && this.total + Number(before.size) > AGENT_TOTAL_MAX_BYTES) return { ok: false, reason: 'too_large', size: Number(before.size) };
    let handle;
    try {
      handle = await open(noFollow ? file : real, constants.O_RDONLY | constants.O_NONBLOCK | (noFollow ? constants.O_NOFOLLOW : 0));
    } catch (error) {
      return { ok: false, reason: failure(error, noFollow) };
    }
    try {
      const opened = await handle.stat({ bigint: true });
      if (!opened.isFile()) return { ok: false, reason: noFollow ? 'not_file' : 'unreadable' };
      if (opened.dev !== before.dev || opened.ino !== before.ino) return { ok: false, reason: 'unstable' };
      if (opened.size > BigInt(max)) return { ok: false, reason: 'too_large', size: Number(opened.size) };
      if (noFollow && !same(before, opened)) return { ok: false, reason: 'unstable' };
      // Bounded: read one byte past the limit, so a file that grew is seen as too large, not cut short;
      // and in chunks, since one read call of 2 GiB aborts Node.
      let buffer = new Uint8Array(Math.min(max + 1, Number(opened.size) + 1));
      let total = 0;
      for (;;) {
        if (total === buffer.length) {
          if (buffer.length > max) break;
          const grown = new Uint8Array(Math.min(max + 1, buffer.length * 2));
          grown.set(buffer);
          buffer = grown;
        }
        const { bytesRead } = await handle.read(buffer, total, Math.min(CHUNK, buffer.length - total), total);
        if (bytesRead === 0) break;
        total += bytesRead;
      }
      if (total > max) return { ok: false, reason: 'too_large', size: total };
      if (limit !== undefined) {
        const after = await handle.stat({ bigint: true });
        const pathAfter = await lstat(file, { bigint: true }).catch(() => null);
        if (!same(opened, after) || !pathAfter || !same(opened, pathAfter) || BigInt(total) !== opened.size) return { ok: false, reason: 'unstable' };
      }
      this.total += total;
      const bytes = buffer.subarray(0, total);
      if (this.isOutside(real)) {
        this.metOutside = true;
        // The owner document has no stand-in that validates as it would: one outside is not read.
        if (noFollow) return { ok: false, reason: 'unreadable' };
        return { ok: true, bytes: outsideStandIn(bytes), outside: total };
      }
      return { ok: true, bytes };
    } catch (error) {
      return { ok: false, reason: failure(error, noFollow) };
    } finally {
      await handle.close().catch(() => undefined);
    }
  }
}
