// The JSON an agent page's live preview fetches: the files one composition read, with the owner
// document and init.json replaced by stand-ins that compose the same way but hold no secret.
import { MemoryAgentStore } from '../core/psyche/index.ts';
import { sha256Hex } from '../core/text.ts';
import type { Catalogs, MemoryAgentNode, PsycheReport, PublishedDigests } from '../core/psyche/index.ts';

export type SnapshotNode = string | { b64: string } | { dir: true } | { link: string } | { fails: 'unreadable' | 'unstable' | 'other' } | { fails: 'too_large'; size: number } | { spaces: number };

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
  /** Sections that hold a stand-in for a file outside the published folders: their real size and mark. */
  real?: RealSizes;
}

/**
 * By section name: the SHA-256 of the text the page composed (with stand-ins for files outside the
 * published folders, PSYCHE.md 3.5), and the real file's bytes and applied mark LingTai would see.
 */
export type RealSizes = Record<string, [digest: string, bytes: number, applied: 'applied' | 'pending' | null]>;

/** Give each section still holding the stand-in text its real bytes and mark (the build and the preview both). */
export async function applyReal(report: PsycheReport, real: RealSizes | undefined): Promise<void> {
  if (!real) return;
  for (const s of report.sections) {
    const known = real[s.rule.name];
    if (known && known[0] === (await sha256Hex(s.text))) [, s.bytes, s.applied] = known;
  }
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
