// Build side of the LingTai agents: every agent under the agents root composed once by the core's
// psyche composer, turned into plain data for the pages, with each catalog entry's Markdown rendered
// like a note's. Node-only: it reads the disk through FsAgentStore.
import { realpath } from 'node:fs/promises';
import { splitFrontmatter, FrontmatterProblem, sha256Hex, utf8Length } from '../core/index.ts';
import { countTokens } from '../node/tokens.ts';
import { RecordingAgentStore, composePsyche, composeWith, scanCatalogs } from '../core/psyche/index.ts';
import type { PsycheReport } from '../core/psyche/index.ts';
import { AgentsRootError, FsAgentStore, listAgentDirs } from '../node/index.ts';
import type { AgentDir } from '../node/index.ts';
import { renderNotes } from '../markdown/render-pool.ts';
import { agentSnapshot } from './agent-snapshot.ts';
import { frontmatterRows } from './notes.ts';
import { agentView } from '../data/agent-view.ts';
import { SiteBuildError } from './errors.ts';
import type { AgentEntryView, AgentView, TokenCount } from '../data/types.ts';
import { agentEntryPath, agentPath } from '../data/urls.ts';
import type { AgentSnapshot, RealSizes } from '../data/snapshot-types.ts';
import { DEFAULT_BYTES_PER_TOKEN, bytesPerToken, estimateTokens } from '../data/token-rate.ts';
import { applyReal } from '../preview/agent-snapshot.ts';
import { PAGE_TEXT_MAX, pageText } from '../render/render-agent.ts';
import { esc } from '../render/escape.ts';

export interface LoadedAgents {
  agents: AgentView[];
  snapshots: Record<string, AgentSnapshot>;
  /** The agents' catalog entries once their Markdown is rendered. */
  rendered: Promise<AgentEntryView[]>;
}

// o200k's pre-tokenizer keeps a run of letters, of punctuation or of whitespace as one piece, and BPE
// over one piece is quadratic in its length: 1 MB of spaces or of "a" took most of an hour to count.
const RUN = /[\p{L}\p{M}]+|[^\s\p{L}\p{N}]+|\s+|\p{N}+/uy;
// Digits go in pieces of three, so a run of them costs nothing: only the other runs count.
const DIGITS = /^\p{N}/u;
/** The most Σ(run length²) counted exactly (about 2 s of BPE); past it a section's count is estimated. */
const BPE_BUDGET = 1e9;

/** Σ of each long run's length squared, in one pass; stops once over the budget. */
function bpeCost(text: string): number {
  let cost = 0;
  RUN.lastIndex = 0;
  while (RUN.lastIndex < text.length) {
    const start = RUN.lastIndex;
    if (!RUN.exec(text)) {
      RUN.lastIndex = start + 1;
      continue;
    }
    const run = RUN.lastIndex - start;
    if (run > 64 && !DIGITS.test(text[start]!)) cost += run * run;
    if (cost > BPE_BUDGET) break;
  }
  return cost;
}

/** A section's tokens: counted, or, for a text whose runs would stall the tokenizer, estimated at the default rate. */
function sectionTokens(text: string): TokenCount {
  return bpeCost(text) > BPE_BUDGET ? estimateTokens(utf8Length(text), DEFAULT_BYTES_PER_TOKEN) : { tokens: countTokens(text), estimated: false };
}

/**
 * Markdown that would take the renderer seconds (its nesting is quadratic: 90,000 `>` took 13 s):
 * a line over 10,000 characters, over 256 characters of indentation, or over 32 container markers
 * (`>`, list bullets) before its text. An entry like that is shown as plain text; no real SKILL.md
 * or KNOWLEDGE.md looks like it.
 */
function stallsMarkdown(body: string): boolean {
  for (const line of body.split('\n')) {
    if (line.length > 10_000) return true;
    let i = 0;
    let markers = 0;
    for (;;) {
      const from = i;
      while (line[i] === ' ' || line[i] === '\t') i++;
      if (i > 256) return true;
      if (line[i] === '>') i++;
      else if ((line[i] === '-' || line[i] === '*' || line[i] === '+') && (line[i + 1] === ' ' || line[i + 1] === '\t')) i += 2;
      else {
        const ordered = /^\d{1,9}[.)][ \t]/.exec(line.slice(i, i + 12));
        if (!ordered) break;
        i += ordered[0].length;
      }
      if (++markers > 32) return true;
      if (i === from) break;
    }
  }
  return false;
}

export interface AgentsOptions {
  /** The root was named (option or environment): missing or not a folder stops the build. */
  named?: boolean;
  /** Folders besides the root whose files the pages may publish (PSYCHE.md 3.5). */
  publish?: readonly string[];
}

