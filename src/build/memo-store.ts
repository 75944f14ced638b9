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
export interface MemoStore extends VaultStore {
  /**
   * Forget what was learned about a path that changed on disk (`vault/a/b.md`): its bytes, and the
   * listings of every folder on the way to it, so an added or removed file shows too. The dev
   * server calls this for each changed file before loading again; everything else stays known.
   */
  forget(key: string): void;
}

export function memoStore(inner: VaultStore): MemoStore {
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
    forget(key) {
      const [vault, ...parts] = key.split('/');
      if (!vault) return;
      vaults = undefined;
      // The path itself may be a file or a folder: drop both, and every listing above it.
      reads.delete(`${vault}\u0000${parts.join('/')}`);
      for (let n = parts.length; n >= 0; n--) entries.delete(`${vault}\u0000${parts.slice(0, n).join('/')}`);
      // A folder that went away takes what was read under it along.
      const below = `${vault}\u0000${parts.join('/')}/`;
      for (const k of [...reads.keys()]) if (k.startsWith(below)) reads.delete(k);
      for (const k of [...entries.keys()]) if (k.startsWith(below)) entries.delete(k);
    },
  };
}
