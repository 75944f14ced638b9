import { constants } from 'node:fs';
import { lstat, open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { VaultError } from '../core/errors.ts';
import type { StoreEntry, VaultStore } from '../core/store.ts';
import { noteUri, pathProblem } from '../core/uri.ts';

/**
 * Notes on disk under a vault root. Symlinks are refused (uri_invalid) rather than
 * followed, so no listing can leave the root, loop, or open a device; each note is
 * read once through one file handle, so text and revision always name the same bytes.
 */
export class FsStore implements VaultStore {
  readonly backend = 'fs';
  readonly root: string;

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
    return entries.filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name);
  }

  async entries(vault: string, folder: string): Promise<StoreEntry[] | null> {
    const dir = this.resolve(vault, folder, 'list');
    let listed;
    try {
      const stat = await lstat(dir);
      if (stat.isSymbolicLink()) throw symlinkError(vault, folder);
      if (!stat.isDirectory()) return null;
      listed = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (error instanceof VaultError) throw error;
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const out: StoreEntry[] = [];
    for (const entry of listed) {
      if (entry.name.startsWith('.')) continue;
      const rel = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isSymbolicLink()) throw symlinkError(vault, rel);
      if (entry.isDirectory()) out.push({ name: entry.name, kind: 'dir' });
      else if (entry.isFile()) out.push({ name: entry.name, kind: 'file' });
      else if (entry.name.endsWith('.md')) {
        const uri = noteUri(vault, rel);
        throw new VaultError('uri_invalid', `${uri} is not a regular file (a device, socket or pipe is never a note)`, { operation: 'list', note: uri });
      }
    }
    return out;
  }

  async read(vault: string, rel: string): Promise<Uint8Array | null> {
    const file = this.resolve(vault, rel, 'read');
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
      return new Uint8Array(await handle.readFile());
    } finally {
      await handle.close();
    }
  }

  /** The vault folder and every folder on the way to a note must be real folders, not links. */
  private async refuseLinkedParents(vault: string, rel: string): Promise<void> {
    const parts = rel.split('/').slice(0, -1);
    let current = this.root;
    for (let i = -1; i < parts.length; i++) {
      current = path.join(current, i < 0 ? vault : parts[i]!);
      const stat = await lstat(current).catch(() => null);
      if (!stat) return;
      if (stat.isSymbolicLink()) throw symlinkError(vault, parts.slice(0, i + 1).join('/'));
    }
  }
}

function symlinkError(vault: string, rel: string): VaultError {
  const uri = noteUri(vault, rel);
  return new VaultError('uri_invalid', `${uri} is a symlink; Soul Vault does not follow symlinks, so nothing can lead outside the vault root`, { operation: 'read', note: uri });
}
