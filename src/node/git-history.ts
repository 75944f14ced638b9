// The commits of the repository holding a vault root that touched it, for the history pages
// (issue 12): who, when, what each changed under the root, and the root's tree before and after.
// Node-only; the bundles at each commit come from GitStore, through the unchanged loader.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Batch, batchHeader } from './git-batch.ts';
import { locateRepo, runGit } from './git-store.ts';

export interface PathChange {
  status: 'added' | 'modified' | 'removed' | 'renamed' | 'type';
  /** Relative to the vault root, `/`-separated. */
  path: string;
  /** For a rename: the old path. */
  from: string | null;
}

export interface CommitRecord {
  id: string;
  /** The first parent, null for a root commit or a shallow clone's boundary. */
  parent: string | null;
  /** A shallow clone's oldest commit: its parents are not in the clone, so what it changed is unknown. */
  boundary: boolean;
  /** The author's name (never the email: see docs/decisions.md). */
  author: string;
  /** Author date, seconds since the epoch. */
  time: number;
  message: string;
  /** The vault root's tree at this commit and at its first parent; null where the root folder is absent. */
  tree: string | null;
  parentTree: string | null;
  paths: PathChange[];
}

export interface RepoHistory {
  top: string;
  prefix: string;
  shallow: boolean;
  /** Newest first, at most `depth`. */
  commits: CommitRecord[];
  /** More commits touched the root than the depth shows. */
  more: boolean;
}

/** No user configuration may change what these commands print (signatures, quoting, colours). */
const CONFIG = ['-c', 'log.showSignature=false', '-c', 'core.quotePath=false', '-c', 'color.ui=false', '--literal-pathspecs'];
const SEP = '\x1f';
const REC = '\x1e';
const STATUS: Record<string, PathChange['status']> = { A: 'added', M: 'modified', D: 'removed', R: 'renamed', T: 'type', C: 'added' };

/**
 * The last `depth` commits that touched the vault root, as `git log -- <root>` lists them, or
 * null when there is no history to show: the root is in no repository, git cannot be run, or no
 * commit touched it.
 */
export async function readHistory(root: string, depth: number): Promise<RepoHistory | null> {
  const where = await locateRepo(root);
  if (!where.ok) return null;
  const { top, prefix } = where;
  const spec = prefix === '' ? '.' : prefix;
  const log = await runGit(top, [...CONFIG, 'log', `--max-count=${depth + 1}`, `--format=${REC}%H${SEP}%P${SEP}%an${SEP}%at${SEP}%B`, '--', spec]);
  // An empty repository (no HEAD) has no log: no history, not an error.
  if (!log.ok) return null;
  const rows = log.out.toString('utf8').split(REC).slice(1);
  if (rows.length === 0) return null;
  const shallowCut = await shallowCommits(top);
  const commits: CommitRecord[] = rows.slice(0, depth).map((row) => {
    const [id = '', parents = '', author = '', time = '0', ...message] = row.split(SEP);
    return {
      id,
      parent: parents.split(' ').filter(Boolean)[0] ?? null,
      boundary: shallowCut.has(id),
      author,
      time: Number(time),
      message: message.join(SEP).trimEnd(),
      tree: null,
      parentTree: null,
      paths: [],
    };
  });
  const trees = await rootTrees(top, prefix, commits.flatMap((c) => (c.parent ? [c.id, c.parent] : [c.id])));
  for (const c of commits) {
    c.tree = trees.get(c.id) ?? null;
    c.parentTree = c.parent ? (trees.get(c.parent) ?? null) : null;
  }
  const paths = await changedPaths(top, prefix, commits.filter((c) => !c.boundary));
  for (const c of commits) c.paths = paths.get(c.id) ?? [];
  return { top, prefix, shallow: shallowCut.size > 0, commits, more: rows.length > depth };
}

/** The commits a shallow clone was cut at (empty for a full clone). */
async function shallowCommits(top: string): Promise<Set<string>> {
  const file = await runGit(top, ['rev-parse', '--git-path', 'shallow']);
  if (!file.ok) return new Set();
  try {
    return new Set(readFileSync(path.resolve(top, file.out.toString('utf8').trim()), 'utf8').split('\n').filter(Boolean));
  } catch {
    return new Set();
  }
}

