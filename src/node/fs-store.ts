import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync, realpathSync, statSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { VaultError } from '../core/errors.ts';
import type { StoreEntry, VaultStore } from '../core/store.ts';
import { noteUri, pathProblem } from '../core/uri.ts';
import { rememberRevision } from '../core/text.ts';

function nodeSha256(bytes: Uint8Array): string {
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(bytes).digest('hex');
}

/** No symlink followed, and a FIFO opened without blocking (fstat then refuses it). */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** What a folder on the way to a note is, by lstat: only a real folder may be walked through. */
type FolderKind = 'dir' | 'link' | 'missing' | 'other';

/**
 * Notes on disk under a vault root. Symlinks are refused (uri_invalid) rather than
 * followed, so no listing can leave the root, loop, or open a device; each note is
 * read once through one file descriptor, so text and revision always name the same bytes.
 */
export class FsStore implements VaultStore {
  readonly backend = 'fs';
  readonly root: string;
  private realRoot: string | null | undefined;
  /**
   * In a scoped view only: the kind of each folder (keyed `vault/a/b`), found once per view by
   * the listing that saw it or by one lstat, so a read whose folders are all known makes no file
   * system call for the check. Null in the store itself, which keeps nothing between calls.
   */
  private folders: Map<string, FolderKind> | null = null;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /**
   * A view for one load: each folder on the way to a note is checked once, not once per note.
   * A load is one snapshot in time anyway; a later load takes a new view and checks again.
   */
  scope(): FsStore {
    const view = new FsStore(this.root);
    view.realRoot = this.realRoot;
    view.folders = new Map();
    return view;
  }

  private resolve(vault: string, rel: string, operation: string): string {
    const joined = rel === '' ? vault : `${vault}/${rel}`;
    const problem = pathProblem(joined);
    if (problem) throw new VaultError('uri_invalid', `${noteUri(vault, rel)} leaves the vault root: ${problem}`, { operation, note: noteUri(vault, rel) });
    return path.join(this.root, joined);
  }

