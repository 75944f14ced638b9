// An agent snapshot (src/data/snapshot-types.ts) as the preview composes it: the store the composer reads
// in the browser, and the published page's sizes and words where the snapshot holds stand-ins.
import { MemoryAgentStore, OWNER_PATH, composeWith } from '../core/psyche/index.ts';
import { sha256Hex } from '../core/text.ts';
import type { MemoryAgentNode, PsycheReport } from '../core/psyche/index.ts';
import type { AgentSnapshot, RealSizes, SnapshotNode } from '../data/snapshot-types.ts';

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
