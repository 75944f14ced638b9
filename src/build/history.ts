// The history pages' data (issue 12, item 3): every soul, preset and guest loaded at each commit
// that touched the vault root, through the git store and the unchanged loader, and what each
// commit did to each prompt's cache. Node-only (git); pages get plain data.
import { ROLE_RULES, VaultError, listPresets, loadIdentity, noteUri, renderPrompt, requireFamily, utf8Length } from '../core/index.ts';
import type { Bundle, Family, Role } from '../core/index.ts';
import { GitStore } from '../node/git-store.ts';
import { cacheBreakTokens, exactTokens } from '../node/tokens.ts';
import { cacheBreakCost } from '../data/cost.ts';
import { readHistory, rootIsClean, treeEntries } from '../node/git-history.ts';
import type { CommitRecord, RepoHistory } from '../node/git-history.ts';
import { diffBundles, documentKey, textDiff } from '../data/prompt-diff.ts';
import type {
  BundleChangeView,
  BundleHistoryView,
  BundleView,
  CacheBreakRow,
  CacheBreakView,
  CommitRef,
  CommitView,
  DocumentChangeView,
  HistoryView,
  ModelPrice,
  NoteCommitView,
  NoteBase,
  SiteOptions,
} from '../data/types.ts';
import { HISTORY_PATH, commitAnchor, historyPath } from '../data/urls.ts';
import { bundleName } from '../render/render-html.ts';

/** Shown per history entry: line diffs of this many documents, this many lines each; paths per commit on the family page. */
const DIFF_DOCUMENTS = 12;
const DIFF_LINES = 80;
const PATHS_SHOWN = 40;

type State = { kind: 'absent' } | { kind: 'failed'; message: string } | { kind: 'loaded'; bundle: Bundle };

/** What a member's bundle is, as far as this history knows it. */
interface Member {
  key: string;
  soul: string;
  preset: string | null;
  kind: 'family' | 'guest';
}

/** One tree of the vault root: opened and its family found only when a bundle must be loaded there. */
interface Tree {
  entries: Map<string, string>;
  names: string;
  open: () => Promise<GitStore>;
  family: () => Promise<Family | VaultError>;
  store: GitStore | null;
  used: number;
}

/** A history as built from git, and each bundle's revision at the newest commit (null where it does not load). */
interface Built {
  view: HistoryView;
  newest: Map<string, string | null>;
}

const cache = new Map<string, Promise<Built>>();

/**
 * The history of the vault root the site is built from, or null when it has none to show. Kept per
 * HEAD commit (and the set of bundles and notes): `astro dev` reloads after every edit, and an edit
 * changes nothing committed; only whether the working tree matches the newest commit is asked again.
 */
export async function loadHistory(options: SiteOptions, family: Family, bundles: readonly BundleView[], loaded: ReadonlyMap<string, Bundle>, notes: ReadonlyMap<string, NoteBase>): Promise<HistoryView | null> {
  if (options.historyDepth <= 0) return null;
  const repo = await readHistory(options.vault, options.historyDepth);
  if (repo === null || repo.commits.every((c) => c.boundary)) return null;
  const key = JSON.stringify([options.vault, options.family ?? null, options.harness, options.historyDepth, repo.commits[0]!.id, bundles.map((b) => b.key), [...notes.keys()]]);
  let built = cache.get(key);
  if (!built) {
    built = buildHistory(repo, options, family, bundles, loaded, notes);
    cache.clear();
    cache.set(key, built);
    built.catch(() => cache.delete(key));
  }
  const { view, newest } = await built;
  const histories: Record<string, BundleHistoryView> = {};
  for (const b of bundles) {
    const at = newest.get(b.key) ?? null;
    histories[b.key] = { ...view.bundles[b.key]!, working: at === null ? 'absent' : at === b.revision ? 'same' : 'differs' };
  }
  return { ...view, bundles: histories };
}

