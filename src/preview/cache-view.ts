// Where the cacheable prefix ends after a change: a provider caches a prompt's leading bytes, so
// everything from the first byte that differs from the published prompt is paid for again.
import type { BundleView, CachePrefix, DocumentView } from '../data/types.ts';

export interface CacheFacts {
  /** Leading bytes the new prompt shares with the published one. */
  sharedBytes: number;
  /** Share of the new prompt still cacheable, 0..1. */
  share: number;
  /** 0-based offset in the new prompt of the first byte that differs, or null when none does. */
  firstByte: number | null;
  /** The document of the new prompt that byte falls in (the one after, when it falls in a joining blank line). */
  document: DocumentView | null;
}

export function cacheFacts(cache: CachePrefix, live: BundleView): CacheFacts {
  return {
    sharedBytes: cache.sharedBytes,
    share: live.promptBytes === 0 ? 1 : cache.sharedBytes / live.promptBytes,
    firstByte: cache.sharedBytes < live.promptBytes ? cache.sharedBytes : null,
    document: cache.firstDifferent === null ? null : (live.documents[cache.firstDifferent - 1] ?? null),
  };
}
