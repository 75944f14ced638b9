import type { AgentEntry, AgentRead, AgentReadOptions, AgentStore } from './store.ts';

/**
 * A store that remembers what the composer asked of it: every listing and every read inside the
 * directory, with what came back. The live preview's snapshot is made from this record, so it holds
 * exactly what a composition reads, never a second list of the rules. Pointer reads are passed
 * through unrecorded: they may name the owner's secret files.
 */
export class RecordingAgentStore implements AgentStore {
  readonly backend: string;
  readonly lists = new Map<string, AgentEntry[] | null>();
  readonly reads = new Map<string, AgentRead>();
  private readonly inner: AgentStore;

  constructor(inner: AgentStore) {
    this.inner = inner;
    this.backend = inner.backend;
  }

  async list(path: string): Promise<AgentEntry[] | null> {
    const entries = await this.inner.list(path);
    this.lists.set(path, entries);
    return entries;
  }

  async read(path: string, options?: AgentReadOptions): Promise<AgentRead> {
    const read = await this.inner.read(path, options);
    this.reads.set(path, read);
    return read;
  }

  readPointer(pointer: string): Promise<AgentRead> {
    return this.inner.readPointer(pointer);
  }
}