async function buildHistory(repo: RepoHistory, options: SiteOptions, family: Family, bundles: readonly BundleView[], loaded: ReadonlyMap<string, Bundle>, notes: ReadonlyMap<string, NoteBase>): Promise<Built> {
  const members: Member[] = bundles.map((b) => ({ key: b.key, soul: b.soul, preset: b.preset, kind: b.kind }));
  const byKey = new Map(bundles.map((b) => [b.key, b]));
  const states = await bundleStates(repo, options, family);
  try {
    // When the vault on disk is what HEAD holds, the site's own loads are the newest commit's bundles
    // (the git store answers as the fs store does), so the newest tree is not loaded a second time.
    const head = repo.commits[0]!;
    if (head.tree !== null && (await rootIsClean(repo.top, repo.prefix))) await states.seed(head.tree, head.id, members, loaded);
    const walked = await walkCommits(repo, members, byKey, notes, options.prices, states);
    return historyViews(repo, options, members, byKey, notes, walked);
  } finally {
    states.close();
  }
}

/** Each bundle's state at a tree: kept for the last two commits, as a commit's parent is usually the next one down. */
interface BundleStates {
  at: (tree: string | null, commit: string, m: Member) => Promise<State>;
  /** Take the site's own loads as these members' states at this tree. */
  seed: (tree: string, commit: string, members: readonly Member[], loaded: ReadonlyMap<string, Bundle>) => Promise<void>;
  /** The walk is at the next commit. */
  next: () => void;
  /** Done with a commit: forget what it and the one before it did not use. */
  prune: () => void;
  close: () => void;
}

async function bundleStates(repo: RepoHistory, options: SiteOptions, family: Family): Promise<BundleStates> {
  const trees = new Map<string, Tree>();
  // Every tree's top-level entries at once: one git process for the whole history.
  const listed = await treeEntries(repo.top, repo.commits.flatMap((c) => [c.tree, c.parentTree].filter((t): t is string => t !== null)));
  const states = new Map<string, { state: Promise<State>; used: number }>();
  let step = 0;

  const tree = (oid: string, commit: string): Tree => {
    let t = trees.get(oid);
    if (!t) {
      const entries = listed.get(oid) ?? new Map<string, string>();
      let found: Promise<Family | VaultError> | null = null;
      const made: Tree = {
        entries,
        names: [...entries.keys()].join('\0'),
        store: null,
        used: step,
        open: async () => (made.store ??= await GitStore.atCommit(repo, commit)),
        family: () => (found ??= made.open().then((s) => requireFamily(s, options.family).catch((e: unknown) => asVaultError(e)))),
      };
      t = made;
      trees.set(oid, t);
    }
    t.used = step;
    return t;
  };

  // A bundle reads its own vault, the shared one and the guests' (and which vaults exist): if
  // none of them changed between two trees, its bundle is the same, and is not loaded again.
  const stateKey = (t: Tree, m: Member): string =>
    JSON.stringify([m.key, t.names, t.entries.get(family.shared), t.entries.get(family.guests), m.kind === 'family' ? t.entries.get(m.soul) : '']);

  const loadState = async (t: Tree, m: Member): Promise<State> => {
    const found = await t.family();
    if (found instanceof VaultError) return { kind: 'failed', message: `error[${found.code}]: ${found.message}` };
    if (!(m.kind === 'family' ? found.souls : found.guestIds).includes(m.soul)) return { kind: 'absent' };
    try {
      const store = await t.open();
      if (m.preset !== null && !(await listPresets(store, m.soul)).includes(m.preset)) return { kind: 'absent' };
      return { kind: 'loaded', bundle: await loadIdentity({ store, soul: m.soul, harness: options.harness, preset: m.preset, discovered: found }) };
    } catch (error) {
      const e = asVaultError(error);
      return { kind: 'failed', message: `error[${e.code}]: ${e.message}` };
    }
  };

  return {
    at: async (oid, commit, m) => {
      if (oid === null) return { kind: 'absent' };
      const t = tree(oid, commit);
      const id = stateKey(t, m);
      let s = states.get(id);
      if (!s) {
        s = { state: loadState(t, m), used: step };
        states.set(id, s);
      }
      s.used = step;
      return s.state;
    },
    seed: async (oid, commit, members, loaded) => {
      const t = tree(oid, commit);
      for (const m of members) {
        const bundle = loaded.get(m.key);
        if (bundle) states.set(stateKey(t, m), { state: Promise.resolve({ kind: 'loaded', bundle }), used: step });
      }
    },
    next: () => {
      step++;
    },
    prune: () => {
      for (const [oid, t] of trees) if (t.used < step - 1) (t.store?.close(), trees.delete(oid));
      for (const [id, s] of states) if (s.used < step - 1) states.delete(id);
    },
    close: () => {
      for (const t of trees.values()) t.store?.close();
    },
  };
}

