import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import type { BigIntStats } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { encodeUtf8 } from '../core/text.ts';
import { pyBlank, utf8OrNull } from '../core/psyche/index.ts';
import type { AgentEntry, AgentPathKind, AgentRead, AgentReadFailure, AgentReadOptions, AgentStore } from '../core/psyche/index.ts';

/** Python's expanduser for the forms LingTai's pointers use: `~` and `~/…`. */
function expandHome(pointer: string, home: string): string {
  return pointer === '~' ? home : pointer.startsWith('~/') ? path.join(home, pointer.slice(2)) : pointer;
}

function kindOf(s: { isFile(): boolean; isDirectory(): boolean }): AgentPathKind {
  return s.isFile() ? 'file' : s.isDirectory() ? 'dir' : 'other';
}

function failure(error: unknown, noFollow: boolean): AgentReadFailure {
  const code = (error as NodeJS.ErrnoException).code;
  // A NUL byte in a pointer: Python's is_file() says False for it (ValueError), so it names no file.
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ERR_INVALID_ARG_VALUE' || code === 'ENAMETOOLONG') return 'missing';
  if (code === 'EISDIR') return 'not_file';
  if (code === 'ELOOP') return noFollow ? 'link' : 'missing';
  return 'unreadable';
}

const same = (a: BigIntStats, b: BigIntStats): boolean => a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs && a.mode === b.mode;

/** Never read, by the CLI or the site (PSYCHE.md 1.1): the kernel's own file systems. */
const NEVER_READ = ['/proc', '/sys', '/dev'];

/** The largest file read as text (32 MiB), and the most one composition reads in all (128 MiB). */
export const AGENT_FILE_MAX_BYTES = 32 * 1024 * 1024;
export const AGENT_TOTAL_MAX_BYTES = 128 * 1024 * 1024;
/** One read call at most this many bytes: Node aborts on a single read of 2 GiB. */
const CHUNK = 8 * 1024 * 1024;

/** within() for a folder given as bytes, with no trailing slash unless it is `/`. */
function withinBytes(real: Buffer, f: Buffer): boolean {
  if (f.length === 1 && f[0] === 0x2f) return true;
  return real.length >= f.length && real.compare(f, 0, f.length, 0, f.length) === 0 && (real.length === f.length || real[f.length] === 0x2f);
}

/** Whether a real (absolute, resolved) path, as bytes, is a folder or lies below it. */
export function within(real: Buffer, folder: string): boolean {
  return withinBytes(real, Buffer.from(folder.endsWith(path.sep) && folder.length > 1 ? folder.slice(0, -1) : folder));
}

const NEVER_BYTES = NEVER_READ.map((f) => Buffer.from(f));
const neverRead = (real: Buffer): boolean => NEVER_BYTES.some((f) => withinBytes(real, f));

const SLASH = Buffer.from('/');

/** What `run` returns, or null when it throws. */
function attempt<T>(run: () => T): T | null {
  try {
    return run();
  } catch {
    return null;
  }
}

const errno = (code: string): Error => Object.assign(new Error(code), { code });
const MAX_HOPS = 40;

/** A path's components as bytes, `.` and empty ones left out. */
function components(p: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let start = 0;
  for (let i = 0; i <= p.length; i++) {
    if (i === p.length || p[i] === 0x2f) {
      if (i > start && !(i - start === 1 && p[start] === 0x2e)) out.push(p.subarray(start, i));
      start = i + 1;
    }
  }
  return out;
}

/** Where a walk stands after some components: the real path so far, and how many links it followed. */
interface Walked {
  parts: readonly Buffer[];
  /** The parts as one path (empty for `/`). */
  real: Buffer;
  hops: number;
  /** lstat of the last component, when it was a real file or folder (not `..`): what stat of the real path says. */
  last: BigIntStats | null;
  /** False when the last component is not a folder: nothing can be walked below it (ENOTDIR). */
  dir: boolean;
  /** Set when a step on the way is under /proc, /sys or /dev: the path it stopped at. */
  never: Buffer | null;
}

