// One re-assembly, exactly what the live preview runs after each change: the core's loadIdentity
// over the in-memory store, the site's own bundleView for rows, shares and groups, and the site's
// cachePrefix against the published bundle. Pure and isomorphic, so the benchmark times it in Node
// and in Chromium, and no order, mode or size is derived anywhere else.
import { isVaultError, loadIdentity } from '../core/index.ts';
import type { Bundle, VaultErrorJSON, VaultStore } from '../core/index.ts';
import { bundleView, cachePrefix } from '../data/bundles.ts';
import type { TokenCounter } from '../data/bundles.ts';
import type { BundleView, CachePrefix, NoteLink } from '../data/types.ts';

export interface ReassembleOptions {
  soul: string;
  harness: string;
  preset?: string | null | undefined;
  /** The family name; without it the loader takes it from the store's `*-shared` vault. */
  family?: string | undefined;
  /** Title and page of each note present, for row labels; a note missing here shows as absent. */
  notes?: ReadonlyMap<string, NoteLink> | undefined;
  /** The page the rows are drawn on, relative to the site base (row anchors and legend links). */
  href?: string | undefined;
  /** The published bundle's view: the cache prefix is measured against it. */
  published?: BundleView | null | undefined;
  /** Where token counts come from: the snapshot's (src/preview/token-estimate.ts), or the tokenizer in Node. */
  tokens: TokenCounter;
}

export type Reassembly =
  | { bundle: Bundle; view: BundleView; cache: CachePrefix | null; error: null }
  | { bundle: null; view: null; cache: null; error: VaultErrorJSON };

const NO_NOTES: ReadonlyMap<string, NoteLink> = new Map();

export async function reassemble(store: VaultStore, options: ReassembleOptions): Promise<Reassembly> {
  let bundle: Bundle;
  try {
    bundle = await loadIdentity({ store, soul: options.soul, harness: options.harness, preset: options.preset ?? null, family: options.family });
  } catch (error) {
    // A VaultError is a result to show (code, note, role); anything else is a bug and propagates.
    if (!isVaultError(error)) throw error;
    return { bundle: null, view: null, cache: null, error: error.toJSON() };
  }
  const view = bundleView(bundle, bundle.soul, options.href ?? '', options.notes ?? NO_NOTES, [], options.tokens);
  const cache = options.published ? cachePrefix(options.published, view, 'the published bundle') : null;
  return { bundle, view, cache, error: null };
}