interface Walked {
  commits: CommitView[];
  entries: Map<string, BundleChangeView[]>;
  /** Each member's state at the newest commit. */
  newest: Map<string, State> | null;
}

/** Every commit, newest first: what it changed in each bundle, and the cache breaks it caused. */
async function walkCommits(repo: RepoHistory, members: readonly Member[], byKey: ReadonlyMap<string, BundleView>, notes: ReadonlyMap<string, NoteBase>, prices: readonly ModelPrice[], states: BundleStates): Promise<Walked> {
  const commits: CommitView[] = [];
  const entries = new Map<string, BundleChangeView[]>(members.map((m) => [m.key, []]));
  let newest: Map<string, State> | null = null;
  for (const c of repo.commits) {
    states.next();
    const ref = commitRef(c);
    const breaks: CacheBreakRow[] = [];
    const after = new Map<string, State>();
    for (const m of members) {
      const now = await states.at(c.tree, c.id, m);
      after.set(m.key, now);
      if (c.boundary) continue;
      const before = await states.at(c.parentTree, c.parent ?? c.id, m);
      const entry = changeEntry(before, now, ref, notes, prices);
      if (!entry) continue;
      entries.get(m.key)!.push(entry);
      const view = byKey.get(m.key)!;
      breaks.push({ key: m.key, label: bundleName(view.display, view.preset), kind: m.kind, state: entry.state, cache: entry.cache, href: `${historyPath(view.href)}#${entry.anchor}` });
    }
    newest ??= after;
    if (!c.boundary) {
      const paths = c.paths.map((p) => ({ ...p, href: notes.get(pathUri(p.path))?.href ?? null }));
      commits.push({ ...ref, paths: paths.slice(0, PATHS_SHOWN), morePaths: Math.max(0, paths.length - PATHS_SHOWN), breaks });
    }
    states.prune();
  }
  return { commits, entries, newest };
}

/** The history pages' view, and each bundle's revision at the newest commit. */
function historyViews(repo: RepoHistory, options: SiteOptions, members: readonly Member[], byKey: ReadonlyMap<string, BundleView>, notes: ReadonlyMap<string, NoteBase>, walked: Walked): Built {
  const histories: Record<string, BundleHistoryView> = {};
  const revisions = new Map<string, string | null>();
  for (const m of members) {
    const view = byKey.get(m.key)!;
    const last = walked.newest?.get(m.key);
    revisions.set(m.key, last?.kind === 'loaded' ? last.bundle.revision : null);
    histories[m.key] = {
      key: m.key,
      soul: view.soul,
      display: view.display,
      kind: view.kind,
      preset: view.preset,
      href: historyPath(view.href),
      bundleHref: view.href,
      entries: walked.entries.get(m.key)!,
      working: 'absent',
    };
  }
  const view: HistoryView = { href: HISTORY_PATH, depth: options.historyDepth, more: repo.more, shallow: repo.shallow, commits: walked.commits, bundles: histories, notes: noteCommits(repo.commits, notes) };
  return { view, newest: revisions };
}

/** A path relative to the vault root (`vault/path`) as a note URI; '' for a file at the root, which is no note. */
function pathUri(rel: string): string {
  const slash = rel.indexOf('/');
  return slash < 0 ? '' : noteUri(rel.slice(0, slash), rel.slice(slash + 1));
}

function asVaultError(error: unknown): VaultError {
  if (error instanceof VaultError) return error;
  throw error;
}

const pad = (n: number): string => String(n).padStart(2, '0');

function commitRef(c: CommitRecord): CommitRef {
  const d = new Date(c.time * 1000);
  const [subject = '', ...rest] = c.message.split('\n');
  return {
    id: c.id,
    short: c.id.slice(0, 12),
    date: d.toISOString().replace('.000Z', 'Z'),
    dateText: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`,
    author: c.author,
    subject,
    body: rest.join('\n').trim(),
    anchor: commitAnchor(c.id),
    href: `${HISTORY_PATH}#${commitAnchor(c.id)}`,
  };
}