const EMPTY = Buffer.alloc(0);
const START: Walked = { parts: [], real: EMPTY, hops: 0, last: null, dir: true, never: null };

const pathOf = (parts: readonly Buffer[], extra?: Buffer): Buffer => Buffer.concat((extra ? [...parts, extra] : parts).flatMap((c) => [SLASH, c]));

/**
 * One component of a walk, the links it leads through included. Throws as realpath does (ENOTDIR,
 * ELOOP, and lstat's own errors); a walk that goes on below a component that is not a folder
 * throws ENOTDIR there.
 */
function step(from: Walked, component: Buffer): Walked {
  if (!from.dir) throw errno('ENOTDIR');
  const parts = [...from.parts];
  let real = from.real;
  let hops = from.hops;
  let last: BigIntStats | null = null;
  let pending = [component];
  while (pending.length > 0) {
    const c = pending.shift()!;
    if (c.length === 2 && c[0] === 0x2e && c[1] === 0x2e) {
      parts.pop();
      real = parts.length ? pathOf(parts) : EMPTY;
      last = null;
      continue;
    }
    const candidate = Buffer.concat([real, SLASH, c]);
    if (neverRead(candidate)) return { parts, real, hops, last: null, dir: true, never: candidate };
    const st = lstatSync(candidate, { bigint: true });
    if (st.isSymbolicLink()) {
      if (++hops > MAX_HOPS) throw errno('ELOOP');
      const target = readlinkSync(candidate, { encoding: 'buffer' });
      if (target[0] === 0x2f) {
        parts.length = 0;
        real = EMPTY;
      }
      pending = [...components(target), ...pending];
      continue;
    }
    if (pending.length > 0 && !st.isDirectory()) throw errno('ENOTDIR');
    parts.push(c);
    real = candidate;
    last = st;
  }
  return { parts, real, hops, last, dir: last === null || last.isDirectory(), never: null };
}

/** A walk kept for a path on the way: where it led, or what it threw (thrown again for every path below it). */
type KeptWalk = { walked: Walked } | { error: unknown };

/**
 * realpath(3), one component at a time, as bytes: the real path an absolute path leads to, or
 * `never` as soon as any step on the way, a link's target included, is under /proc, /sys or /dev
 * (`/proc/self/cwd/x` and a link to `/proc/self/root/etc/passwd` are under /proc, wherever they end).
 * Throws as realpath does (ENOENT, ENOTDIR, ELOOP, EACCES). The walk to each path on the way is
 * taken from `walks` or kept in it (keyed by the path as written): one store is one snapshot, and
 * without this every read walked from / again, one lstat per component.
 */
function resolveReal(p: Buffer, walks: Map<string, KeptWalk>): { real: Buffer; never: boolean; stat: BigIntStats | null } {
  let walked = START;
  // Each path on the way is keyed by the path as written up to that component. A path written plainly
  // (what the store builds) holds its own keys, and its walk starts at the longest of them already
  // known: one lookup or two for a file in a folder already walked, not one per component.
  const written = p.toString('latin1');
  let key = '';
  let rest: string[];
  if (PLAIN.test(written)) {
    let at = written.length;
    for (;;) {
      const known = walks.get(written.slice(0, at));
      if (known) {
        if ('error' in known) throw known.error;
        walked = known.walked;
        break;
      }
      at = written.lastIndexOf('/', at - 1);
      if (at <= 0) {
        at = 0;
        break;
      }
    }
    key = written.slice(0, at);
    rest = at === written.length ? [] : written.slice(at + 1).split('/');
  } else {
    rest = components(p).map((c) => c.toString('latin1'));
  }
  for (const c of rest) {
    key += `/${c}`;
    let known = walks.get(key);
    if (!known) {
      try {
        known = { walked: walked.never ? walked : step(walked, Buffer.from(c, 'latin1')) };
      } catch (error) {
        known = { error };
      }
      walks.set(key, known);
    }
    if ('error' in known) throw known.error;
    walked = known.walked;
  }
  if (walked.never) return { real: walked.never, never: true, stat: null };
  const real = walked.real.length ? walked.real : SLASH;
  return { real, never: neverRead(real), stat: walked.last };
}

