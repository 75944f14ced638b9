// The agent preview's composer, in a worker: it holds the snapshot's store, applies each edit,
// re-runs composePsyche and renders the page's parts with the renderers the build used, then posts
// the HTML back. Composing off the main thread keeps typing smooth. It runs in agent-start.ts's module,
// which starts itself as the worker and is bundled on its own, so the soul pages' scripts never share a chunk with it.
import { sha256Hex, utf8Length } from '../core/text.ts';
import type { TokenCount } from '../data/types.ts';
import type { MemoryAgentStore } from '../core/psyche/index.ts';
import { agentView } from '../data/agent-view.ts';
import { composeSnapshot, snapshotStore, touchesOwner } from './agent-snapshot.ts';
import type { AgentSnapshot } from '../data/snapshot-types.ts';
import { estimateTokens } from '../data/token-rate.ts';
import { agentParts, agentSectionRows } from '../render/render-agent.ts';
import type { AgentParts } from '../render/render-agent.ts';
import { fetchSnapshot, serve } from './worker-serve.ts';

export type WorkerRequest = { id: number } & ({ op: 'start'; url: string; base: string } | { op: 'read'; path: string } | { op: 'write'; path: string; text: string } | { op: 'delete'; path: string } | { op: 'reset' });
export type WorkerReply = { id: number } & ({ parts: AgentParts & { rows: string } } | { text: string } | { error: string });

let snap: AgentSnapshot | null = null;
let store: MemoryAgentStore | null = null;
let base = '/';
/** Whether the reader changed the owner document (or its pointer's stand-in) since the snapshot loaded. */
let ownerEdited = false;
const decoder = new TextDecoder();

async function compose(): Promise<{ parts: AgentParts & { rows: string } }> {
  const report = await composeSnapshot(store!, snap!, ownerEdited);
  // The build's count where a section's text is the one it counted, else an estimate at the agent's own rate.
  const tokens = new Map<string, TokenCount>();
  for (const s of report.sections) {
    if (s.bytes === null) continue;
    const [digest, known] = snap!.tokens[s.rule.name] ?? [];
    tokens.set(s.rule.name, digest === (await sha256Hex(s.text)) ? { tokens: known!, estimated: false } : estimateTokens(utf8Length(s.text), snap!.bytesPerToken));
  }
  const { page, entries } = snap!.hrefs;
  const view = agentView(report, { page, entry: (domain, folder) => entries[`${domain}/${folder}`]! }, tokens);
  return { parts: { ...agentParts(view, base), rows: agentSectionRows(view) } };
}

/** The worker's side, run by the preview's module in its worker (src/preview/agent-start.ts starts itself as one). */
export const agentWorker = (): void => serve<WorkerRequest, Omit<WorkerReply, 'id'>>(async (msg) => {
  if (msg.op === 'start') {
    snap = await fetchSnapshot<AgentSnapshot>(msg.url);
    base = msg.base;
    store = snapshotStore(snap);
    ownerEdited = false;
  } else if (msg.op === 'read') {
    const read = await store!.read(msg.path);
    return { text: read.ok ? decoder.decode(read.bytes) : '' };
  } else if (msg.op === 'write') {
    store!.write(msg.path, msg.text);
    ownerEdited ||= touchesOwner(msg.path);
  } else if (msg.op === 'delete') {
    store!.delete(msg.path);
    ownerEdited ||= touchesOwner(msg.path);
  } else {
    store = snapshotStore(snap!);
    ownerEdited = false;
  }
  return compose();
});
