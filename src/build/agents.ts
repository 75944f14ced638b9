// Build side of the LingTai agents: every agent under the agents root composed once by the core's
// psyche composer, turned into plain data for the pages, with each catalog entry's Markdown rendered
// like a note's. Node-only: it reads the disk through FsAgentStore.
import path from 'node:path';
import { splitFrontmatter, FrontmatterProblem, sha256Hex, utf8Length } from '../core/index.ts';
import { countTokens } from '../node/tokens.ts';
import { RecordingAgentStore, composeWith, scanCatalogs } from '../core/psyche/index.ts';
import { FsAgentStore, listAgents } from '../node/index.ts';
import { renderNotes } from '../markdown/render-pool.ts';
import { agentSnapshot } from './agent-snapshot.ts';
import { frontmatterRows } from './notes.ts';
import { agentView } from '../data/agent-view.ts';
import { SiteBuildError } from './errors.ts';
import type { AgentEntryView, AgentView } from '../data/types.ts';
import { agentEntryPath } from '../data/urls.ts';
import type { AgentSnapshot } from '../data/snapshot-types.ts';
import { bytesPerToken } from '../data/token-rate.ts';

export interface LoadedAgents {
  agents: AgentView[];
  snapshots: Record<string, AgentSnapshot>;
  /** The agents' catalog entries once their Markdown is rendered. */
  rendered: Promise<AgentEntryView[]>;
}

export async function buildAgents(root: string): Promise<LoadedAgents> {
  const agents: AgentView[] = [];
  const entries: Omit<AgentEntryView, 'html'>[] = [];
  const snapshots: Record<string, AgentSnapshot> = {};
  const jobs: Array<{ body: string; vault: string; path: string; title: string }> = [];
  for (const id of await listAgents(root)) {
    const store = new FsAgentStore(path.join(root, id));
    // A folder that cannot be listed would publish an empty psyche: a page that lies. Stop instead.
    if ((await store.list('')) === null) throw new SiteBuildError(`agent ${id}`, `the agent directory ${id}/ under the agents root cannot be read`);
    // The catalogs are scanned first, unrecorded: the preview gets the scan itself (it cannot edit
    // entries), and the record then holds exactly what the browser's composeWith will read.
    const catalogs = await scanCatalogs(store);
    const record = new RecordingAgentStore(store);
    const report = await composeWith({ store: record, agent: id, catalogs });
    const composed = report.sections.filter((s) => s.bytes !== null);
    const counts = new Map(composed.map((s) => [s.rule.name, { tokens: countTokens(s.text), estimated: false }]));
    const view = agentView(report, (domain, folder) => agentEntryPath(id, domain, folder), counts);
    agents.push(view);
    // The preview gets each count with the digest of the text it counts: an edited section is estimated.
    const tokens: AgentSnapshot['tokens'] = {};
    for (const s of composed) tokens[s.rule.name] = [await sha256Hex(s.text), counts.get(s.rule.name)!.tokens];
    const refs = new Map([...view.knowledge, ...view.skills].map((r) => [r.location, r]));
    snapshots[id] = agentSnapshot(report, record, catalogs, tokens, bytesPerToken(view.knownBytes, view.knownTokens.tokens));
    for (const e of report.entries) {
      let body = e.text;
      let frontmatter: AgentEntryView['frontmatter'] = [];
      try {
        const split = splitFrontmatter(e.text.replace(/^\uFEFF/, ''));
        body = split.body;
        frontmatter = frontmatterRows(split.data);
      } catch (error) {
        if (!(error instanceof FrontmatterProblem)) throw error;
      }
      // The text keeps a BOM as read, so its UTF-8 length is the file's size.
      entries.push({ ...refs.get(e.location)!, agent: id, domain: e.domain, folder: e.folder, bytes: utf8Length(e.text), frontmatter });
      jobs.push({ body, vault: id, path: e.location, title: e.name });
    }
  }
  const rendered = renderNotes(jobs, new Map()).then((html) => entries.map((e, i) => ({ ...e, html: html[i]! })));
  rendered.catch(() => undefined);
  return { agents, snapshots, rendered };
}