/** A path written plainly: absolute, with no empty or `.` component (`..` is a component: step() takes it). */
const PLAIN = /^(?:\/(?!\.?(?:\/|$))[^/]+)+$/;
const joinBytes = (a: Buffer, b: Buffer | string): Buffer => Buffer.concat([a, SLASH, typeof b === 'string' ? Buffer.from(b) : b]);

const strictName = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Length of the valid UTF-8 sequence starting at i, or 0 when the byte there starts none. */
function sequence(b: Buffer, i: number): number {
  const c = b[i]!;
  const n = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
  if (n <= 1 || i + n > b.length) return n === 1 ? 1 : 0;
  try {
    strictName.decode(b.subarray(i, i + n));
    return n;
  } catch {
    return 0;
  }
}

/**
 * A file name's bytes as text (PSYCHE.md 1.1): UTF-8 as it is, and each byte that is not part of
 * valid UTF-8 written `\xhh`, so a name that is not UTF-8 is still listed, never dropped.
 */
export function nameText(bytes: Buffer): string {
  try {
    return strictName.decode(bytes);
  } catch {
    let out = '';
    for (let i = 0; i < bytes.length; ) {
      const n = sequence(bytes, i);
      if (n === 0) out += `\\x${bytes[i]!.toString(16).padStart(2, '0')}`;
      else out += strictName.decode(bytes.subarray(i, i + n));
      i += n || 1;
    }
    return out;
  }
}

/**
 * What the site composes in place of a file outside the published folders: a text that holds
 * nothing of it but its size, and keeps what the composer decides by (empty, blank, not UTF-8).
 */
export function outsideStandIn(bytes: Uint8Array): Uint8Array {
  if (bytes.byteLength === 0) return bytes;
  const text = utf8OrNull(bytes);
  if (text === null) return new Uint8Array([0xff]);
  if (pyBlank(text)) return bytes;
  return encodeUtf8(`⟨${bytes.byteLength.toLocaleString('en-US')} bytes from outside the published folders: not published⟩`);
}

export interface FsAgentStoreOptions {
  /** The home folder `~` expands to. Default: the home of whoever runs this. */
  home?: string;
  /**
   * The published folders (PSYCHE.md 3.5), real paths. When given, a file whose real path lies
   * outside all of them reads as a stand-in with its size, and `outside()` answers for folders.
   * The CLI, run by the owner, gives none: it prints the whole composition.
   */
  publish?: readonly string[];
}

/**
 * One LingTai agent directory on disk, read-only. Unlike the vault's store it follows links where
 * LingTai does (catalog entries, `.rules`, pointers) and refuses one only where LingTai does (the
 * owner document, read with `noFollow`). A file is read once through one descriptor, and a bounded
 * read checks that the file did not change underneath it. Nothing under /proc, /sys or /dev is
 * read or listed, only regular files are opened, and no file over AGENT_FILE_MAX_BYTES is read.
 *
 * The store's file system calls are synchronous behind the core's promise-based interface: a
 * composition is a run of small calls (an lstat per new path component, a readdir per folder, an
 * open, fstat, read and close per file), and each one through the thread pool cost more in the
 * round trip than in the call (`psyche --check` over 200 agents took twice the CPU). Its callers,
 * the CLI and the build, compose one agent at a time or a few, and wait for it either way.
 */
export class FsAgentStore implements AgentStore {
  readonly backend = 'fs';
  readonly dir: string;
  private readonly home: string;
  private readonly publish: readonly string[] | null;
  private total = 0;
  /** Whether a read or folder met the publishing boundary: the build then composes the real sizes too. */
  metOutside = false;

  /** The directory's path as bytes: a folder whose name is not UTF-8 is given as a Buffer. */
  private readonly raw: Buffer;
  /** Paths (relative, as listed) whose names are not UTF-8, to their bytes on disk. */
  private readonly rawNames = new Map<string, Buffer>();
  /** The walk to each path a read or listing went through (see resolveReal): a store is one composition. */
  private readonly walks = new Map<string, KeptWalk>();