/** What the turn after a change sends uncached again: bytes, tokens, and what that turn costs per model. */
function resentOf(bytes: number, from: string, to: string, prices: readonly ModelPrice[]): CacheBreakView['resent'] {
  const { cachedTokens, resentTokens } = cacheBreakTokens(from, to);
  return { bytes, tokens: resentTokens, costs: prices.map((price) => ({ price, ...cacheBreakCost(cachedTokens, resentTokens, price) })) };
}

/** What one commit did to one bundle, or null when it left it as it was. */
function changeEntry(before: State, after: State, commit: CommitRef, notes: ReadonlyMap<string, NoteBase>, prices: readonly ModelPrice[]): BundleChangeView | null {
  const base = { commit, anchor: commit.anchor, revision: null, bytes: null, documentCount: null, error: null, cache: null, changes: [] };
  if (after.kind === 'absent') return before.kind === 'absent' ? null : { ...base, state: 'removed' };
  if (after.kind === 'failed') return before.kind === 'failed' && before.message === after.message ? null : { ...base, state: 'failed', error: after.message };
  const bundle = after.bundle;
  if (before.kind === 'loaded' && before.bundle.revision === bundle.revision) return null;
  const loaded = { ...base, revision: bundle.revision, documentCount: bundle.documents.length };
  if (before.kind === 'absent') return { ...loaded, state: 'created', bytes: promptBytesOf(bundle) };
  // After a failure nothing was cached: the whole prompt goes out again.
  const from = before.kind === 'loaded' ? before.bundle : { ...bundle, documents: [], revision: '' };
  const { diff, changes, prompts } = diffBundles(from, null, bundle, null, exactTokens);
  const doc = diff.prefix.document;
  const cache: CacheBreakView = {
    keptBytes: diff.prefix.bytes,
    share: diff.prefix.share,
    totalBytes: diff.to.bytes,
    document: doc && { index: doc.index, role: doc.role as Role, roleLabel: ROLE_RULES[doc.role as Role].label, uri: doc.uri, href: notes.get(doc.uri)?.href ?? null },
    resent: resentOf(diff.to.bytes - diff.prefix.bytes, prompts.from, prompts.to, prices),
  };
  const old = new Map(from.documents.map((d) => [documentKey(d), d]));
  const now = new Map(bundle.documents.map((d) => [documentKey(d), d]));
  let shown = 0;
  const docs: DocumentChangeView[] =
    before.kind === 'failed'
      ? []
      : changes.map((ch) => {
          const a = old.get(documentKey(ch))?.text ?? '';
          const b = now.get(documentKey(ch))?.text ?? '';
          const role = ch.role as Role;
          return {
            change: ch.change,
            role,
            roleLabel: ROLE_RULES[role].label,
            uri: ch.uri,
            href: notes.get(ch.uri)?.href ?? null,
            index: ch.index,
            edited: ch.edited,
            mode: ch.mode,
            textOnly: ch.textOnly,
            diff: shown++ < DIFF_DOCUMENTS ? textDiff(a, b, DIFF_LINES) : null,
          };
        });
  return { ...loaded, state: before.kind === 'failed' ? 'recovered' : 'changed', bytes: diff.to.bytes, cache, changes: docs };
}

function promptBytesOf(bundle: Bundle): number {
  return utf8Length(renderPrompt(bundle.documents));
}

/** Each note's commits, newest first, following it back through renames until it was added. */
function noteCommits(commits: readonly CommitRecord[], notes: ReadonlyMap<string, NoteBase>): Record<string, NoteCommitView[]> {
  const out: Record<string, NoteCommitView[]> = {};
  const tracked = new Map<string, string>();
  for (const note of notes.values()) tracked.set(`${note.vault}/${note.path}`, note.uri);
  for (const c of commits) {
    if (c.boundary) continue;
    const ref = commitRef(c);
    const moves: Array<[string, string | null, string]> = [];
    for (const p of c.paths) {
      const uri = tracked.get(p.path);
      if (uri === undefined) continue;
      (out[uri] ??= []).push({ ...ref, status: p.status, from: p.from });
      if (p.status === 'renamed') moves.push([p.path, p.from, uri]);
      else if (p.status === 'added') moves.push([p.path, null, uri]);
    }
    for (const [path, from, uri] of moves) {
      tracked.delete(path);
      if (from !== null) tracked.set(from, uri);
    }
  }
  return out;
}