/**
 * What the real composition says a section weighs and whether it is applied, for each section the
 * page composed with stand-ins: the page shows a stand-in's text but the real file's bytes.
 */
async function realSizes(page: PsycheReport, real: PsycheReport): Promise<RealSizes> {
  const out: RealSizes = {};
  const byName = new Map(real.sections.map((s) => [s.rule.name, s]));
  for (const s of page.sections) {
    const r = byName.get(s.rule.name);
    if (!r || s.bytes === null || r.bytes === null || (r.bytes === s.bytes && r.applied === s.applied)) continue;
    out[s.rule.name] = [await sha256Hex(s.text), r.bytes, r.applied];
  }
  return out;
}

export async function buildAgents(root: string, options: AgentsOptions = {}): Promise<LoadedAgents> {
  const agents: AgentView[] = [];
  const entries: Omit<AgentEntryView, 'html'>[] = [];
  const snapshots: Record<string, AgentSnapshot> = {};
  const jobs: Array<{ body: string; vault: string; path: string; title: string }> = [];
  /** The entry each render job is for (an entry shown as plain text has none). */
  const jobOf: number[] = [];
  const plain = new Map<number, string>();
  let ids: AgentDir[];
  try {
    ids = await listAgentDirs(root, options.named ?? false);
  } catch (error) {
    if (error instanceof AgentsRootError) throw new SiteBuildError('the agents', error.message);
    throw error;
  }
  // The publishing boundary, as real paths: the root and the folders the publisher lists.
  const publish: string[] = [];
  for (const folder of [root, ...(options.publish ?? [])]) {
    const real = await realpath(folder).catch(() => null);
    if (real !== null) publish.push(real);
  }
  for (const { id, dir } of ids) {
    const store = new FsAgentStore(dir, { publish });
    // A folder that cannot be listed would publish an empty psyche: a page that lies. Stop instead.
    if ((await store.list('')) === null) throw new SiteBuildError(`agent ${id}`, `the agent directory ${id}/ under the agents root cannot be read`);
    // The catalogs are scanned first, unrecorded: the preview gets the scan itself (it cannot edit
    // entries), and the record then holds exactly what the browser's composeWith will read.
    const catalogs = await scanCatalogs(store);
    const record = new RecordingAgentStore(store);
    const report = await composeWith({ store: record, agent: id, catalogs });
    // Files outside the published folders were composed as stand-ins; LingTai composes the files
    // themselves, so their sizes, token counts and applied marks come from a second, real composition.
    let real: PsycheReport | null = null;
    let sizes: RealSizes = {};
    if (store.metOutside) {
      real = await composePsyche({ store: new FsAgentStore(dir), agent: id });
      sizes = await realSizes(report, real);
      await applyReal(report, sizes);
    }
    const realText = new Map((real ?? report).sections.map((s) => [s.rule.name, s.text]));
    const composed = report.sections.filter((s) => s.bytes !== null);
    const counts = new Map(composed.map((s) => [s.rule.name, sectionTokens(sizes[s.rule.name] ? realText.get(s.rule.name)! : s.text)]));
    const view = agentView(report, { page: agentPath(id), entry: (domain, folder) => agentEntryPath(id, domain, folder) }, counts);
    agents.push(view);
    // The preview gets each count with the digest of the text it counts: an edited section is estimated.
    const tokens: AgentSnapshot['tokens'] = {};
    for (const s of composed) {
      const count = counts.get(s.rule.name)!;
      // An estimate is left out: the preview then estimates too, and says so.
      if (!count.estimated) tokens[s.rule.name] = [await sha256Hex(s.text), count.tokens];
    }
    const refs = new Map([...view.knowledge, ...view.skills].map((r) => [r.location, r]));
    snapshots[id] = agentSnapshot(report, record, catalogs, tokens, bytesPerToken(view.knownBytes, view.knownTokens.tokens), sizes);
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
      // A long entry is rendered from its head, with a line that says so (as the agent page cuts long texts).
      const head = body.length > PAGE_TEXT_MAX ? `${pageText(body)}\n` : body;
      if (stallsMarkdown(head)) plain.set(entries.length - 1, `<pre class="prompt">${esc(head)}</pre>`);
      else {
        jobs.push({ body: head, vault: id, path: e.location, title: e.name });
        jobOf.push(entries.length - 1);
      }
    }
  }
  // Each entry's HTML by position: rendered Markdown, or the plain text of a body that would stall the renderer.
  const rendered = renderNotes(jobs, new Map()).then((made) => {
    const byEntry = new Map(plain);
    made.forEach((m, i) => byEntry.set(jobOf[i]!, m.html));
    return entries.map((e, i) => ({ ...e, html: byEntry.get(i) ?? '' }));
  });
  rendered.catch(() => undefined);
  return { agents, snapshots, rendered };
}
