// The JSON an agent page's live preview fetches: the files one composition read, with the owner
// document and init.json replaced by stand-ins that compose the same way but hold no secret.
import { MemoryAgentStore } from '../core/psyche/index.ts';
import type { Catalogs, MemoryAgentNode, PublishedDigests } from '../core/psyche/index.ts';

export type SnapshotNode = string | { b64: string } | { dir: true } | { link: string } | { fails: 'unreadable' | 'unstable' | 'other' } | { spaces: number };

export interface AgentSnapshot {
  agent: string;
  files: Record<string, SnapshotNode>;
  /** system/system.md's sections as digests: the file itself never leaves the build. */
  published: PublishedDigests | null;
  /** The build's catalog scan: the preview cannot edit entries, so it composes with these. */
  catalogs: Catalogs;
  /** Each composed section's tokens at build time, by name, with the SHA-256 of the text they count. */
  tokens: Record<string, [digest: string, tokens: number]>;
  /** UTF-8 bytes per token over the composed sections: the rate an edited section is estimated at. */
  bytesPerToken: number;
}

function node(value: SnapshotNode): MemoryAgentNode {
  if (typeof value === 'string') return value;
  if ('b64' in value) return Uint8Array.from(atob(value.b64), (c) => c.charCodeAt(0));
  if ('spaces' in value) return ' '.repeat(value.spaces);
  return value;
}

export function snapshotStore(snap: AgentSnapshot): MemoryAgentStore {
  return new MemoryAgentStore(Object.entries(snap.files).map(([key, value]) => [key, node(value)]), 'preview');
}