  async vaults(): Promise<string[]> {
    const entries = await readdir(this.root, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') {
        throw new VaultError('vault_root_invalid', `the vault root ${this.root} does not exist or is not a folder (--vault DIR or $SOUL_VAULT_DIR names it)`, { operation: 'list' });
      }
      throw new VaultError('io_error', `the vault root ${this.root} cannot be listed: ${systemMessage(error)}`, { operation: 'list' });
    });
    // A linked soul vault is no vault of this root (loading it by name still says uri_invalid), so
    // one link cannot break the others. A linked *-shared or *-guests is listed: it still names the
    // family, and every read through it says uri_invalid.
    const listed = (e: Dirent): boolean => e.isDirectory() || (e.isSymbolicLink() && /-(shared|guests)$/.test(e.name));
    return entries.filter((e) => listed(e) && !e.name.startsWith('.')).map((e) => e.name);
  }

  async entries(vault: string, folder: string): Promise<StoreEntry[] | null> {
    const dir = this.resolve(vault, folder, 'list');
    const key = folder === '' ? vault : `${vault}/${folder}`;
    let listed;
    try {
      if (this.folders) {
        // A scoped view checks every folder from the vault down, each once: a walk's subfolders
        // are known from their parent's listing, so listing one costs a readdir and nothing more.
        if (this.checkFolders(vault, folder === '' ? [] : folder.split('/'))) return null;
      } else {
        const kind = folderKind(dir);
        if (kind === 'link') throw symlinkError(vault, folder);
        if (kind !== 'dir') return null;
      }
      // Names as bytes: a name that is not UTF-8 would otherwise come back with U+FFFD and name no file.
      listed = readdirSync(dir, { withFileTypes: true, encoding: 'buffer' });
    } catch (error) {
      if (error instanceof VaultError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      // ENOTDIR: a folder on the way is a file (or became one since it was checked).
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw ioError(vault, folder === '' ? '' : `${folder}/`, 'list', error);
    }
    const out: StoreEntry[] = [];
    for (const entry of listed) {
      const name = utf8Name(entry.name);
      const shown = name ?? entry.name.toString('utf8');
      if (shown.startsWith('.')) continue;
      const rel = folder === '' ? shown : `${folder}/${shown}`;
      const note = shown.endsWith('.md');
      // What a load would read but must not: listed as refused, so only a load that needs it fails.
      if (entry.isSymbolicLink()) {
        if (note || linksToFolder(path.join(dir, shown))) out.push({ name: shown, kind: 'refused', problem: symlinkError(vault, rel) });
        continue;
      }
      if (name === null) {
        if (!entry.isDirectory() && !note) continue;
        const uri = noteUri(vault, rel);
        out.push({ name: shown, kind: 'refused', problem: new VaultError('integrity_error', `${uri} has a name that is not valid UTF-8, so no URI can name it`, { operation: 'list', note: uri }) });
        continue;
      }
      if (entry.isDirectory()) {
        out.push({ name, kind: 'dir' });
        // A listing's file type is lstat's (a link shows as a link), so the view need not ask again.
        const child = `${key}/${name}`;
        if (this.folders && !this.folders.has(child)) this.folders.set(child, 'dir');
      } else if (entry.isFile()) out.push({ name, kind: 'file' });
      else if (note) {
        const uri = noteUri(vault, rel);
        out.push({ name, kind: 'refused', problem: new VaultError('uri_invalid', `${uri} is not a regular file (a device, socket or pipe is never a note)`, { operation: 'list', note: uri }) });
      }
    }
    return out;
  }

  /**
   * Scoped views: the folders from the vault down through `parts`, in order. Throws uri_invalid
   * at the first link; gives the first folder that is missing or not a folder (nothing under it
   * can be read), or '' when all are real folders.
   */
  private checkFolders(vault: string, parts: readonly string[]): string {
    const folders = this.folders!;
    let key = vault;
    for (let i = -1; i < parts.length; i++) {
      if (i >= 0) key += `/${parts[i]}`;
      let kind = folders.get(key);
      if (kind === undefined) folders.set(key, (kind = folderKind(path.join(this.root, key))));
      if (kind === 'link') throw symlinkError(vault, parts.slice(0, i + 1).join('/'));
      if (kind !== 'dir') return key;
    }
    return '';
  }

  async read(vault: string, rel: string): Promise<Uint8Array | null> {
    const file = this.resolve(vault, rel, 'read');
    try {
      return this.readChecked(file, vault, rel);
    } catch (error) {
      if (error instanceof VaultError) throw error;
      throw ioError(vault, rel, 'read', error);
    }
  }

  private readChecked(file: string, vault: string, rel: string): Uint8Array | null {
    // Refuse a symlink anywhere on the way: a parent folder could be one too.
    if (this.folders) {
      if (this.checkFolders(vault, rel.split('/').slice(0, -1))) return null;
    } else this.refuseLinkedParents(vault, rel);
    const bytes = readRegular(file, vault, rel);
    // Hashed with node:crypto, synchronously, when the core first asks for the revision (loaded then
    // too: a command that only reads a note starts without it).
    if (bytes) rememberRevision(bytes, () => nodeSha256(bytes));
    return bytes;
  }

  /** The vault folder and every folder on the way to a note must be real folders, not links. */
  private refuseLinkedParents(vault: string, rel: string): void {
    const parts = rel.split('/').slice(0, -1);
    // Fast path, one call instead of one lstat per folder: a folder that resolves to exactly
    // its own path under the real root has no link on the way. Anything else (a link, a missing
    // folder, a case-folding file system) takes the walk below, which names the link if there is one.
    this.realRoot ??= realFolder(this.root);
    if (this.realRoot !== null && realFolder(path.join(this.root, vault, ...parts)) === path.join(this.realRoot, vault, ...parts)) return;
    let current = this.root;
    for (let i = -1; i < parts.length; i++) {
      current = path.join(current, i < 0 ? vault : parts[i]!);
      // A folder that is missing or a file leaves nothing under it to read: open then finds no note.
      const kind = folderKind(current);
      if (kind === 'link') throw symlinkError(vault, parts.slice(0, i + 1).join('/'));
      if (kind !== 'dir') return;
    }
  }
}

