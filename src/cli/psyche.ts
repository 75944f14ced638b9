// `soul-vault psyche`: one agent directory composed, or (with --check) every agent under the agents root.
import path from 'node:path';
import { APPLIED_LABELS, PIN_LABELS, composePsyche, pyStrip, rulesOutcome, sourceLabel } from '../core/psyche/index.ts';
import type { PsycheReport } from '../core/psyche/index.ts';
import { mapPooled } from '../core/pool.ts';
import { escapeControls } from './format.ts';
import { AgentsRootError, FsAgentStore, agentsRoot, agentsRootNamed, listAgentDirs } from '../node/index.ts';

const pad = (s: string | number, n: number): string => String(s).padEnd(n);
const lpad = (s: string | number, n: number): string => String(s).padStart(n);

/** A directory that cannot be listed: exit 1, the one failure that stops the command. */
export class AgentUnreadable extends Error {
  readonly code = 'agent_unreadable';
}

export async function composeAgent(dir: string | Buffer, agent?: string): Promise<PsycheReport> {
  const store = new FsAgentStore(dir);
  if ((await store.list('')) === null) throw new AgentUnreadable(`${store.dir} is not a readable agent directory`);
  return composePsyche({ store, agent: agent ?? path.basename(store.dir) });
}

export function formatPsyche(report: PsycheReport): string {
  const { psyche } = report;
  const lines: string[] = [];
  const known = report.sections.reduce((n, s) => n + (s.bytes ?? 0), 0);
  lines.push(`${psyche.agent} · LingTai psyche`);
  if (report.ownerError) {
    lines.push('', `owner document rejected [${report.ownerError.code}]: ${report.ownerError.message}`, 'The next rebuild will fail: no section is composed until settings/psyche.json is fixed.');
  } else {
    lines.push(`${report.sections.length} sections · ${known} bytes from the directory · placeholders are made by LingTai at rebuild`);
    if (!report.published) lines.push('no system/system.md to compare with: applied marks are not shown');
    lines.push('', `${lpad('#', 3)}  batch  ${pad('section', 13)}  prot  ${lpad('bytes', 6)}  ${pad('applied', 24)}  source`);
    let batch = 1;
    report.sections.forEach((s, i) => {
      if (s.rule.batch !== batch) {
        batch = s.rule.batch;
        lines.push('     ── batch 2: what changes most; an edit here leaves the cached batch 1 intact ──');
      }
      const applied = s.applied ? APPLIED_LABELS[s.applied] : '';
      lines.push(`${lpad(i + 1, 3)}  ${pad(s.rule.batch, 5)}  ${pad(s.rule.name, 13)}  ${pad(s.rule.protected ? 'yes' : 'no', 4)}  ${lpad(s.bytes ?? '-', 6)}  ${pad(applied, 24)}  ${s.source.kind === 'placeholder' ? 'placeholder, ' : ''}${sourceLabel(s)}`);
    });
    if (report.removed.length) lines.push(`removed, not yet applied: ${report.removed.join(', ')} (system.md still holds them)`);
  }
  for (const [title, list] of [['knowledge', psyche.knowledge], ['skills', psyche.skills]] as const) {
    lines.push('', `${title} (${list.length})`);
    for (const e of list) lines.push(`  - ${e.name}  ${e.location}`, `      ${e.description}`);
  }
  if (report.pad.pins.length) {
    lines.push('', 'pad pins');
    for (const p of report.pad.pins) lines.push(`  ${pad(PIN_LABELS[p.status], 14)}  ${p.path}`);
  }
  lines.push('', `problems (${psyche.problems.length})`);
  for (const p of psyche.problems) lines.push(`  ${pad(p.domain, 9)}  ${p.path}: ${p.reason}`);
  lines.push('', 'SHOW');
  if ('rows' in psyche.show) for (const r of psyche.show.rows) lines.push(`  ${pad(r.key, 16)}  ${r.current}  ${r.default}  configurable  ${r.comment}`);
  else lines.push(`  ${psyche.show.status}: ${psyche.show.error_code} (${psyche.show.message})`);
  lines.push('', '.rules');
  lines.push(`  canonical: ${psyche.rules.canonical === null ? 'no system/rules.md' : `system/rules.md, ${pyStrip(psyche.rules.canonical).split('\n').length} lines`}`);
  lines.push(`  pending: ${psyche.rules.pending ? psyche.rules.pending.state : 'none'} · ${rulesOutcome(psyche.rules)}`);
  return `${lines.map(escapeControls).join('\n')}\n`;
}

export interface AgentsCheck {
  root: string;
  agents: Array<{ agent: string; owner_error: PsycheReport['psyche']['owner_error']; problems: PsycheReport['psyche']['problems'] }>;
  errors: number;
  problems: number;
}

const AGENTS_AT_ONCE = 8;

/** Every agent under the root: each one's owner error and problems, all at once. */
export async function checkAgents(root: string, named = false): Promise<AgentsCheck> {
  // A few agents at a time. The agent store reads synchronously, so what overlaps is the core's WebCrypto digests;
  // a store that waited on the disk would leave it idle between one agent's reads.
  const agents = await mapPooled(await listAgentDirs(root, named), AGENTS_AT_ONCE, async ({ id, dir }) => {
    const { psyche } = await composeAgent(dir, id);
    return { agent: id, owner_error: psyche.owner_error, problems: psyche.problems };
  });
  return { root, agents, errors: agents.filter((a) => a.owner_error).length, problems: agents.reduce((n, a) => n + a.problems.length, 0) };
}

export function formatAgentsCheck(check: AgentsCheck): string {
  const lines = [`agents under ${check.root}: ${check.agents.length}`];
  for (const a of check.agents) {
    lines.push(`${a.agent}: ${a.owner_error ? `owner document rejected [${a.owner_error.code}]: ${a.owner_error.message}` : 'owner document accepted'}`);
    for (const p of a.problems) lines.push(`  problem[${p.domain}] ${p.path}: ${p.reason}`);
  }
  lines.push(`${check.errors} rejected owner document(s), ${check.problems} problem(s)`);
  return `${lines.map(escapeControls).join('\n')}\n`;
}

export { AgentsRootError, agentsRoot, agentsRootNamed };
