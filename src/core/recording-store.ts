import type { StoreEntry, VaultStore } from './store.ts';

/**
 * A store that notes which notes a load read, as `<vault>/<path>` keys. The live preview's
 * snapshot of a soul is exactly what its loads read, found this way, never a second copy of the
 * spec's rules about which folders each role takes. Views (`scope`) record into the same sets.
 */
export class RecordingStore implements VaultStore {
  readonly backend: string;
  /** The notes a load read and got bytes for. */
  readonly reads: Set<string>;
  /**
   * Every key a load asked about, found or not: notes read (`vault/path`, a missing one too) and
   * folders listed (`vault/folder`, the vault's root as `vault`). A change to none of these, and
   * to no folder above or below them, cannot change what the load returns.
   */
  readonly touched: Set<string>;
  private readonly inner: VaultStore;

  constructor(inner: VaultStore, reads: Set<string> = new Set(), touched: Set<string> = new Set()) {
    this.inner = inner;
    this.backend = inner.backend;
    this.reads = reads;
    this.touched = touched;
  }

  vaults(): Promise<string[]> {
    return this.inner.vaults();
  }

  entries(vault: string, folder: string): Promise<StoreEntry[] | null> {
    this.touched.add(folder === '' ? vault : `${vault}/${folder}`);
    return this.inner.entries(vault, folder);
  }

  async read(vault: string, path: string): Promise<Uint8Array | null> {
    this.touched.add(`${vault}/${path}`);
    const bytes = await this.inner.read(vault, path);
    if (bytes !== null) this.reads.add(`${vault}/${path}`);
    return bytes;
  }

  scope(): VaultStore {
    return new RecordingStore(this.inner.scope?.() ?? this.inner, this.reads, this.touched);
  }
}

/**
 * Whether a change to any of `changed` (`vault/path` keys of files or folders) can reach a load
 * that touched `touched`: the same key, a folder above it (a listing the change alters), or a
 * folder removed or renamed with the key inside it.
 */
export function touchesAny(touched: ReadonlySet<string>, changed: readonly string[]): boolean {
  for (const key of changed) {
    if (touched.has(key)) return true;
    for (let cut = key.lastIndexOf('/'); cut > 0; cut = key.lastIndexOf('/', cut - 1)) if (touched.has(key.slice(0, cut))) return true;
    const below = `${key}/`;
    for (const t of touched) if (t.startsWith(below)) return true;
  }
  return false;
}
