import { compareCodePoints, comparePaths } from './order.ts';
import type { VaultStore } from './store.ts';
import { VAULT_ID } from './uri.ts';

export const DEFAULT_FAMILY = 'cwkpippa';

export interface Family {
  name: string;
  shared: string;
  guests: string;
  /** Family souls: every vault but the family's shared and guest containers (and other families' ones). */
  souls: string[];
  /** Guest ids: the folders of the guest container. */
  guestIds: string[];
}

/** The family name: the one given, else the prefix of the only `*-shared` vault, else `cwkpippa`. */
export function familyName(vaults: readonly string[], given?: string): string {
  if (given) return given;
  const shared = vaults.filter((v) => v.endsWith('-shared') && VAULT_ID.test(v));
  return shared.length === 1 ? shared[0]!.slice(0, -'-shared'.length) : DEFAULT_FAMILY;
}

export async function discoverFamily(store: VaultStore, given?: string): Promise<Family> {
  const vaults = (await store.vaults()).filter((v) => VAULT_ID.test(v));
  const name = familyName(vaults, given);
  const shared = `${name}-shared`;
  const guests = `${name}-guests`;
  const souls = vaults.filter((v) => !v.endsWith('-shared') && !v.endsWith('-guests')).sort(compareCodePoints);
  const guestEntries = (await store.entries(guests, '')) ?? [];
  const guestIds = guestEntries
    .filter((e) => e.kind === 'dir' && VAULT_ID.test(e.name))
    .map((e) => e.name)
    .sort(compareCodePoints);
  return { name, shared, guests, souls, guestIds };
}

/**
 * Every note under `folder` of a vault, recursively, as vault-relative paths in spec order.
 * Names starting with `.` are skipped; only files ending in `.md` are notes.
 */
export async function walkNotes(store: VaultStore, vault: string, folder: string): Promise<string[]> {
  const out: string[] = [];
  const visit = async (dir: string): Promise<void> => {
    const entries = await store.entries(vault, dir);
    if (!entries) return;
    const prefix = dir === '' ? '' : `${dir}/`;
    const subdirs: string[] = [];
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      if (entry.kind === 'dir') subdirs.push(prefix + entry.name);
      else if (entry.name.endsWith('.md')) out.push(prefix + entry.name);
    }
    await Promise.all(subdirs.map(visit));
  };
  await visit(folder);
  return out.sort(comparePaths);
}

/** Top-level `.md` names of a folder other than instructions.md: the identity candidates. */
export async function identityCandidates(store: VaultStore, vault: string, folder: string): Promise<string[]> {
  const entries = (await store.entries(vault, folder)) ?? [];
  return entries
    .filter((e) => e.kind === 'file' && e.name.endsWith('.md') && !e.name.startsWith('.') && e.name !== 'instructions.md')
    .map((e) => e.name)
    .sort(compareCodePoints);
}

/** The presets a soul offers: its `projects/*.md`, by name. */
export async function listPresets(store: VaultStore, soul: string): Promise<string[]> {
  const entries = (await store.entries(soul, 'projects')) ?? [];
  return entries
    .filter((e) => e.kind === 'file' && e.name.endsWith('.md') && !e.name.startsWith('.'))
    .map((e) => e.name.slice(0, -3))
    .sort(compareCodePoints);
}