  constructor(dir: string | Buffer, options: string | FsAgentStoreOptions = {}) {
    this.raw = typeof dir === 'string' ? Buffer.from(path.resolve(dir)) : dir;
    this.dir = typeof dir === 'string' ? path.resolve(dir) : nameText(dir);
    const o = typeof options === 'string' ? { home: options } : options;
    this.home = o.home ?? homedir();
    this.publish = o.publish ?? null;
  }

  /** A relative path (as listed) as the bytes on disk. */
  private full(rel: string): Buffer {
    if (rel === '') return this.raw;
    // No name met so far is other than UTF-8 (the usual case): the path is the directory's and rel's bytes.
    if (this.rawNames.size === 0) return joinBytes(this.raw, rel);
    let out = this.raw;
    let acc = '';
    for (const part of rel.split('/')) {
      acc = acc === '' ? part : `${acc}/${part}`;
      out = this.rawNames.get(acc) ?? joinBytes(out, part);
    }
    return out;
  }

  private isOutside(real: Buffer): boolean {
    return this.publish !== null && !this.publish.some((f) => within(real, f));
  }

  async outside(rel: string): Promise<boolean> {
    if (this.publish === null) return false;
    const resolved = attempt(() => resolveReal(this.full(rel), this.walks));
    const out = resolved !== null && !resolved.never && this.isOutside(resolved.real);
    if (out) this.metOutside = true;
    return out;
  }

  async folderKey(rel: string): Promise<string | null> {
    // The walk's lstat of the real path is stat's answer, and the listing that follows takes the same walk.
    const resolved = attempt(() => resolveReal(this.full(rel), this.walks));
    const s = resolved?.stat && !resolved.never ? resolved.stat : attempt(() => statSync(this.full(rel), { bigint: true }));
    return s?.isDirectory() ? `${s.dev}:${s.ino}` : null;
  }

  async list(rel: string): Promise<AgentEntry[] | null> {
    const folder = this.full(rel);
    let entries;
    try {
      if (resolveReal(folder, this.walks).never) return null;
      // Names as bytes: decoded as text, one that is not UTF-8 would come back changed and unreadable.
      entries = readdirSync(folder, { withFileTypes: true, encoding: 'buffer' });
    } catch {
      return null;
    }
    return entries.map((e): AgentEntry => {
      const name = nameText(e.name);
      if (name !== e.name.toString('utf8')) this.rawNames.set(rel === '' ? name : `${rel}/${name}`, joinBytes(folder, e.name));
      if (!e.isSymbolicLink()) return { name, link: false, kind: kindOf(e) };
      const target = attempt(() => statSync(joinBytes(folder, e.name)));
      return { name, link: true, kind: target ? kindOf(target) : 'missing' };
    });
  }

  read(rel: string, options: AgentReadOptions = {}): Promise<AgentRead> {
    return this.readFile(this.full(rel), options);
  }

  async readPointer(pointer: string): Promise<AgentRead> {
    const expanded = expandHome(pointer, this.home);
    // Resolved as before for a directory named in UTF-8; below one that is not, joined as bytes.
    const file = path.isAbsolute(expanded) || this.raw.equals(Buffer.from(this.dir)) ? Buffer.from(path.resolve(this.dir, expanded)) : joinBytes(this.raw, expanded);
    const read = await this.readFile(file, {});
    // PSYCHE.md 1.1: a pointer or pin to a folder (or FIFO, socket, device) is a file that cannot be read.
    return !read.ok && read.reason === 'not_file' ? { ok: false, reason: 'unreadable' } : read;
  }

