import { constants } from 'node:fs';
import type { BigIntStats } from 'node:fs';
import { lstat, open, readdir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
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

/**
 * One LingTai agent directory on disk, read-only. Unlike the vault's store it follows links where
 * LingTai does (catalog entries, `.rules`, pointers) and refuses one only where LingTai does (the
 * owner document, read with `noFollow`). A file is read once through one descriptor, and a bounded
 * read checks that the file did not change underneath it.
 */
export class FsAgentStore implements AgentStore {
  readonly backend = 'fs';
  readonly dir: string;
  private readonly home: string;

  constructor(dir: string, home: string = homedir()) {
    this.dir = path.resolve(dir);
    this.home = home;
  }

  private full(rel: string): string {
    return rel === '' ? this.dir : path.join(this.dir, ...rel.split('/'));
  }

  async list(rel: string): Promise<AgentEntry[] | null> {
    let entries;
    try {
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
    let before: BigIntStats | null = null;
    if (noFollow) {
      try {
        before = await lstat(file, { bigint: true });
      } catch (error) {
        return { ok: false, reason: failure(error, true) };
      }
      if (before.isSymbolicLink()) return { ok: false, reason: 'link' };
      if (!before.isFile()) return { ok: false, reason: 'not_file' };
      if (limit !== undefined && before.size > BigInt(limit)) return { ok: false, reason: 'too_large' };
    }
    let handle;
    try {
      handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK | (noFollow ? constants.O_NOFOLLOW : 0));
    } catch (error) {
      return { ok: false, reason: failure(error, noFollow) };
    }
    try {
      const opened = await handle.stat({ bigint: true });
      if (!opened.isFile()) return { ok: false, reason: 'not_file' };
      if (limit !== undefined && opened.size > BigInt(limit)) return { ok: false, reason: 'too_large' };
      if (before && !same(before, opened)) return { ok: false, reason: 'unstable' };
      // Bounded: read one byte past the limit, so a file that grew is seen as too large, not cut short.
      const cap = limit === undefined ? Number(opened.size) : limit + 1;
      let buffer = new Uint8Array(Math.max(cap, 1));
      let total = 0;
      for (;;) {
        if (total === buffer.length) {
          if (limit !== undefined) break;
          const grown = new Uint8Array(buffer.length * 2);
          grown.set(buffer);
          buffer = grown;
        }
        const { bytesRead } = await handle.read(buffer, total, buffer.length - total, total);
        if (bytesRead === 0) break;
        total += bytesRead;
      }
      if (limit !== undefined && total > limit) return { ok: false, reason: 'too_large' };
      if (limit !== undefined) {
        const after = await handle.stat({ bigint: true });
        const pathAfter = await lstat(file, { bigint: true }).catch(() => null);
        if (!same(opened, after) || !pathAfter || !same(opened, pathAfter) || BigInt(total) !== opened.size) return { ok: false, reason: 'unstable' };
      }
      return { ok: true, bytes: buffer.subarray(0, total) };
    } catch (error) {
      return { ok: false, reason: failure(error, noFollow) };
    } finally {
      await handle.close().catch(() => undefined);
    }
  }
}
