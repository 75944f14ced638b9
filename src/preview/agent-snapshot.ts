// The JSON an agent page's live preview fetches: the files one composition read, with the owner
// document and init.json replaced by stand-ins that compose the same way but hold no secret.
import { MemoryAgentStore, OWNER_PATH, composeWith } from '../core/psyche/index.ts';
import { sha256Hex } from '../core/text.ts';
import type { Catalogs, MemoryAgentNode, OwnerError, PsycheProblem, PsycheReport, PublishedDigests } from '../core/psyche/index.ts';

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
  /**
   * The published page's owner error, when the document was rejected: its stand-in is rejected with
   * the same code, but its message (a position, "could not be read") is the stand-in's own.
   */
  owner?: Pick<OwnerError, 'code' | 'message'>;
  /** The problem a system.md that could not be read gave: the preview has its digests, never the file. */
  systemProblem?: PsycheProblem;
}

/** Whether an edit touches the owner document or the stand-in a rejected pointer names. */
export const touchesOwner = (path: string): boolean => path === OWNER_PATH || path.startsWith('.redacted/');

/**
 * The preview's composition of a snapshot store: the build's scan, each stand-in section's real
 * size while it is unedited, and, while the owner document is unedited, the published page's words
 * for why it was rejected (the code is the same; the message is the real document's).
 */
export async function composeSnapshot(store: MemoryAgentStore, snap: AgentSnapshot, ownerEdited: boolean): Promise<PsycheReport> {
  const report = await composeWith({ store, agent: snap.agent, published: snap.published, catalogs: snap.catalogs });
  await applyReal(report, snap.real);
  if (snap.systemProblem) report.psyche.problems.push(snap.systemProblem);
  if (!ownerEdited && snap.owner && report.ownerError?.code === snap.owner.code) {
    report.ownerError = { ...report.ownerError, message: snap.owner.message };
    report.psyche.owner_error = { code: snap.owner.code, message: snap.owner.message };
  }
  return report;
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
