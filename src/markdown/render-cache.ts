// Rendered note HTML kept between builds: a note's HTML is a function of its body, title and place,
// the set of note pages its soul:// links may resolve to, and the renderer's own code. With all of
// those unchanged, rendering it again (Sätteri and Shiki, most of a big build's Markdown time)
// would only give the same bytes, so the last build's HTML is reused.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RenderJob } from './render-pool.ts';
import { versionOf } from '../node/package-version.ts';

const FILE = 'soulpress-notes-html.json';

interface Pack {
  renderer: string;
  html: Record<string, string>;
}

let renderer: string | undefined;

/**
 * The renderer's identity: this folder's sources and the versions of the Markdown and highlighting
 * packages. Any change to either makes every cached note a miss.
 */
export function rendererId(): string {
  if (renderer !== undefined) return renderer;
  const hash = createHash('sha256');
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const name of readdirSync(here).filter((n) => n.endsWith('.ts')).sort()) hash.update(name).update('\0').update(readFileSync(path.join(here, name))).update('\0');
  for (const pkg of ['satteri', 'shiki']) hash.update(`${pkg}@${versionOf(pkg)}\0`);
  return (renderer = hash.digest('hex'));
}

/** Every note's page path by URI, as one digest: a note added, removed or moved changes every key. */
export function pagesDigest(pages: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const [uri, href] of pages) hash.update(uri).update('\0').update(href).update('\u0001');
  return hash.digest('hex');
}

export class RenderCache {
  /** What the last build left, and what this one rendered or reused: only the latter is saved. */
  private readonly file: string | null;
  private readonly previous: Map<string, string>;
  private readonly used = new Map<string, string>();
  private dirty = false;

  private constructor(file: string | null, previous: Map<string, string>) {
    this.file = file;
    this.previous = previous;
  }

  /** The cache under `dir` (Astro's cacheDir), or one that only lives in memory. A missing or foreign file is an empty cache. */
  static async open(dir: string | null): Promise<RenderCache> {
    if (!dir) return new RenderCache(null, new Map());
    const file = path.join(dir, FILE);
    let previous = new Map<string, string>();
    try {
      const pack = JSON.parse(await readFile(file, 'utf8')) as Pack;
      if (pack.renderer === rendererId() && pack.html && typeof pack.html === 'object') previous = new Map(Object.entries(pack.html));
    } catch {
      // No cache yet, or one a crash cut short: render everything, as a cold build does.
    }
    return new RenderCache(file, previous);
  }

  key(job: RenderJob, pages: string): string {
    return createHash('sha256').update(rendererId()).update('\0').update(pages).update('\0').update(job.vault).update('\0').update(job.path).update('\0').update(job.title).update('\0').update(job.body).digest('base64url');
  }

  get(key: string): string | undefined {
    const html = this.used.get(key) ?? this.previous.get(key);
    if (html !== undefined) this.used.set(key, html);
    return html;
  }

  set(key: string, html: string): void {
    this.used.set(key, html);
    this.dirty = true;
  }

  /**
   * Start the next load afresh from what this one used, and write that to disk (so the file never
   * outgrows the vault) unless nothing changed or `write` is off: the dev server keeps a reload's
   * notes in memory rather than write the whole file after every edit.
   */
  async save({ write = true }: { write?: boolean } = {}): Promise<void> {
    const changed = this.dirty || this.used.size !== this.previous.size;
    if (this.file !== null && changed && write) {
      const pack: Pack = { renderer: rendererId(), html: Object.fromEntries(this.used) };
      await mkdir(path.dirname(this.file), { recursive: true });
      // Builds side by side may share the folder: each writes its own file and renames it in whole.
      const tmp = `${this.file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, JSON.stringify(pack));
      await rename(tmp, this.file);
      this.dirty = false;
    }
    this.previous.clear();
    for (const [k, v] of this.used) this.previous.set(k, v);
    this.used.clear();
  }
}
