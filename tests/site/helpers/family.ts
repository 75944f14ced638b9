// The expected side of every comparison: the loader itself, run over the same vault root.
import { discoverFamily, listPresets, loadIdentity, walkNotes, noteUri, VAULT_ID, compareCodePoints } from '../../../src/core/index.ts';
import type { Bundle } from '../../../src/core/index.ts';
import { FsStore } from '../../../src/node/index.ts';
import { VAULTS } from './dist.ts';

export const HARNESS = 'webui';

export interface Expected {
  bundle: Bundle;
  /** The page path the site must have for it. */
  page: string;
}

export async function expectedBundles(vaultRoot = VAULTS): Promise<Expected[]> {
  const store = new FsStore(vaultRoot);
  const family = await discoverFamily(store);
  const out: Expected[] = [];
  for (const soul of family.souls) {
    out.push({ bundle: await loadIdentity({ store, soul, harness: HARNESS }), page: `souls/${encodeURIComponent(soul)}/` });
    for (const preset of await listPresets(store, soul)) {
      out.push({
        bundle: await loadIdentity({ store, soul, harness: HARNESS, preset }),
        page: `souls/${encodeURIComponent(soul)}/${encodeURIComponent(preset)}/`,
      });
    }
  }
  for (const guest of family.guestIds) {
    out.push({ bundle: await loadIdentity({ store, soul: guest, harness: HARNESS }), page: `guests/${encodeURIComponent(guest)}/` });
  }
  return out;
}

export interface ExpectedNote {
  vault: string;
  path: string;
  uri: string;
  bytes: Uint8Array;
}

/** Every note of every vault under the root. */
export async function expectedNotes(vaultRoot = VAULTS): Promise<ExpectedNote[]> {
  const store = new FsStore(vaultRoot);
  const out: ExpectedNote[] = [];
  const vaults = (await store.vaults()).filter((v) => VAULT_ID.test(v)).sort(compareCodePoints);
  for (const vault of vaults) {
    for (const path of await walkNotes(store, vault, '')) {
      out.push({ vault, path, uri: noteUri(vault, path), bytes: (await store.read(vault, path))! });
    }
  }
  return out;
}

export async function sharedCoreUris(vaultRoot = VAULTS): Promise<string[]> {
  const store = new FsStore(vaultRoot);
  const family = await discoverFamily(store);
  return (await walkNotes(store, family.shared, 'core')).map((p) => noteUri(family.shared, p));
}

/** `notes/<vault>/<path without .md>/`, each segment encoded. */
export function notePage(vault: string, path: string): string {
  return `notes/${[vault, ...path.replace(/\.md$/, '').split('/')].map(encodeURIComponent).join('/')}/`;
}
