import { encodeUtf8 } from '../text.ts';
import type { AgentEntry, AgentPathKind, AgentRead, AgentReadOptions, AgentStore } from './store.ts';

/** What a memory agent directory can hold besides a file's bytes or text. */
export type MemoryAgentNode =
  | Uint8Array
  | string
  | { dir: true }
  | { link: string }
  /** A file that exists but fails as named: the tests' stand-in for EACCES, a file changing mid-read, a FIFO. */
  | { fails: 'unreadable' | 'unstable' | 'other' }
  /** A file too large to read, of this size. */
  | { fails: 'too_large'; size: number };

const MAX_LINKS = 40;

function normalize(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
    else parts.push(part);
  }
  return (path.startsWith('/') ? '/' : '') + parts.join('/');
}

/**
 * An agent directory held in memory: the live preview's snapshot and the tests' fixtures. Keys are
 * paths relative to the directory; a pointer that leaves it (`/x`, `~/x`, `../x`) is looked up under
 * that same spelling, normalised, so fixtures can place files outside the directory too.
 */
export class MemoryAgentStore implements AgentStore {
  readonly backend: string;
  private readonly nodes = new Map<string, Exclude<MemoryAgentNode, string>>();

  constructor(files: Record<string, MemoryAgentNode> | Iterable<[string, MemoryAgentNode]> = {}, backend = 'memory') {
    this.backend = backend;
    const pairs = Symbol.iterator in files ? (files as Iterable<[string, MemoryAgentNode]>) : Object.entries(files);
    for (const [key, value] of pairs) this.write(key, value);
  }

  write(key: string, value: MemoryAgentNode): void {
    this.nodes.set(normalize(key), typeof value === 'string' ? encodeUtf8(value) : value);
  }

  delete(key: string): boolean {
    return this.nodes.delete(normalize(key));
  }

  /** The key a path leads to with every link on the way (and the last one unless `keepLast`) followed. */
  private resolve(path: string, keepLast = false): string | null {
    let pending = normalize(path).split('/');
    // '/abs/x' splits as ['', 'abs', 'x']: the root joins the first name, as the keys were written.
    if (path.startsWith('/')) pending = [`/${pending[1]}`, ...pending.slice(2)];
    let current = '';
    let hops = 0;
    while (pending.length > 0) {
      const segment = pending.shift()!;
      const candidate = current === '' ? segment : `${current}/${segment}`;
      const node = this.nodes.get(candidate);
      if (node && 'link' in node && !(keepLast && pending.length === 0)) {
        if (++hops > MAX_LINKS) return null;
        const base = current;
        const target = node.link.startsWith('/') || node.link.startsWith('~') ? node.link : base === '' ? node.link : `${base}/${node.link}`;
        const parts = normalize(target).split('/');
        if (target.startsWith('/')) parts.splice(0, 2, `/${parts[1]}`);
        pending = [...parts, ...pending];
        current = '';
        continue;
      }
      current = candidate;
    }
    return current;
  }

  private kindOf(key: string | null): AgentPathKind | 'unreadable' | 'unstable' | 'too_large' {
    if (key === null) return 'missing';
    const node = this.nodes.get(key);
    if (node instanceof Uint8Array) return 'file';
    if (node && 'dir' in node) return 'dir';
    if (node && 'fails' in node) return node.fails === 'other' ? 'other' : node.fails;
    if (node && 'link' in node) return 'missing';
    const prefix = key === '' ? '' : `${key}/`;
    for (const k of this.nodes.keys()) if (k.startsWith(prefix) && k !== key) return 'dir';
    return 'missing';
  }

  async list(path: string): Promise<AgentEntry[] | null> {
    const key = this.resolve(path);
    if (key === null || this.kindOf(key) !== 'dir') return null;
    const prefix = key === '' ? '' : `${key}/`;
    const names = new Set<string>();
    for (const k of this.nodes.keys()) if (k.startsWith(prefix) && k !== key) names.add(k.slice(prefix.length).split('/')[0]!);
    return [...names].map((name) => {
      const child = prefix + name;
      const node = this.nodes.get(child);
      const link = !!node && !(node instanceof Uint8Array) && 'link' in node;
      const kind = this.kindOf(this.resolve(child));
      return { name, link, kind: kind === 'unreadable' || kind === 'unstable' || kind === 'too_large' ? 'file' : kind };
    });
  }

  async read(path: string, options: AgentReadOptions = {}): Promise<AgentRead> {
    if (options.noFollow) {
      const own = this.nodes.get(this.resolve(path, true) ?? '');
      if (own && !(own instanceof Uint8Array) && 'link' in own) return { ok: false, reason: 'link' };
    }
    const key = this.resolve(path);
    const kind = this.kindOf(key);
    if (kind === 'missing') return { ok: false, reason: 'missing' };
    if (kind === 'dir' || kind === 'other') return { ok: false, reason: 'not_file' };
    if (kind === 'unreadable' || kind === 'unstable') return { ok: false, reason: kind };
    if (kind === 'too_large') return { ok: false, reason: kind, size: (this.nodes.get(key!) as { size: number }).size };
    const bytes = this.nodes.get(key!) as Uint8Array;
    if (options.limit !== undefined && bytes.byteLength > options.limit) return { ok: false, reason: 'too_large' };
    return { ok: true, bytes };
  }

  async readPointer(pointer: string): Promise<AgentRead> {
    const read = await this.read(pointer);
    return !read.ok && read.reason === 'not_file' ? { ok: false, reason: 'unreadable' } : read;
  }
}
