// An agent snapshot (src/data/snapshot-types.ts) as the store the composer reads in the browser.
import { MemoryAgentStore } from '../core/psyche/index.ts';
import type { MemoryAgentNode } from '../core/psyche/index.ts';
import type { AgentSnapshot, SnapshotNode } from '../data/snapshot-types.ts';

function node(value: SnapshotNode): MemoryAgentNode {
  if (typeof value === 'string') return value;
  if ('b64' in value) return Uint8Array.from(atob(value.b64), (c) => c.charCodeAt(0));
  if ('spaces' in value) return ' '.repeat(value.spaces);
  return value;
}

export function snapshotStore(snap: AgentSnapshot): MemoryAgentStore {
  return new MemoryAgentStore(Object.entries(snap.files).map(([key, value]) => [key, node(value)]), 'preview');
}
