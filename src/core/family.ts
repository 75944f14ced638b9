import { VaultError } from './errors.ts';
import { compareCodePoints, comparePaths } from './order.ts';
import type { StoreEntry, VaultStore } from './store.ts';
import { VAULT_ID } from './uri.ts';
import { VAULT_NOTES } from './roles.ts';

export const DEFAULT_FAMILY = 'cwkpippa';

export interface Family {
  name: string;
  shared: string;
  guests: string;
  /** Family souls: every vault but the family's shared and guest containers (and other families' ones). */
  souls: string[];
  /** Guest ids: the folders of the guest container. */
  guestIds: string[];
  /** Why the guest container could not be listed (a link, an OS error): its guests are then unknown, the souls unharmed. */
  problems: VaultError[];
}

/** The family name: the one given, else the prefix of the only `*-shared` vault, else `cwkpippa`. */
export function familyName(vaults: readonly string[], given?: string): string {
  if (given) return given;
  const shared = vaults.filter((v) => v.endsWith('-shared') && VAULT_ID.test(v));
  return shared.length === 1 ? shared[0]!.slice(0, -'-shared'.length) : DEFAULT_FAMILY;
}

/** The family of a vault root: its name, containers, souls and guests. A link or odd entry in the guest container is no guest. */
export async function discoverFamily(store: VaultStore, given?: string): Promise<Family> {
  const vaults = (await store.vaults()).filter((v) => VAULT_ID.test(v));
  const name = familyName(vaults, given);
  const shared = `${name}-shared`;
  const guests = `${name}-guests`;
  const souls = vaults.filter((v) => !v.endsWith('-shared') && !v.endsWith('-guests')).sort(compareCodePoints);
  const problems: VaultError[] = [];
  let guestEntries: StoreEntry[] = [];
  try {
    guestEntries = (await store.entries(guests, '')) ?? [];
  } catch (error) {
    if (!(error instanceof VaultError)) throw error;
    problems.push(error);
  }
  // A refused entry (a link, a name that is not UTF-8) is no guest: only a load of that id reads it.
  const guestIds = guestEntries
    .filter((e) => e.kind === 'dir' && VAULT_ID.test(e.name))
    .map((e) => e.name)
    .sort(compareCodePoints);
  return { name, shared, guests, souls, guestIds, problems };
}

/**
 * The family of a vault root, which must hold the family's shared vault or a soul: a typo in
 * --vault must not publish an empty site or pass `check` (vault_root_invalid). The CLI, `check`,
 * `ls` and the build ask for this; a load alone does not (a guest's preview snapshot holds no shared vault).
 */
export async function requireFamily(store: VaultStore, given?: string): Promise<Family> {
  const family = await discoverFamily(store, given);
  if (family.souls.length === 0 && (await store.entries(family.shared, '').catch(() => null)) === null) {
    throw new VaultError('vault_root_invalid', `the vault root holds no shared vault (${family.shared}/) and no soul: is it the right folder?`, { operation: 'discover' });
  }
  return family;
}

/** The notes under a folder, and what in it a load would read but cannot (a link, a device, a bad name, a folder the system refuses). */
export interface Walk {
  paths: string[];
  /** In path order. */
  problems: VaultError[];
}

/**
 * Every note under `folder` of a vault, recursively, as vault-relative paths in spec order,
 * with every problem met on the way rather than only the first. Names starting with `.` are
 * skipped; only files ending in `.md` are notes.
 */
export async function walkFolder(store: VaultStore, vault: string, folder: string): Promise<Walk> {
  const paths: string[] = [];
  const problems: VaultError[] = [];
  const visit = async (dir: string): Promise<unknown> => {
    const entries = await store.entries(vault, dir).catch((error: unknown) => {
      if (!(error instanceof VaultError)) throw error;
      problems.push(error);
    });
    const prefix = dir === '' ? '' : `${dir}/`;
    const subdirs: string[] = [];
    for (const entry of entries ?? []) {
      if (entry.name.startsWith('.')) continue;
      if (entry.kind === 'refused') problems.push(entry.problem);
      else if (entry.kind === 'dir') subdirs.push(prefix + entry.name);
      else if (entry.name.endsWith('.md')) paths.push(prefix + entry.name);
    }
    return Promise.all(subdirs.map(visit));
  };
  await visit(folder);
  // Every problem names its note or folder, in this vault: path order of the URIs is path order.
  problems.sort((a, b) => comparePaths(a.note ?? '', b.note ?? ''));
  return { paths: paths.sort(comparePaths), problems };
}

/** Every note under `folder`, in spec order; throws the first problem in path order, as a strict load does. */
export async function walkNotes(store: VaultStore, vault: string, folder: string): Promise<string[]> {
  const { paths, problems } = await walkFolder(store, vault, folder);
  if (problems.length > 0) throw problems[0]!;
  return paths;
}

/**
 * Top-level `.md` names of a folder other than instructions.md: the identity candidates. A
 * candidate the store refuses (a link, a device) is the identity a load would read: its problem is thrown.
 */
export async function identityCandidates(store: VaultStore, vault: string, folder: string): Promise<string[]> {
  const entries = (await store.entries(vault, folder)) ?? [];
  const candidates = entries.filter((e) => e.name.endsWith('.md') && !e.name.startsWith('.') && e.name !== VAULT_NOTES.instructions && e.kind !== 'dir');
  const refused = candidates.find((e) => e.kind === 'refused');
  if (refused && refused.kind === 'refused') throw refused.problem;
  return candidates.map((e) => e.name).sort(compareCodePoints);
}

/**
 * The presets a soul offers: its `projects/*.md`, by name. A link or device named like a preset
 * is listed (loading it then says uri_invalid); a name that is not UTF-8 can name no preset and is left out.
 */
export async function listPresets(store: VaultStore, soul: string): Promise<string[]> {
  const entries = (await store.entries(soul, 'projects')) ?? [];
  return entries
    .filter((e) => e.name.endsWith('.md') && !e.name.startsWith('.') && (e.kind === 'file' || (e.kind === 'refused' && e.problem.code !== 'integrity_error')))
    .map((e) => e.name.slice(0, -3))
    .sort(compareCodePoints);
}
