// What a build keeps in the cache folder for the next one: key -> value, read when a build starts and
// written back with only what that build used, so it never outgrows the vault. It names what made its
// values (a renderer's sources, a tokenizer's version): values another one made, a missing file and a
// file a crash cut short are all an empty cache.
//
// The values are in V8's structured-clone format (node:v8), not JSON: for the rendered notes of a 5k-note
// vault (15 MB as JSON) reading took 180 ms against 340 ms and writing 150-200 ms against 480-520 ms,
// because V8 copies each string's characters where JSON escapes and parses them one by one. Only this
// module reads the files, and a file another Node wrote that this one cannot read is an empty cache.
//
// They are spread over SEGMENTS files by a hash of the key, and a save writes only the segments whose
// entries changed. A rebuild after one edit changes a few keys, so it rewrites a few small files, where
// one file meant serializing and writing all of it again (50 MB at 5k notes: about 0.85 s of a 10 s
// rebuild, bench/RESULTS.md).
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';

interface Segment<V> {
  maker: string;
  entries: Map<string, V>;
}

/** Every kept folder's name ends so: the format is this module's, whatever the caller calls it. */
export const KEPT_SUFFIX = '.kept';
/** Enough that one edit's few keys leave most of a 5k-note cache untouched, few enough to read at once. */
const SEGMENTS = 64;

/** The segment a key is kept in: FNV-1a over its UTF-16 units (keys are digests, paths and short texts). */
export function segmentOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 0) % SEGMENTS;
}

const segmentFile = (folder: string, i: number): string => path.join(folder, `${i.toString(16).padStart(2, '0')}.v8`);

/** The file that keeps `key` of the kept file `name` under `dir`. */
export const keptFileOf = (dir: string, name: string, key: string): string => segmentFile(path.join(dir, name + KEPT_SUFFIX), segmentOf(key));

export class KeptFile<V> {
  private readonly folder: string | null;
  private readonly maker: string;
  /** What the last build left, and what this one used (found or set): only the latter is saved. */
  private readonly previous: Map<string, V>;
  private readonly used = new Map<string, V>();
  /** How many entries each segment's file holds now, and the segments a `set` changed since it was written. */
  private readonly onDisk: number[];
  private readonly changed = new Set<number>();

  private constructor(folder: string | null, maker: string, previous: Map<string, V>, onDisk: number[]) {
    this.folder = folder;
    this.maker = maker;
    this.previous = previous;
    this.onDisk = onDisk;
  }

  /** The folder `name` (plus KEPT_SUFFIX) under `dir` (Astro's cacheDir), or, for a null `dir`, a cache that only lives in memory. */
  static async open<V>(dir: string | null, name: string, maker: string): Promise<KeptFile<V>> {
    const onDisk = new Array<number>(SEGMENTS).fill(0);
    if (!dir) return new KeptFile<V>(null, maker, new Map(), onDisk);
    const folder = path.join(dir, name + KEPT_SUFFIX);
    const previous = new Map<string, V>();
    const segments = await Promise.all(onDisk.map((_, i) => readFile(segmentFile(folder, i)).catch(() => null)));
    // What Soulpress 0.2 kept as one file: a cache folder carried over from it would keep that file forever.
    await rm(path.join(dir, `${name}.v8`), { force: true }).catch(() => undefined);
    segments.forEach((bytes, i) => {
      if (bytes === null) return;
      let segment: Partial<Segment<V>> | null = null;
      try {
        segment = deserialize(bytes) as Partial<Segment<V>> | null;
      } catch {
        // Cut short: its entries are made again, as in a cold build, and the file is written anew.
      }
      // A file that is there but not this maker's is rewritten by the next save, whatever it held.
      onDisk[i] = -1;
      if (segment?.maker !== maker || !(segment.entries instanceof Map)) return;
      for (const [k, v] of segment.entries) if (segmentOf(k) === i) previous.set(k, v);
      onDisk[i] = segment.entries.size;
    });
    return new KeptFile<V>(folder, maker, previous, onDisk);
  }

  get(key: string): V | undefined {
    const value = this.used.get(key) ?? this.previous.get(key);
    if (value !== undefined) this.used.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.used.set(key, value);
    this.changed.add(segmentOf(key));
  }

  /**
   * Start the next load afresh from what this one used, and write the segments that differ from their
   * files unless `write` is off: the dev server keeps a reload's values in memory rather than write
   * after every edit. A segment none of whose keys was set, and that lost none, is left as it is.
   */
  async save({ write = true }: { write?: boolean } = {}): Promise<void> {
    if (this.folder !== null && write) {
      const bySegment = Array.from({ length: SEGMENTS }, () => new Map<string, V>());
      for (const [k, v] of this.used) bySegment[segmentOf(k)]!.set(k, v);
      const folder = this.folder;
      const stale = bySegment.flatMap((entries, i) => (this.changed.has(i) || entries.size !== this.onDisk[i] ? [i] : []));
      if (stale.length > 0) await mkdir(folder, { recursive: true });
      await Promise.all(
        stale.map(async (i) => {
          const file = segmentFile(folder, i);
          const entries = bySegment[i]!;
          if (entries.size === 0) await rm(file, { force: true });
          else {
            // Builds side by side may share the folder: each writes its own file and renames it in whole.
            const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
            await writeFile(tmp, serialize({ maker: this.maker, entries } satisfies Segment<V>));
            await rename(tmp, file);
          }
          this.onDisk[i] = entries.size;
          this.changed.delete(i);
        }),
      );
    }
    this.previous.clear();
    for (const [k, v] of this.used) this.previous.set(k, v);
    this.used.clear();
  }
}
