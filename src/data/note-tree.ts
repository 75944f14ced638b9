// A vault's notes as a tree of folders, for the vault's notes page and the sidebar of each note
// page. A note page shows only its own branch (the folders above it opened, the others named), and
// of a large folder only the entries around its way to the note, so a vault of thousands of notes,
// even in one folder, does not put thousands of links on every page.
import type { NoteView } from './types.ts';
import { folderAnchor, notesFolderPath, notesOfVault } from './urls.ts';

export interface TreeNote {
  title: string;
  href: string;
  path: string;
}

export interface TreeFolder {
  /** The folder's own name; '' for the vault's root. */
  name: string;
  /** Its path in the vault, `core/safety`; '' for the root. */
  path: string;
  /** Its id on the vault's notes page, and a link to it there. */
  anchor: string;
  href: string;
  /** Whether its contents are listed: always on the vault's page, on the note's branch on a note page. */
  open: boolean;
  folders: TreeFolder[];
  notes: TreeNote[];
  /** Entries left out before and after those listed (a large folder on a note page); its whole list is at `href`. */
  clipped?: { before: boolean; after: boolean };
}

/** The most entries (folders and notes) an open folder lists on a note page; the rest are one link away. */
export const BRANCH_ENTRIES = 30;

const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function folder(vault: string, path: string): TreeFolder {
  // The root's whole list is the vault's notes page itself.
  const href = path === '' ? notesOfVault(vault) : notesFolderPath(vault, path);
  return { name: path.split('/').pop() ?? '', path, anchor: folderAnchor(path), href, open: true, folders: [], notes: [] };
}

/** The folder a note's path is in: '' for the vault's root. */
const folderPath = (notePath: string): string => (notePath.includes('/') ? notePath.slice(0, notePath.lastIndexOf('/')) : '');

interface Trees {
  roots: Map<string, TreeFolder>;
  /** Every folder, whole, by `vault/path`. */
  folders: Map<string, TreeFolder>;
  /** Each note's place among its folder's notes, by its page: a note page finds itself without a search. */
  places: Map<string, number>;
}

const trees = new WeakMap<readonly NoteView[], Trees>();

/** Every vault's tree, built once per site's notes: folders by name, notes in the site's order. */
function allTrees(notes: readonly NoteView[]): Trees {
  const known = trees.get(notes);
  if (known) return known;
  const roots = new Map<string, TreeFolder>();
  const places = new Map<string, number>();
  const folders = new Map<string, TreeFolder>();
  const folderOf = (vault: string, path: string): TreeFolder => {
    const key = `${vault}/${path}`;
    let found = folders.get(key);
    if (found) return found;
    found = folder(vault, path);
    folders.set(key, found);
    if (path === '') roots.set(vault, found);
    else folderOf(vault, path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '').folders.push(found);
    return found;
  };
  for (const note of notes) {
    const home = folderOf(note.vault, folderPath(note.path));
    places.set(note.href, home.notes.push({ title: note.title, href: note.href, path: note.path }) - 1);
  }
  for (const f of folders.values()) f.folders.sort(byName);
  const made = { roots, folders, places };
  trees.set(notes, made);
  return made;
}

/** A vault's whole tree, every folder open. */
export function vaultTree(notes: readonly NoteView[], vault: string): TreeFolder {
  return allTrees(notes).roots.get(vault) ?? folder(vault, '');
}

const branches = new WeakMap<readonly NoteView[], Map<string, TreeFolder>>();

/** The tree a note page shows: the folders on the way to the note open, every other folder closed and unlisted. */
export function noteBranch(notes: readonly NoteView[], note: NoteView): TreeFolder {
  const home = `${note.vault}/${folderPath(note.path)}`;
  // A folder clipped around each note gives each its own branch; one listed whole, one branch for all its notes.
  const own = allTrees(notes).folders.get(home);
  if (own && own.folders.length + own.notes.length > BRANCH_ENTRIES) return pruned(notes, note);
  let known = branches.get(notes);
  if (!known) branches.set(notes, (known = new Map()));
  let branch = known.get(home);
  if (!branch) known.set(home, (branch = pruned(notes, note)));
  return branch;
}

/**
 * At most BRANCH_ENTRIES of a folder's entries (its folders, then its notes), centred on the one at `at`
 * as far as the folder's ends allow.
 */
function clip(f: TreeFolder, at: number): TreeFolder {
  const count = f.folders.length + f.notes.length;
  if (count <= BRANCH_ENTRIES) return f;
  const start = Math.min(Math.max(at - Math.floor(BRANCH_ENTRIES / 2), 0), count - BRANCH_ENTRIES);
  const end = start + BRANCH_ENTRIES;
  const cut = f.folders.length;
  return {
    ...f,
    folders: f.folders.slice(Math.min(start, cut), Math.min(end, cut)),
    notes: f.notes.slice(Math.max(start - cut, 0), Math.max(end - cut, 0)),
    clipped: { before: start > 0, after: end < count },
  };
}

function pruned(notes: readonly NoteView[], note: NoteView): TreeFolder {
  const home = folderPath(note.path);
  const prune = (f: TreeFolder): TreeFolder => {
    const onPath = f.path === '' || note.path.startsWith(`${f.path}/`);
    if (!onPath) return { ...f, open: false, folders: [], notes: [] };
    const open = { ...f, open: true, folders: f.folders.map(prune) };
    // The entry on the way to the note: the note itself in its own folder, else the open folder.
    const at = f.path === home ? f.folders.length + (allTrees(notes).places.get(note.href) ?? 0) : open.folders.findIndex((sub) => sub.open);
    return clip(open, at);
  };
  return prune(vaultTree(notes, note.vault));
}