/** A folder's real path (one realpath(3) call), or null when it cannot be resolved. */
function realFolder(folder: string): string | null {
  try {
    return realpathSync.native(folder);
  } catch {
    return null;
  }
}

function folderKind(folder: string): FolderKind {
  try {
    const stat = lstatSync(folder);
    return stat.isSymbolicLink() ? 'link' : stat.isDirectory() ? 'dir' : 'other';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Not there (or a file on the way): nothing under it exists. Anything else (EACCES, ENAMETOOLONG) is said as it is.
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    throw error;
  }
}

/** Whether a link leads to a folder, which a walk would enter; a dangling link or a loop leads nowhere. */
function linksToFolder(link: string): boolean {
  try {
    return statSync(link).isDirectory();
  } catch {
    return false;
  }
}

/** `EACCES: permission denied`: the system's own words, without the absolute path it appends. */
function systemMessage(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return e?.code && message.startsWith(`${e.code}:`) ? message.split(', ')[0]! : message;
}

/** An operating-system failure on one note or folder, as a finding for that note rather than a crash. */
function ioError(vault: string, rel: string, operation: string, error: unknown): VaultError {
  const uri = noteUri(vault, rel);
  return new VaultError('io_error', `${uri} cannot be ${operation === 'read' ? 'read' : 'listed'}: ${systemMessage(error)}`, { operation, note: uri });
}

/**
 * A note's bytes: open (no link followed), fstat (only a regular file is read), read the size fstat
 * saw, close. Synchronous calls: a note is a few kilobytes in the page cache, and four system calls
 * made in place cost a fifth of the wall time of the same four through libuv's thread pool and a
 * callback each (5,110 notes: 47-61 ms against 225-449 ms), which was most of a 5k-note rebuild's
 * reading of the vault. One descriptor is open at a time. Null when there is no file.
 */
function readRegular(file: string, vault: string, rel: string): Uint8Array | null {
  let fd: number;
  try {
    fd = openSync(file, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
    throw code === 'ELOOP' ? symlinkError(vault, rel) : error;
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return null;
    if (!stat.isFile()) {
      const uri = noteUri(vault, rel);
      throw new VaultError('uri_invalid', `${uri} is not a regular file (a device, socket or pipe is never a note)`, { operation: 'read', note: uri });
    }
    return readAll(fd, stat.size);
  } finally {
    closeSync(fd);
  }
}

/**
 * Read from the start: `size` bytes (or fewer if the file shrank), or, when fstat says 0 (a file
 * that reports no size, as in procfs), to the end in growing chunks, as readFile does.
 */
function readAll(fd: number, size: number): Uint8Array {
  let buffer = new Uint8Array(size || 8192);
  let total = 0;
  for (;;) {
    const bytesRead = readSync(fd, buffer, total, buffer.length - total, total);
    total += bytesRead;
    if (size > 0 ? bytesRead === 0 || total === size : bytesRead === 0) {
      return total === buffer.length ? buffer : size > 0 ? buffer.subarray(0, total) : buffer.slice(0, total);
    }
    if (total === buffer.length) {
      const grown = new Uint8Array(buffer.length * 2);
      grown.set(buffer);
      buffer = grown;
    }
  }
}

function utf8Name(bytes: Buffer): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

function symlinkError(vault: string, rel: string): VaultError {
  const uri = noteUri(vault, rel);
  return new VaultError('uri_invalid', `${uri} is a symlink; Soul Vault does not follow symlinks, so nothing can lead outside the vault root`, { operation: 'read', note: uri });
}
