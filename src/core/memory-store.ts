import type { StoreEntry, VaultStore } from './store.ts';
import { encodeUtf8 } from './text.ts';

interface Folder {
  dirs: Map<string, Folder>;
  files: Map<string, Uint8Array>;
}

const emptyFolder = (): Folder => ({ dirs: new Map(), files: new Map() });

/**
 * A store held in memory: the browser preview's snapshot, and the tests' fixtures.
 * Keys are `<vault>/<path>`; values are bytes or text (encoded once, here). Stored bytes are
 * treated as immutable: `write` replaces a note's array, never changes it in place, which is
 * what lets the loader reuse an unchanged note's revision.
 */
export class MemoryStore implements VaultStore {
  declare readonly backend: string;
  private readonly root: Folder = emptyFolder();

  constructor(files: Record<string, Uint8Array | string> | Iterable<[string, Uint8Array | string]> = {}, backend = 'memory') {
    this.backend = backend;
    const pairs = Symbol.iterator in files ? (files as Iterable<[string, Uint8Array | string]>) : Object.entries(files);
    for (const [key, value] of pairs) this.write(key, value);
  }

  /** Add or replace a file; the preview's editor writes through here. */
  write(key: string, value: Uint8Array | string): void {
    const parts = key.split('/');
    const name = parts.pop()!;
    let folder = this.root;
    for (const part of parts) {
      let next = folder.dirs.get(part);
      if (!next) folder.dirs.set(part, (next = emptyFolder()));
      folder = next;
    }
    folder.files.set(name, typeof value === 'string' ? encodeUtf8(value) : value);
  }

  /** Remove a file; returns whether it was there. */
  delete(key: string): boolean {
    const parts = key.split('/');
    const name = parts.pop()!;
    const folder = this.folder(parts);
    return folder ? folder.files.delete(name) : false;
  }

  private folder(parts: string[]): Folder | null {
    let folder: Folder | undefined = this.root;
    for (const part of parts) {
      if (part === '') continue;
      folder = folder.dirs.get(part);
      if (!folder) return null;
    }
    return folder;
  }

  async vaults(): Promise<string[]> {
    return [...this.root.dirs.keys()];
  }

  async entries(vault: string, folder: string): Promise<StoreEntry[] | null> {
    const found = this.folder([vault, ...folder.split('/')]);
    if (!found) return null;
    const out: StoreEntry[] = [];
    for (const name of found.dirs.keys()) out.push({ name, kind: 'dir' });
    for (const name of found.files.keys()) out.push({ name, kind: 'file' });
    return out;
  }

  async read(vault: string, path: string): Promise<Uint8Array | null> {
    const parts = path.split('/');
    const name = parts.pop()!;
    return this.folder([vault, ...parts])?.files.get(name) ?? null;
  }
}
