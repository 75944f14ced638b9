// A vault's notes as a tree of folders, for the vault's notes page and the sidebar of each note
// page. A note page shows only its own branch (the folders above it opened, the others named), so
// a vault of thousands of notes does not put thousands of links on every page.
import type { NoteView } from './types.ts';
import { folderAnchor, notesFolderPath } from './urls.ts';

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
}

const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function folder(vault: string, path: string): TreeFolder {
  return { name: path.split('/').pop() ?? '', path, anchor: folderAnchor(path), href: notesFolderPath(vault, path), open: true, folders: [], notes: [] };
}

/** The folder a note's path is in: '' for the vault's root. */
const folderPath = (notePath: string): string => (notePath.includes('/') ? notePath.slice(0, notePath.lastIndexOf('/')) : '');

const trees = new WeakMap<readonly NoteView[], Map<string, TreeFolder>>();

/** Every vault's tree, built once per site's notes: folders by name, notes in the site's order. */
function allTrees(notes: readonly NoteView[]): Map<string, TreeFolder> {
  const known = trees.get(notes);
  if (known) return known;
  const roots = new Map<string, TreeFolder>();
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
    folderOf(note.vault, folderPath(note.path)).notes.push({ title: note.title, href: note.href, path: note.path });
  }
  for (const f of folders.values()) f.folders.sort(byName);
  trees.set(notes, roots);
  return roots;
}

/** A vault's whole tree, every folder open. */
export function vaultTree(notes: readonly NoteView[], vault: string): TreeFolder {
  return allTrees(notes).get(vault) ?? folder(vault, '');
}

const branches = new WeakMap<readonly NoteView[], Map<string, TreeFolder>>();

/** The tree a note page shows: the folders on the way to the note open, every other folder closed and unlisted. */
export function noteBranch(notes: readonly NoteView[], note: NoteView): TreeFolder {
  // Notes of one folder share their branch: made once per folder, not once per note.
  let known = branches.get(notes);
  if (!known) branches.set(notes, (known = new Map()));
  const key = `${note.vault}/${folderPath(note.path)}`;
  let branch = known.get(key);
  if (!branch) known.set(key, (branch = pruned(notes, note)));
  return branch;
}

function pruned(notes: readonly NoteView[], note: NoteView): TreeFolder {
  const prune = (f: TreeFolder): TreeFolder => {
    const onPath = f.path === '' || note.path.startsWith(`${f.path}/`);
    return onPath ? { ...f, open: true, folders: f.folders.map(prune) } : { ...f, open: false, folders: [], notes: [] };
  };
  return prune(vaultTree(notes, note.vault));
}
