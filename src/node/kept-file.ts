// What a build keeps in the cache folder for the next one: one file of key -> value, read when a
// build starts and written back with only what that build used, so it never outgrows the vault. The
// file names what made its values (a renderer's sources, a tokenizer's version): a file another one
// made, a missing file and a file a crash cut short are all an empty cache.
//
// The file is V8's structured-clone format (node:v8), not JSON: for the rendered notes of a 5k-note
// vault (15 MB as JSON) reading took 180 ms against 340 ms and writing 150-200 ms against 480-520 ms,
// because V8 copies each string's characters where JSON escapes and parses them one by one. Only this
// module reads the files, and a file another Node wrote that this one cannot read is an empty cache.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';

interface Pack<V> {
  maker: string;
  entries: Map<string, V>;
}

/** Every kept file's name ends so: the format is this module's, whatever the caller calls the file. */
export const KEPT_SUFFIX = '.v8';

export class KeptFile<V> {
  private readonly file: string | null;
  private readonly maker: string;
  /** What the last build left, and what this one used (found or set): only the latter is saved. */
  private readonly previous: Map<string, V>;
  private readonly used = new Map<string, V>();
  private dirty = false;

  private constructor(file: string | null, maker: string, previous: Map<string, V>) {
    this.file = file;
    this.maker = maker;
    this.previous = previous;
  }

  /** The file `name` (plus KEPT_SUFFIX) under `dir` (Astro's cacheDir), or, for a null `dir`, a cache that only lives in memory. */
  static async open<V>(dir: string | null, name: string, maker: string): Promise<KeptFile<V>> {
    if (!dir) return new KeptFile<V>(null, maker, new Map());
    const file = path.join(dir, name + KEPT_SUFFIX);
    let previous = new Map<string, V>();
    try {
      const pack = deserialize(await readFile(file)) as Partial<Pack<V>> | null;
      if (pack?.maker === maker && pack.entries instanceof Map) previous = pack.entries;
    } catch {
      // None yet, or cut short: everything is made again, as in a cold build.
    }
    return new KeptFile<V>(file, maker, previous);
  }

  get(key: string): V | undefined {
    const value = this.used.get(key) ?? this.previous.get(key);
    if (value !== undefined) this.used.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.used.set(key, value);
    this.dirty = true;
  }

  /**
   * Start the next load afresh from what this one used, and write that to disk unless nothing
   * changed or `write` is off: the dev server keeps a reload's values in memory rather than write
   * the whole file after every edit.
   */
  async save({ write = true }: { write?: boolean } = {}): Promise<void> {
    const changed = this.dirty || this.used.size !== this.previous.size;
    if (this.file !== null && changed && write) {
      const pack: Pack<V> = { maker: this.maker, entries: this.used };
      const bytes = serialize(pack);
      await mkdir(path.dirname(this.file), { recursive: true });
      // Builds side by side may share the folder: each writes its own file and renames it in whole.
      const tmp = `${this.file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, this.file);
      this.dirty = false;
    }
    this.previous.clear();
    for (const [k, v] of this.used) this.previous.set(k, v);
    this.used.clear();
  }
}
