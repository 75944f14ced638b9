// The page's view of one agent's composition. Isomorphic: the build and the browser preview both
// turn a PsycheReport into this, so a re-composition in the browser draws what the build drew.
import { MAKER_LABELS, PAD_DIVIDER, PIN_LABELS, renderPsyche, rulesOutcome, shownPinPath, sourceLabel } from '../core/psyche/index.ts';
import type { PsycheReport } from '../core/psyche/index.ts';
import { resends } from '../core/impact.ts';
import { utf8Length } from '../core/text.ts';
import type { AgentResend, AgentSectionView, AgentView, TokenCount } from './types.ts';

export const placeholderMark = (name: string, maker: string): string => `⟨${name}: made by ${maker} at rebuild; not in the directory⟩`;

/**
 * Where an agent's page and its catalog entries' pages are: the build makes them with the routes
 * (src/data/urls.ts), the live preview reads the build's from its snapshot.
 */
export interface AgentHrefs {
  page: string;
  entry: (domain: 'knowledge' | 'skills', folder: string) => string;
}

/**
 * The page's view of one composition: the same function serves the build and the live preview.
 * `tokens` holds each composed section's count by name (the build counts; the worker looks up the build's).
 */
export function agentView(report: PsycheReport, hrefs: AgentHrefs, tokens: ReadonlyMap<string, TokenCount>): AgentView {
  const entryHref = hrefs.entry;
  const { psyche } = report;
  const knownBytes = report.sections.reduce((n, s) => n + (s.bytes ?? 0), 0);
  // What an edit resends, by the core's one function, over the bytes the directory makes (no joins:
  // the page's sizes and shares count sections alone); a placeholder's text no edit here changes.
  const at = resends(report.sections.map((s) => s.bytes ?? 0), 0, (i) => report.sections[i]!.bytes !== null);
  // Tokens resent from section i on: the counted sections from there to the end, added up.
  const tailTokens = (from: number): TokenCount | null => {
    const counted = report.sections.slice(from).flatMap((s) => tokens.get(s.rule.name) ?? []);
    return counted.length === 0 ? null : { tokens: counted.reduce((n, c) => n + c.tokens, 0), estimated: counted.some((c) => c.estimated) };
  };
  // `from`: the section whose start the tokens count from; null when only bytes are known (a pin, inside the pad).
  const resend = (from: number | null, offset: number, resentBytes: number): AgentResend => ({ offset, resentBytes, share: knownBytes === 0 ? 0 : resentBytes / knownBytes, resentTokens: resentBytes === 0 || from === null ? null : tailTokens(from) });
  const pinResends = padPinResends(report, at);
  const batchBytes: [number, number] = [0, 0];
  const knownTokens: TokenCount = { tokens: 0, estimated: false };
  const sections: AgentSectionView[] = report.sections.map((s, i) => {
    batchBytes[s.rule.batch - 1]! += s.bytes ?? 0;
    const maker = s.rule.origin.kind === 'placeholder' ? MAKER_LABELS[s.rule.origin.maker] : null;
    const count = tokens.get(s.rule.name) ?? null;
    if (count) {
      knownTokens.tokens += count.tokens;
      knownTokens.estimated ||= count.estimated;
    }
    return {
      position: i + 1,
      name: s.rule.name,
      label: s.rule.label,
      batch: s.rule.batch,
      protected: s.rule.protected,
      placeholder: maker !== null,
      maker,
      source: sourceLabel(s),
      bytes: s.bytes,
      tokens: count,
      share: knownBytes === 0 || s.bytes === null ? 0 : s.bytes / knownBytes,
      applied: s.applied,
      anchor: `section-${s.rule.name.replaceAll('_', '-')}`,
      slot: s.rule.slot,
      text: s.text,
      resend: resend(i, at[i]!.offset, at[i]!.resentBytes),
    };
  });
  const byLocation = new Map(report.entries.map((e) => [e.location, e]));
  const pinned = new Set(report.pad.pins.filter((p) => p.status === 'appended' && p.inside).map((p) => p.inside!));
  const ref = (e: PsycheReport['entries'][number]) => ({ name: e.name, description: e.description, location: e.location, shelf: e.shelf, href: entryHref(e.domain, e.folder), pinned: pinned.has(e.location) });
  return {
    id: psyche.agent,
    href: hrefs.page,
    psyche,
    rejected: report.ownerError ? { code: report.ownerError.code, message: report.ownerError.message } : null,
    sections,
    knownBytes,
    knownTokens,
    batchBytes,
    placeholders: sections.filter((s) => s.placeholder).length,
    pendingCount: sections.filter((s) => s.applied === 'pending').length + report.removed.length,
    removed: report.removed,
    published: report.published,
    promptText: renderPsyche(report.sections, (rule) => placeholderMark(rule.name, rule.origin.kind === 'placeholder' ? MAKER_LABELS[rule.origin.maker] : 'LingTai')),
    pins: report.pad.pins.map((p, i) => {
      const entry = p.inside ? byLocation.get(p.inside) : undefined;
      const shown = shownPinPath(p) ?? 'a path outside the agent directory (not shown)';
      const from = pinResends[i];
      return { path: shown, status: p.status, label: PIN_LABELS[p.status], href: entry ? entryHref(entry.domain, entry.folder) : null, resend: from === undefined ? null : resend(null, from, knownBytes - from) };
    }),
    ownerResend: resend(0, 0, report.sections.length === 0 ? 0 : knownBytes),
    rulesOutcome: rulesOutcome(psyche.rules),
    knowledge: report.entries.filter((e) => e.domain === 'knowledge').map(ref),
    skills: report.entries.filter((e) => e.domain === 'skills').map(ref),
    padBody: report.pad.body,
  };
}



/**
 * Where each appended pin's text starts, by pin index: in the pad section, after its `## pad` line,
 * the body, the divider and the pins before it (joined by a blank line), as the core's resends places them.
 */
function padPinResends(report: PsycheReport, at: ReturnType<typeof resends>): Array<number | undefined> {
  const section = report.sections.findIndex((s) => s.rule.name === 'pad');
  const out: Array<number | undefined> = [];
  if (section < 0) return out;
  const appended = report.pad.pins.flatMap((p, i) => (p.status === 'appended' ? [i] : []));
  const parts = appended.map((i) => utf8Length(`[append: ${report.pad.pins[i]!.path}]\n${report.pad.pins[i]!.text ?? ''}`));
  const start = at[section]!.offset + utf8Length(`## pad\n${report.pad.body}${PAD_DIVIDER}`);
  resends(parts, 2, () => true).forEach((r, k) => (out[appended[k]!] = start + r.offset));
  return out;
}
