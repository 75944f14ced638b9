import type { VaultError } from './errors.ts';

/**
 * One entry of a folder listing. A store leaves out what no load could read (a link to a file
 * not named `.md`, a FIFO not named `.md`); what a load would read but the store will not give
 * (a link named `.md` or to a folder, a device named `.md`, a name that is not UTF-8) is listed
 * as `refused` with the error a load that needs it reports. A listing itself never fails for
 * one bad entry, so an entry no load reads can break nothing.
 */
export type StoreEntry = { name: string; kind: 'file' | 'dir' } | { name: string; kind: 'refused'; problem: VaultError };

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
