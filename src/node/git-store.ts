import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { VaultError } from '../core/errors.ts';
import type { StoreEntry, VaultStore } from '../core/store.ts';
import { noteUri, pathProblem } from '../core/uri.ts';
import { Batch } from './git-batch.ts';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const looseUtf8 = new TextDecoder('utf-8');
/** As many links followed while asking where a link leads as Linux follows before ELOOP. */
const MAX_HOPS = 40;

/** One entry of a commit's tree, with its children when it is a tree. */
interface Node {
  /** '040000' tree, '100644'/'100755' file, '120000' symlink, '160000' submodule. */
  mode: string;
  oid: string;
  /** The name as stored, strictly decoded; null when it is not UTF-8. */
  name: string | null;
  shown: string;
  children: Map<string, Node> | null;
  parent: Node | null;
}

/** Run git to the end and give its stdout, or its exit code and first stderr line. */
export function runGit(cwd: string, args: string[], input?: string): Promise<{ ok: true; out: Buffer } | { ok: false; why: string }> {
  return new Promise((resolve) => {
    const child = spawn('git', args, { cwd, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    if (input !== undefined) {
      child.stdin!.on('error', () => {});
      child.stdin!.end(input);
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout!.on('data', (c: Buffer) => out.push(c));
    child.stderr!.on('data', (c: Buffer) => err.push(c));
    child.on('error', (error) => resolve({ ok: false, why: `git cannot be run: ${error.message}` }));
    child.on('close', (code) => {
      if (code === 0) resolve({ ok: true, out: Buffer.concat(out) });
      else resolve({ ok: false, why: Buffer.concat(err).toString('utf8').trim().split('\n')[0] || `git exited with ${code}` });
    });
  });
}

/**
 * Notes as one commit of the git repository that holds the vault root has them. Read-only and
 * immutable, so listings are built once (one `git ls-tree -r`) and notes are read through one
 * long-lived `git cat-file --batch`. It answers as FsStore does on a checkout of that commit:
 * a link (mode 120000) is refused where a load reads it and ignored elsewhere, never followed.
 * `close()` ends the git process; until then it only keeps Node alive while a read is pending.
 */
export class GitStore implements VaultStore {
  readonly backend = 'git';
  /** The revision as given, and the commit it names. */
  readonly rev: string;
  readonly commit: string;
  /** The repository's top folder on disk, and the vault root's path inside it ('' when they are one). */
  readonly top: string;
  readonly prefix: string;
  private readonly root: Node | null;
  private batch: Batch | null = null;

  private constructor(rev: string, commit: string, top: string, prefix: string, root: Node | null) {
    this.rev = rev;
    this.commit = commit;
    this.top = top;
    this.prefix = prefix;
    this.root = root;
  }

  /**
   * The vault root `root` (a folder on disk, or a path that no longer exists under a folder that
   * does) at revision `rev`: not_a_repository when no git repository holds it, revision_not_found
   * when `rev` names no commit there. A root absent at that commit is vault_root_invalid at the first listing.
   */
  static async open(root: string, rev: string): Promise<GitStore> {
    const operation = 'git';
    const where = await locateRepo(root);
    if (!where.ok) throw new VaultError('not_a_repository', `the vault root ${path.resolve(root)} is not inside a git repository, so it has no revisions (${where.why})`, { operation });
    const { top, prefix } = where;
    const commit = await runGit(top, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`]);
    if (!commit.ok || rev === '') throw new VaultError('revision_not_found', `revision ${JSON.stringify(rev)} names no commit in the git repository ${top}`, { operation });
    return GitStore.atCommit({ top, prefix }, commit.out.toString('utf8').trim(), rev);
  }

  /** The store at a commit id already resolved in a repository already found (the history reads many commits). */
  static async atCommit(place: { top: string; prefix: string }, oid: string, rev: string = oid): Promise<GitStore> {
    const { top, prefix } = place;
    // Literal: a vault root named `v[1]` or `*` is a path, not a pattern.
    const listed = await runGit(top, ['--literal-pathspecs', 'ls-tree', '-r', '-t', '-z', '--full-tree', oid, '--', prefix === '' ? '.' : prefix]);
    if (!listed.ok) throw new VaultError('io_error', `the tree of ${rev} cannot be listed: ${listed.why}`, { operation: 'git' });
    return new GitStore(rev, oid, top, prefix, buildTree(listed.out, prefix));
  }

  /** End the git process. Reads after this start a new one. */
  close(): void {
    this.batch?.close();
    this.batch = null;
  }

  private resolve(vault: string, rel: string, operation: string): string[] {
    const joined = rel === '' ? vault : `${vault}/${rel}`;
    const problem = pathProblem(joined);
    if (problem) throw new VaultError('uri_invalid', `${noteUri(vault, rel)} leaves the vault root: ${problem}`, { operation, note: noteUri(vault, rel) });
    return joined.split('/');
  }

  private missingRoot(): VaultError {
    return new VaultError('vault_root_invalid', `the vault root ${this.prefix === '' ? '(the repository top)' : this.prefix} does not exist or is not a folder at revision ${this.rev} (${this.commit.slice(0, 12)})`, { operation: 'list' });
  }

  async vaults(): Promise<string[]> {
    if (this.root === null) throw this.missingRoot();
    const out: string[] = [];
    for (const node of this.root.children!.values()) {
      if (node.shown.startsWith('.')) continue;
      // As FsStore: a real folder, or a linked *-shared / *-guests (it names the family; reads through it are refused).
      if (node.mode === '040000' || (node.mode === '120000' && /-(shared|guests)$/.test(node.shown))) out.push(node.shown);
    }
    return out;
  }

  async entries(vault: string, folder: string): Promise<StoreEntry[] | null> {
    const parts = this.resolve(vault, folder, 'list');
    const dir = this.folder(vault, parts);
    if (dir === null) return null;
    const out: StoreEntry[] = [];
    for (const node of dir.children!.values()) {
      if (node.shown.startsWith('.')) continue;
      const rel = folder === '' ? node.shown : `${folder}/${node.shown}`;
      const note = node.shown.endsWith('.md');
      if (node.mode === '120000') {
        if (note || (await this.linksToFolder(node))) out.push({ name: node.shown, kind: 'refused', problem: symlinkError(vault, rel) });
        continue;
      }
      const isDir = node.mode === '040000' || node.mode === '160000';
      if (node.name === null) {
        if (!isDir && !note) continue;
        const uri = noteUri(vault, rel);
        out.push({ name: node.shown, kind: 'refused', problem: new VaultError('integrity_error', `${uri} has a name that is not valid UTF-8, so no URI can name it`, { operation: 'list', note: uri }) });
      } else if (node.mode === '040000') out.push({ name: node.name, kind: 'dir' });
      else if (node.mode === '160000') out.push({ name: node.name, kind: 'refused', problem: submoduleError(vault, rel) });
      else out.push({ name: node.name, kind: 'file' });
    }
    return out;
  }

  /** The tree at `parts` (vault first), null when missing or not a tree; a link or submodule on the way is uri_invalid. */
  private folder(vault: string, parts: readonly string[]): Node | null {
    if (this.root === null) return null;
    let node = this.root;
    for (let i = 0; i < parts.length; i++) {
      const next = node.children!.get(parts[i]!);
      if (!next) return null;
      const rel = parts.slice(1, i + 1).join('/');
      if (next.mode === '120000') throw symlinkError(vault, rel);
      if (next.mode === '160000') throw submoduleError(vault, rel);
      if (next.mode !== '040000') return null;
      node = next;
    }
    return node;
  }

  async read(vault: string, rel: string): Promise<Uint8Array | null> {
    const parts = this.resolve(vault, rel, 'read');
    const dir = this.folder(vault, parts.slice(0, -1));
    const node = dir?.children!.get(parts.at(-1)!);
    if (!node || node.mode === '040000' || node.mode === '160000') return null;
    // O_NOFOLLOW, as FsStore opens every note: a link is refused, never read through.
    if (node.mode === '120000') throw symlinkError(vault, rel);
    return this.object(node.oid, noteUri(vault, rel));
  }

  private async object(oid: string, uri: string): Promise<Uint8Array> {
    this.batch ??= new Batch(this.top);
    try {
      return (await this.batch.read(oid)).bytes;
    } catch (error) {
      throw new VaultError('io_error', `${uri} cannot be read from git: ${error instanceof Error ? error.message : String(error)}`, { operation: 'read', note: uri });
    }
  }

  /**
   * Whether a link leads to a folder, which a walk would enter (FsStore asks stat). The commit
   * answers for targets inside the repository, links on the way followed; a target outside it
   * (absolute, or `..` past its top) is asked of the disk, as stat would be.
   */
  private async linksToFolder(link: Node): Promise<boolean> {
    const above = this.prefix === '' ? [] : this.prefix.split('/');
    // Where the walk stands: folder names from the repository top.
    const at: string[] = [...above];
    for (let n = link.parent; n && n.parent; n = n.parent) at.splice(above.length, 0, n.shown);
    let queue = (await this.linkTarget(link.oid)).split('/');
    if (queue[0] === '') return isFolder(queue.join('/'));
    let hops = 0;
    while (queue.length > 0) {
      const s = queue.shift()!;
      if (s === '' || s === '.') continue;
      if (s === '..') {
        if (at.length === 0) return isFolder(path.join(this.top, '..', ...queue));
        at.pop();
        continue;
      }
      const node = await this.nodeAt([...at, s]);
      if (node === null) return false;
      if (node.mode === '120000') {
        if (++hops > MAX_HOPS) return false;
        const target = (await this.linkTarget(node.oid)).split('/');
        if (target[0] === '') return isFolder([...target, ...queue].join('/'));
        queue = [...target, ...queue];
        continue;
      }
      if (node.mode !== '040000' && node.mode !== '160000') return false;
      at.push(s);
    }
    return true;
  }

  private async linkTarget(oid: string): Promise<string> {
    this.batch ??= new Batch(this.top);
    return looseUtf8.decode((await this.batch.read(oid)).bytes);
  }

  /**
   * The entry at a path from the repository top: from the listing inside the vault root, a
   * folder above it, or else (elsewhere in the repository) from the commit through cat-file.
   */
  private async nodeAt(names: readonly string[]): Promise<Pick<Node, 'mode' | 'oid'> | null> {
    const above = this.prefix === '' ? [] : this.prefix.split('/');
    const shared = above.findIndex((s, i) => names[i] !== s);
    if (shared < 0) {
      let node = this.root;
      for (const s of names.slice(above.length)) {
        node = node?.children?.get(s) ?? null;
        if (!node) return null;
      }
      return node;
    }
    if (shared === names.length) return { mode: '040000', oid: '' };
    // `<commit>:<path>` does not follow links on the way; a path git cannot spell on one line names nothing.
    const joined = names.join('/');
    if (joined.includes('\n') || this.batch === null) return null;
    try {
      const { type } = await this.batch.read(`${this.commit}:${joined}`);
      return { mode: type === 'tree' ? '040000' : type === 'commit' ? '160000' : '100644', oid: '' };
    } catch {
      return null;
    }
  }
}

/**
 * The git repository holding the vault root `root` (a folder on disk, or a path that no longer
 * exists under a folder that does): its top folder and the root's path inside it ('' at the top).
 */
export async function locateRepo(root: string): Promise<{ ok: true; top: string; prefix: string } | { ok: false; why: string }> {
  const resolved = path.resolve(root);
  // git must run in a folder that exists; the root may have been moved or deleted since.
  let base = resolved;
  while (!isFolder(base) && path.dirname(base) !== base) base = path.dirname(base);
  const where = await runGit(base, ['rev-parse', '--show-toplevel', '--show-prefix']);
  if (!where.ok) return where;
  const [top = '', shownPrefix = ''] = where.out.toString('utf8').split('\n');
  const rest = path.relative(base, resolved).split(path.sep).filter((s) => s !== '');
  return { ok: true, top, prefix: [...shownPrefix.split('/').filter((s) => s !== ''), ...rest].join('/') };
}

function isFolder(p: string): boolean {
  try {
    return existsSync(p) && statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The vault root's tree from `ls-tree -r -t -z --full-tree <commit> -- <prefix>`: records of
 * `<mode> <type> <oid>\t<path>\0`, a folder before what it holds. Null when the commit has no
 * folder there.
 */
function buildTree(out: Buffer, prefix: string): Node | null {
  const top: Node = { mode: '040000', oid: '', name: '', shown: '', children: new Map(), parent: null };
  const byPath = new Map<string, Node>([['', top]]);
  let start = 0;
  while (start < out.length) {
    const end = out.indexOf(0, start);
    const record = out.subarray(start, end < 0 ? out.length : end);
    start = end < 0 ? out.length : end + 1;
    const tab = record.indexOf(9);
    const [mode = '', , oid = ''] = record.subarray(0, tab).toString('latin1').split(' ');
    const raw = record.subarray(tab + 1);
    const slash = raw.lastIndexOf(0x2f);
    // Parents are keyed by their raw bytes (latin1 keeps every byte), so a name that is not UTF-8 still has a place.
    const parentKey = slash < 0 ? '' : raw.subarray(0, slash).toString('latin1');
    const nameBytes = raw.subarray(slash + 1);
    const parent = byPath.get(parentKey);
    if (!parent?.children) continue;
    let name: string | null;
    try {
      name = strictUtf8.decode(nameBytes);
    } catch {
      name = null;
    }
    const shown = name ?? looseUtf8.decode(nameBytes);
    const node: Node = { mode, oid, name, shown, children: mode === '040000' ? new Map() : null, parent };
    // A name that is not UTF-8 is kept under a key no valid path can spell (NUL is never in one).
    parent.children.set(name ?? `\0${nameBytes.toString('latin1')}`, node);
    if (node.children) byPath.set(raw.toString('latin1'), node);
  }
  if (prefix === '') return top;
  const root = byPath.get(Buffer.from(prefix, 'utf8').toString('latin1'));
  if (!root) return null;
  root.parent = null;
  return root;
}

function symlinkError(vault: string, rel: string): VaultError {
  const uri = noteUri(vault, rel);
  return new VaultError('uri_invalid', `${uri} is a symlink; Soul Vault does not follow symlinks, so nothing can lead outside the vault root`, { operation: 'read', note: uri });
}

function submoduleError(vault: string, rel: string): VaultError {
  const uri = noteUri(vault, rel);
  return new VaultError('uri_invalid', `${uri} is a git submodule: another repository, outside this vault root's history`, { operation: 'read', note: uri });
}
