/**
 * What a path in an agent directory is. `link` says whether the path itself is a symlink; `kind`
 * is what it leads to (a link is followed for the kind): LingTai reads `.rules`, catalog entries
 * and pointers through links, but refuses a linked owner document, so the composer needs both.
 */
export type AgentPathKind = 'file' | 'dir' | 'missing' | 'other';

export interface AgentEntry {
  name: string;
  kind: AgentPathKind;
  link: boolean;
}

/** Why a read gave no bytes. `missing` covers a broken link and a path through a missing folder. */
export type AgentReadFailure = 'missing' | 'not_file' | 'link' | 'unreadable' | 'too_large' | 'unstable';

/**
 * A read's bytes, or why there are none. `outside` is set by a store that draws the publishing
 * boundary (PSYCHE.md 3.5): the file lies outside the published folders, `bytes` is a stand-in
 * that holds nothing of it, and `outside` is the file's real size in bytes. `size` comes with
 * `too_large`: the file's size, so the problem can name it.
 */
export type AgentRead = { ok: true; bytes: Uint8Array; outside?: number } | { ok: false; reason: AgentReadFailure; size?: number };

export interface AgentReadOptions {
  /** Refuse a path that is itself a symlink (`link`), instead of reading what it leads to. */
  noFollow?: boolean;
  /** Refuse a file over this many bytes (`too_large`) without reading all of it. */
  limit?: number;
}

/**
 * One agent's working directory, read-only. Paths are relative to the directory, `/`-separated,
 * with no `.` or `..` segments (the composer only asks for paths it built itself). Pointers (owner
 * `*_file` values and pad pins) are the one way out: the store resolves them as LingTai does.
 */
export interface AgentStore {
  /** Named in messages, as the vault stores do. */
  readonly backend: string;
  /** The children of a folder ('' is the directory itself), or null when it is not a folder. */
  list(path: string): Promise<AgentEntry[] | null>;
  /** A file's bytes, or why there are none. Never throws for a problem on disk. */
  read(path: string, options?: AgentReadOptions): Promise<AgentRead>;
  /**
   * A pointer's target, read as a file (links followed): `~/x` under the home folder of whoever
   * runs the build, `/x` as is, anything else relative to the agent directory. A missing path is
   * `missing` (LingTai falls back to the inline value); a folder, FIFO, socket or device is
   * `unreadable` (PSYCHE.md 1.1: a pointer or pin to one counts as a file that cannot be read).
   */
  readPointer(pointer: string): Promise<AgentRead>;
  /**
   * Whether a folder's real place lies outside the published folders (PSYCHE.md 3.5). Only a store
   * that draws the boundary (the site build's) says so; without it nothing is outside.
   */
  outside?(path: string): Promise<boolean>;
  /**
   * The real folder a path leads to, links followed, as a key equal for two paths that reach the
   * same folder (device and inode on disk): the catalog scan visits each real folder once.
   */
  folderKey?(path: string): Promise<string | null>;
}
