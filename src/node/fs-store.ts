import { constants } from 'node:fs';
import { lstat, open, readdir, realpath } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { VaultError } from '../core/errors.ts';
import type { StoreEntry, VaultStore } from '../core/store.ts';
import { noteUri, pathProblem } from '../core/uri.ts';

/** Notes open at once, at most: a soul with 10,000 notes must not run out of file descriptors (EMFILE). */
const MAX_OPEN = 64;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Notes on disk under a vault root. Symlinks are refused (uri_invalid) rather than
 * followed, so no listing can leave the root, loop, or open a device; each note is
 * read once through one file handle, so text and revision always name the same bytes.
 */
export class FsStore implements VaultStore {
  readonly backend = 'fs';
  readonly root: string;
  private open = 0;
  private realRoot: Promise<string | null> | undefined;
  private readonly resolving = new Map<string, Promise<string | null>>();
  private readonly waiting: Array<() => void> = [];

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private resolve(vault: string, rel: string, operation: string): string {
    const joined = rel === '' ? vault : `${vault}/${rel}`;
    const problem = pathProblem(joined);
    if (problem) throw new VaultError('uri_invalid', `${noteUri(vault, rel)} leaves the vault root: ${problem}`, { operation, note: noteUri(vault, rel) });
    return path.join(this.root, ...joined.split('/'));
  }

  async vaults(): Promise<string[]> {
    const entries = await readdir(this.root, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
      throw error;
    });
    // A linked vault is listed, not hidden: loading or checking it then reports uri_invalid instead of soul_not_found.
    return entries.filter((e) => (e.isDirectory() || e.isSymbolicLink()) && !e.name.startsWith('.')).map((e) => e.name);
  }

  async entries(vault: string, folder: string): Promise<StoreEntry[] | null> {
    const dir = this.resolve(vault, folder, 'list');
    let listed;
    try {
      const stat = await lstat(dir);
      if (stat.isSymbolicLink()) throw symlinkError(vault, folder);
      if (!stat.isDirectory()) return null;
      // Names as bytes: a name that is not UTF-8 would otherwise come back with U+FFFD and name no file.
      listed = await readdir(dir, { withFileTypes: true, encoding: 'buffer' });
    } catch (error) {
      if (error instanceof VaultError) throw error;
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const out: StoreEntry[] = [];
    for (const entry of listed) {
      const name = utf8Name(entry.name);
      const shown = name ?? entry.name.toString('utf8');
      if (shown.startsWith('.')) continue;
      const rel = folder === '' ? shown : `${folder}/${shown}`;
      if (entry.isSymbolicLink()) throw symlinkError(vault, rel);
      if (name === null) {
        if (!entry.isDirectory() && !shown.endsWith('.md')) continue;
        const uri = noteUri(vault, rel);
        throw new VaultError('integrity_error', `${uri} has a name that is not valid UTF-8, so no URI can name it`, { operation: 'list', note: uri });
      }
      if (entry.isDirectory()) out.push({ name, kind: 'dir' });
      else if (entry.isFile()) out.push({ name, kind: 'file' });
      else if (name.endsWith('.md')) {
        const uri = noteUri(vault, rel);
        throw new VaultError('uri_invalid', `${uri} is not a regular file (a device, socket or pipe is never a note)`, { operation: 'list', note: uri });
      }
    }
    return out;
  }

  async read(vault: string, rel: string): Promise<Uint8Array | null> {
    const file = this.resolve(vault, rel, 'read');
    if (this.open < MAX_OPEN) this.open++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await this.readFile(vault, rel, file);
    } finally {
      // Hand the slot straight to the next reader, or give it back.
      const next = this.waiting.shift();
      if (next) next();
      else this.open--;
    }
  }

  private async readFile(vault: string, rel: string, file: string): Promise<Uint8Array | null> {
    // Refuse a symlink anywhere on the way: a parent folder could be one too.
    await this.refuseLinkedParents(vault, rel);
    let handle;
    try {
      handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      if (code === 'ELOOP') throw symlinkError(vault, rel);
      if (code === 'EISDIR') return null;
      throw error;
    }
    try {
      const stat = await handle.stat();
      if (stat.isDirectory()) return null;
      if (!stat.isFile()) {
        const uri = noteUri(vault, rel);
        throw new VaultError('uri_invalid', `${uri} is not a regular file (a device, socket or pipe is never a note)`, { operation: 'read', note: uri });
      }
      return await readSized(handle, stat.size);
    } finally {
      await handle.close();
    }
  }

  /**
   * realpath of a folder, shared by the reads that ask while one call is in flight (a folder's
   * notes are read together). Nothing is kept after it settles, so no answer goes stale.
   */
  private realFolder(folder: string): Promise<string | null> {
    let pending = this.resolving.get(folder);
    if (!pending) {
      pending = realpath(folder)
        .catch(() => null)
        .finally(() => this.resolving.delete(folder));
      this.resolving.set(folder, pending);
    }
    return pending;
  }

  /** The vault folder and every folder on the way to a note must be real folders, not links. */
  private async refuseLinkedParents(vault: string, rel: string): Promise<void> {
    const parts = rel.split('/').slice(0, -1);
    // Fast path, one call instead of one lstat per folder: a folder that resolves to exactly
    // its own path under the real root has no link on the way. Anything else (a link, a missing
    // folder, a case-folding file system) takes the walk below, which names the link if there is one.
    this.realRoot ??= realpath(this.root).catch(() => null);
    const [realRoot, resolved] = await Promise.all([this.realRoot, this.realFolder(path.join(this.root, vault, ...parts))]);
    if (realRoot !== null && resolved === path.join(realRoot, vault, ...parts)) return;
    let current = this.root;
    for (let i = -1; i < parts.length; i++) {
      current = path.join(current, i < 0 ? vault : parts[i]!);
      const stat = await lstat(current).catch(() => null);
      if (!stat) return;
      if (stat.isSymbolicLink()) throw symlinkError(vault, parts.slice(0, i + 1).join('/'));
    }
  }
}

/**
 * A regular file's bytes through its open handle, sized by the fstat already made
 * (handle.readFile would fstat again). Like readFile, it reads the size fstat saw.
 */
async function readSized(handle: FileHandle, size: number): Promise<Uint8Array> {
  // An empty size may be a file that reports none (procfs): readFile reads those to the end.
  if (size === 0) return new Uint8Array(await handle.readFile());
  const buffer = new Uint8Array(size);
  let total = 0;
  while (total < size) {
    const { bytesRead } = await handle.read(buffer, total, size - total, total);
    if (bytesRead === 0) return buffer.subarray(0, total);
    total += bytesRead;
  }
  return buffer;
}

function utf8Name(bytes: Buffer): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

function symlinkError(vault: string, rel: string): VaultError {
  const uri = noteUri(vault, rel);
  return new VaultError('uri_invalid', `${uri} is a symlink; Soul Vault does not follow symlinks, so nothing can lead outside the vault root`, { operation: 'read', note: uri });
}
