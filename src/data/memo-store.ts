// One build sees the vault once: every listing and every note is read from disk a single time,
// however many souls, presets and pages ask for it.
import type { StoreEntry, VaultStore } from '../core/index.ts';

/**
 * A store that remembers what it returned. A build is a snapshot: the note page, the catalog
 * and each bundle that carries a note must all show the same bytes, so remembering is also
 * what keeps them consistent. Returning the very same Uint8Array lets the core's per-buffer
 * caches (strict decode, SHA-256) skip the work too. Failures are remembered as well: the
 * same path fails the same way for every soul that reads it.
 */
export function memoStore(inner: VaultStore): VaultStore {
  let vaults: Promise<string[]> | undefined;
  const entries = new Map<string, Promise<StoreEntry[] | null>>();
  const reads = new Map<string, Promise<Uint8Array | null>>();
  const once = <T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> => {
    let hit = cache.get(key);
    if (!hit) {
      hit = load();
      cache.set(key, hit);
    }
    return hit;
  };
  return {
    backend: inner.backend,
    vaults: () => (vaults ??= inner.vaults()),
    entries: (vault, folder) => once(entries, `${vault}\u0000${folder}`, () => inner.entries(vault, folder)),
    read: (vault, path) => once(reads, `${vault}\u0000${path}`, () => inner.read(vault, path)),
  };
}
