import type { StoreEntry, VaultStore } from './store.ts';

/**
 * A store that notes which notes a load read, as `<vault>/<path>` keys. The live preview's
 * snapshot of a soul is exactly what its loads read, found this way, never a second copy of the
 * spec's rules about which folders each role takes. Views (`scope`) record into the same set.
 */
export class RecordingStore implements VaultStore {
  readonly backend: string;
  readonly reads: Set<string>;
  private readonly inner: VaultStore;

  constructor(inner: VaultStore, reads: Set<string> = new Set()) {
    this.inner = inner;
    this.backend = inner.backend;
    this.reads = reads;
  }

  vaults(): Promise<string[]> {
    return this.inner.vaults();
  }

  entries(vault: string, folder: string): Promise<StoreEntry[] | null> {
    return this.inner.entries(vault, folder);
  }

  async read(vault: string, path: string): Promise<Uint8Array | null> {
    const bytes = await this.inner.read(vault, path);
    if (bytes !== null) this.reads.add(`${vault}/${path}`);
    return bytes;
  }

  scope(): VaultStore {
    return new RecordingStore(this.inner.scope?.() ?? this.inner, this.reads);
  }
}
