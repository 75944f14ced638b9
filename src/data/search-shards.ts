// The note pages' search index is cut into shards of about SHARD_NOTES notes, each its own
// Pagefind index that the search page merges: a rebuild after one edit indexes that note's
// shard again and reuses the rest from the cache (src/integration/search-index.ts). A note's
// shard depends only on its URI and the number of shards, so it stays put while other notes change.

export const SHARD_NOTES = 500;

export function shardCount(notes: number): number {
  return Math.max(1, Math.ceil(notes / SHARD_NOTES));
}

/** FNV-1a over the URI's UTF-16 code units: stable across runs and runtimes, and spreads similar paths. */
export function shardOf(uri: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < uri.length; i++) {
    h ^= uri.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % shards;
}

/** Items grouped by shard, each shard keeping the items' order. */
export function shardsOf<T>(items: readonly T[], uri: (item: T) => string): T[][] {
  const count = shardCount(items.length);
  const shards: T[][] = Array.from({ length: count }, () => []);
  for (const item of items) shards[shardOf(uri(item), count)]!.push(item);
  return shards;
}