  private async readFile(file: Buffer, { noFollow = false, limit }: AgentReadOptions): Promise<AgentRead> {
    let before: BigIntStats;
    let real: Buffer;
    // The walk's own lstat of the real path's last component is what stat(real) would say: not asked twice.
    let walked: BigIntStats | null = null;
    try {
      let resolved;
      if (noFollow) {
        const cut = file.lastIndexOf(0x2f);
        resolved = resolveReal(file.subarray(0, Math.max(cut, 1)), this.walks);
        resolved = { real: joinBytes(resolved.real, file.subarray(cut + 1)), never: resolved.never };
      } else {
        resolved = resolveReal(file, this.walks);
        walked = resolved.stat;
      }
      if (resolved.never) return { ok: false, reason: 'unreadable' };
      real = resolved.real;
    } catch (error) {
      return { ok: false, reason: failure(error, noFollow) };
    }
    if (neverRead(real)) return { ok: false, reason: 'unreadable' };
    try {
      before = noFollow ? lstatSync(file, { bigint: true }) : (walked ?? statSync(real, { bigint: true }));
    } catch (error) {
      return { ok: false, reason: failure(error, noFollow) };
    }
    if (noFollow && before.isSymbolicLink()) return { ok: false, reason: 'link' };
    if (before.isDirectory()) return { ok: false, reason: 'not_file' };
    // A FIFO, socket or device is never opened: a link to one is a file that cannot be read.
    if (!before.isFile()) return { ok: false, reason: noFollow ? 'not_file' : 'unreadable' };
    const max = Math.min(limit ?? AGENT_FILE_MAX_BYTES, AGENT_FILE_MAX_BYTES);
    if (before.size > BigInt(max)) return { ok: false, reason: 'too_large', size: Number(before.size) };
    if (limit === undefined && this.total + Number(before.size) > AGENT_TOTAL_MAX_BYTES) return { ok: false, reason: 'too_large', size: Number(before.size) };
    let fd;
    try {
      fd = openSync(noFollow ? file : real, constants.O_RDONLY | constants.O_NONBLOCK | (noFollow ? constants.O_NOFOLLOW : 0));
    } catch (error) {
      return { ok: false, reason: failure(error, noFollow) };
    }
    try {
      const opened = fstatSync(fd, { bigint: true });
      if (!opened.isFile()) return { ok: false, reason: noFollow ? 'not_file' : 'unreadable' };
      if (opened.dev !== before.dev || opened.ino !== before.ino) return { ok: false, reason: 'unstable' };
      if (opened.size > BigInt(max)) return { ok: false, reason: 'too_large', size: Number(opened.size) };
      if (noFollow && !same(before, opened)) return { ok: false, reason: 'unstable' };
      // Bounded: read one byte past the limit, so a file that grew is seen as too large, not cut short;
      // and in chunks, since one read call of 2 GiB aborts Node.
      let buffer = new Uint8Array(Math.min(max + 1, Number(opened.size) + 1));
      let total = 0;
      for (;;) {
        if (total === buffer.length) {
          if (buffer.length > max) break;
          const grown = new Uint8Array(Math.min(max + 1, buffer.length * 2));
          grown.set(buffer);
          buffer = grown;
        }
        const bytesRead = readSync(fd, buffer, total, Math.min(CHUNK, buffer.length - total), total);
        if (bytesRead === 0) break;
        total += bytesRead;
      }
      if (total > max) return { ok: false, reason: 'too_large', size: total };
      if (limit !== undefined) {
        const after = fstatSync(fd, { bigint: true });
        const pathAfter = attempt(() => lstatSync(file, { bigint: true }));
        if (!same(opened, after) || !pathAfter || !same(opened, pathAfter) || BigInt(total) !== opened.size) return { ok: false, reason: 'unstable' };
      }
      this.total += total;
      const bytes = buffer.subarray(0, total);
      if (this.isOutside(real)) {
        this.metOutside = true;
        // The owner document has no stand-in that validates as it would: one outside is not read.
        if (noFollow) return { ok: false, reason: 'unreadable' };
        return { ok: true, bytes: outsideStandIn(bytes), outside: total };
      }
      return { ok: true, bytes };
    } catch (error) {
      return { ok: false, reason: failure(error, noFollow) };
    } finally {
      attempt(() => closeSync(fd));
    }
  }
}
