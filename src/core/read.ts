import { VaultError } from './errors.ts';
import type { VaultStore } from './store.ts';
import { decodeNote } from './text.ts';
import { parseUri } from './uri.ts';

/** What `soul-vault read <uri>` prints: the note's text exactly (a leading BOM dropped), no tokens filled. */
export async function readNote(store: VaultStore, uri: string): Promise<string> {
  const ref = parseUri(uri, 'read');
  const bytes = await store.read(ref.vault, ref.path);
  if (bytes === null) {
    throw new VaultError('note_not_found', `note ${ref.uri} is missing from the ${store.backend} store`, { operation: 'read', note: ref.uri });
  }
  return decodeNote(bytes, ref.uri, undefined, 'read');
}