/** The vault root's tree id at each commit (one `cat-file --batch-check` for all); absent where it is not a folder. */
async function rootTrees(top: string, prefix: string, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, string>();
  if (unique.length === 0) return out;
  const checked = await runGit(top, ['cat-file', '--batch-check'], unique.map((id) => (prefix === '' ? `${id}^{tree}` : `${id}:${prefix}`)).join('\n') + '\n');
  if (!checked.ok) return out;
  checked.out
    .toString('utf8')
    .split('\n')
    .forEach((line, i) => {
      const header = batchHeader(line);
      if ('type' in header && header.type === 'tree' && unique[i]) out.set(unique[i]!, header.oid);
    });
  return out;
}

/**
 * What each commit changed under the vault root against its first parent (renames found by
 * content), from one `diff-tree --stdin`: a process per commit costs more than the diff.
 */
async function changedPaths(top: string, prefix: string, commits: readonly CommitRecord[]): Promise<Map<string, PathChange[]>> {
  const out = new Map<string, PathChange[]>();
  if (commits.length === 0) return out;
  const input = commits.map((c) => (c.parent ? `${c.id} ${c.parent}` : c.id)).join('\n') + '\n';
  // --always: every commit gets its header, also one that changed nothing under the root.
  const listed = await runGit(top, [...CONFIG, 'diff-tree', '--stdin', '--always', '--root', '-r', '-z', '-M', '--name-status', '--', prefix === '' ? '.' : prefix], input);
  if (!listed.ok) return out;
  const parts = listed.out.toString('utf8').split('\0');
  const rel = (p: string): string => (prefix === '' ? p : p.slice(prefix.length + 1));
  let current: PathChange[] = [];
  for (let i = 0; i < parts.length; ) {
    const token = parts[i++]!;
    // Where a status is expected, an object id is the next commit's header (no status looks like one).
    if (/^[0-9a-f]{40,64}$/.test(token)) {
      current = [];
      out.set(token, current);
      continue;
    }
    if (token === '') continue;
    const kind = token[0]!;
    if (kind === 'R' || kind === 'C') {
      const from = parts[i++]!;
      const to = parts[i++]!;
      current.push(kind === 'R' ? { status: 'renamed', path: rel(to), from: rel(from) } : { status: 'added', path: rel(to), from: null });
    } else {
      const p = parts[i++]!;
      const status = STATUS[kind];
      if (status) current.push({ status, path: rel(p), from: null });
    }
  }
  return out;
}

/** The top-level entries of trees, name to object id (which vaults a commit changed), read through one `cat-file --batch`. */
export async function treeEntries(top: string, trees: readonly string[]): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  const unique = [...new Set(trees)];
  if (unique.length === 0) return out;
  const batch = new Batch(top);
  // All asked at once: git answers in order while the later names are still being written.
  const read = await Promise.allSettled(unique.map((oid) => batch.read(oid)));
  batch.close();
  unique.forEach((oid, k) => {
    const object = read[k]!;
    // The id's width in a tree is the repository's hash.
    if (object.status === 'fulfilled' && object.value.type === 'tree') out.set(oid, topEntries(object.value.bytes, oid.length / 2));
  });
  return out;
}

/** A tree object's entries, `<mode> <name>\0<raw id>` each with ids `width` bytes long, as name to hex id. */
function topEntries(bytes: Uint8Array, width: number): Map<string, string> {
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = new Map<string, string>();
  for (let i = 0; i < body.length; ) {
    const space = body.indexOf(32, i);
    const nul = body.indexOf(0, space);
    entries.set(body.subarray(space + 1, nul).toString('utf8'), body.subarray(nul + 1, nul + 1 + width).toString('hex'));
    i = nul + 1 + width;
  }
  return entries;
}

/**
 * Whether the vault root on disk is exactly what HEAD holds: nothing modified, staged, untracked
 * or ignored under it. Then the site's own loads (the fs store) are the newest commit's bundles.
 */
export async function rootIsClean(top: string, prefix: string): Promise<boolean> {
  const status = await runGit(top, [...CONFIG, 'status', '--porcelain', '-z', '--ignored', '--untracked-files=all', '--', prefix === '' ? '.' : prefix]);
  return status.ok && status.out.length === 0;
}
