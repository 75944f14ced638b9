/** One entry of a folder listing; anything that is neither a regular file nor a folder is left out by the store. */
export interface StoreEntry {
  name: string;
  kind: 'file' | 'dir';
}

/**
 * Where notes come from. The loader walks folders through `entries` and reads each
 * note exactly once through `read`, so text and revision always name the same bytes.
 */
export interface VaultStore {
  /** Named in messages: "... is missing from the fs store". */
  readonly backend: string;
  /** The vault ids (top-level folders) at the root, any order. */
  vaults(): Promise<string[]>;
  /** The entries of a folder inside a vault (`''` is the vault itself), or null when there is no such folder. */
  entries(vault: string, folder: string): Promise<StoreEntry[] | null>;
  /** A note's raw bytes, or null when there is no such file. */
  read(vault: string, path: string): Promise<Uint8Array | null>;
  /**
   * Optional: a view of the same store for one load. What a view learns while it runs (which
   * folders it already checked) lives only as long as the view, so it can never go stale
   * between loads. The loader takes one per call when the store offers it.
   */
  scope?(): VaultStore;
}
