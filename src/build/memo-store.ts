// One build sees the vault once: every listing and every note is read from disk a single time,
// however many souls, presets and pages ask for it.
import { createHash } from 'node:crypto';
import { VaultError, noteRevision } from '../core/index.ts';
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
  /**
   * Every question the store answered so far, each with a digest of its answer: `read` questions
   * by the note's revision, `list` questions by the listing. The next build asks the same
   * questions again (`answer`) to learn what changed between two builds, as the dev server's
   * watcher tells it between two loads.
   */
  answers(): Promise<Map<string, string>>;
  /** The digest of a question's answer now (a question from `answers`), asking the store if it has not been asked yet. */
  answer(question: string): Promise<string>;
}

/** A question's `vault/path` key, as `forget` and the loads' `touched` sets name it. */
export function questionKey(question: string): string {
  const [, vault, path] = question.split('\u0000');
  return path ? `${vault}/${path}` : vault!;
}

async function digestOf(kind: string, answer: Promise<Uint8Array | StoreEntry[] | null>): Promise<string> {
  try {
    const value = await answer;
    if (value === null) return 'none';
    if (value instanceof Uint8Array) return await noteRevision(value);
    const listing = value.map((e) => (e.kind === 'refused' ? [e.name, e.kind, e.problem.code, e.problem.message] : [e.name, e.kind]));
    return createHash('sha256').update(JSON.stringify(listing)).digest('base64url');
  } catch (error) {
    // A failure is an answer too: the same failure again is no change.
    return error instanceof VaultError ? `${kind} failed: ${error.code} ${error.message}` : `${kind} failed: ${String(error)}`;
  }
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
  const list = (vault: string, folder: string): Promise<StoreEntry[] | null> => once(entries, `${vault}\u0000${folder}`, () => inner.entries(vault, folder));
  const read = (vault: string, path: string): Promise<Uint8Array | null> => once(reads, `${vault}\u0000${path}`, () => inner.read(vault, path));
  return {
    backend: inner.backend,
    vaults: () => (vaults ??= inner.vaults()),
    entries: list,
    read,
    async answers() {
      const out = new Map<string, string>();
      const asked = [...[...entries].map(([k, v]) => [`list\u0000${k}`, digestOf('list', v)] as const), ...[...reads].map(([k, v]) => [`read\u0000${k}`, digestOf('read', v)] as const)];
      for (const [question, digest] of asked) out.set(question, await digest);
      return out;
    },
    answer(question) {
      const [kind, vault, path] = question.split('\u0000') as [string, string, string];
      return kind === 'list' ? digestOf('list', list(vault, path)) : digestOf('read', read(vault, path));
    },
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
