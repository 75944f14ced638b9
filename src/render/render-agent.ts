// An agent page's changing parts as HTML strings: the sections table, the bar, SHOW, the .rules card,
// the pad's pins and the problems. As with render-html.ts for souls, the .astro components emit these
// at build time and the live preview emits them again in the browser after re-composing.
import { TOKENS_LABEL, bytes, percent, plural, size, tokenCount } from './format.ts';
import type { AgentView } from '../data/types.ts';
import { stackedBar } from './bar.ts';
import type { BarSegment } from './bar.ts';
import { esc } from './escape.ts';
import { scrollRegionAttrs, tableScrollHtml } from '../markdown/scroll-region.ts';

const url = (base: string, path: string): string => base + path.replace(/^\/+/, '');

const MARKS = { applied: ['applied', 'applied'], pending: ['pending', 'written, not yet applied'] } as const;

const mark = (kind: string, text: string): string => `<span class="mark mark-${kind}">${esc(text)}</span>`;

/** The most of one text a page shows (UTF-16 code units): a 10 MB section must not stall the page. */
export const PAGE_TEXT_MAX = 100_000;

/**
 * A text as a page shows it: whole up to PAGE_TEXT_MAX, else its head (never half a surrogate pair)
 * and a line that says how much is left out. The sizes and counts are the whole text's; the CLI
 * (`soul-vault psyche --json`) prints it all.
 */
export function pageText(text: string): string {
  if (text.length <= PAGE_TEXT_MAX) return text;
  let end = PAGE_TEXT_MAX;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}\n\n⟨cut here: the page shows the first ${end.toLocaleString('en-US')} of ${text.length.toLocaleString('en-US')} characters; soul-vault psyche --json prints it all⟩`;
}

/** The sections table's bodies: one per batch; the page says what the boundary means for the cache. */
export function agentSectionRows(view: AgentView): string {
  if (view.rejected) return '<tbody><tr><td colspan="8" class="muted">No section is composed: the owner document is rejected.</td></tr></tbody>';
  let html = '';
  for (const batch of [1, 2] as const) {
    const rows = view.sections.filter((s) => s.batch === batch);
    html += `<tbody class="group batch-${batch}" data-batch="${batch}"><tr class="group-head"><th scope="rowgroup" colspan="8"><span class="group-label">Batch ${batch}${batch === 1 ? ' · the resident prefix' : ' · changes most, cached after batch 1'}</span><span class="group-meta">${plural(rows.length, 'section')} · ${bytes(view.batchBytes[batch - 1]!)} from the directory</span></th></tr>`;
    for (const s of rows) {
      const known = s.bytes !== null;
      html +=
        `<tr id="${s.anchor}" class="doc section-row${known ? '' : ' placeholder'}" data-section="${s.name}" data-batch="${s.batch}" data-protected="${s.protected}" data-bytes="${s.bytes ?? ''}" data-applied="${s.applied ?? ''}" data-offset="${s.resend.offset}" data-resent-bytes="${s.resend.resentBytes}">` +
        `<td class="num pos"><a class="row-anchor" href="#${s.anchor}" aria-label="Link to section ${s.position}">${s.position}</a></td>` +
        `<td class="doc-cell">${known ? `<a class="doc-title" href="#${s.anchor}-text">${esc(s.label)}</a>` : `<span class="doc-title">${esc(s.label)}</span>`}<span class="section-source">${known ? '' : 'placeholder, '}${esc(s.source)}</span><code class="uri">${s.name}</code></td>` +
        `<td class="mode-cell">${s.protected ? mark('protected', 'protected') : mark('unprotected', 'unprotected')}</td>` +
        `<td class="num prompt-size">${known ? bytes(s.bytes!) : '<span class="muted">at rebuild</span>'}</td>` +
        `<td class="num tokens">${s.tokens ? tokenCount(s.tokens) + TOKENS_LABEL : ''}</td>` +
        `<td class="num share">${known ? `<span class="share-figure">${percent(s.share)}</span><span class="share-track" aria-hidden="true"><span class="share-fill" style="width:${(s.share * 100).toFixed(1)}%"></span></span>` : ''}</td>` +
        `<td class="num edit-resends"><span class="cell-label">An edit resends </span>${resendText(s.resend)}</td>` +
        `<td class="applied-cell">${s.applied ? mark(MARKS[s.applied][0], MARKS[s.applied][1]) : '<span class="muted">—</span>'}</td></tr>`;
    }
    html += '</tbody>';
  }
  return html;
}

/** The bar's segments, one per section (a placeholder's of unknown size): the page's bar and its share image draw these. */
export function agentBarSegments(view: AgentView, base: string): BarSegment[] {
  return view.sections.map((s) => ({ label: s.label, slot: s.slot, bytes: s.bytes ?? 0, share: s.share, href: url(base, `${view.href}#${s.anchor}`), unknown: s.placeholder }));
}

/** What an edit resends, in a cell: bytes and share of the directory's bytes, and tokens when counted; a placeholder's is LingTai's. */
export function resendText(r: AgentView['ownerResend']): string {
  if (r.resentBytes === 0) return '<span class="muted">nothing here</span>';
  const tokens = r.resentTokens ? ` · ${tokenCount(r.resentTokens)} tokens` : '';
  return `${bytes(r.resentBytes)}${tokens} <span class="muted">(${percent(r.share)})</span>`;
}

export function agentBar(view: AgentView, base: string): string {
  if (view.sections.length === 0) return '';
  return stackedBar(agentBarSegments(view, base), `What the directory adds to the prompt, ${bytes(view.knownBytes)} by section: ${view.sections.filter((s) => !s.placeholder).map((s) => `${s.label} ${percent(s.share)}`).join(', ')}; ${view.placeholders} sections are made by LingTai at rebuild`);
}

export function showCard(view: AgentView): string {
  const show = view.psyche.show;
  if (!('rows' in show)) return `<div class="show-failed" data-show-failed><p><strong>SHOW fails</strong> with the bounded failure, never partial rows:</p><pre class="json"${scrollRegionAttrs(`SHOW's failure for ${view.id}`)}><code>${esc(JSON.stringify(show, null, 2))}</code></pre></div>`;
  const rows = show.rows.map((r) => `<tr><th scope="row"><code>${r.key}</code></th><td><code>${esc(r.current)}</code></td><td><code>${esc(r.default)}</code></td><td>${r.configurable}</td><td><code>${r.comment}</code></td></tr>`).join('');
  return tableScrollHtml(`SHOW: ${view.id}'s settings`, `<table class="show-table" data-show-rows><thead><tr><th scope="col">key</th><th scope="col">current</th><th scope="col">default</th><th scope="col">configurable</th><th scope="col">comment</th></tr></thead><tbody>${rows}</tbody></table>`);
}

export function rulesCard(view: AgentView): string {
  const { canonical, pending } = view.psyche.rules;
  const state = pending?.state ?? 'none';
  const code = (text: string, label: string): string => `<pre class="prompt"${scrollRegionAttrs(label)}><code>${esc(pageText(text))}</code></pre>`;
  return (
    `<p class="rules-state">${mark(state === 'replace' ? 'pending' : 'neutral', `.rules: ${state}`)} <span data-rules-state="${state}">${esc(view.rulesOutcome)}</span></p>` +
    (canonical === null ? '<p class="muted">No system/rules.md: the rules section is left out.</p>' : `<h3>Canonical <code>system/rules.md</code></h3>${code(canonical, 'Canonical system/rules.md')}`) +
    (pending?.state === 'replace' ? `<h3>The pending body (stripped): written, not yet applied</h3>${code(pending.text ?? '', 'The pending .rules body')}` : '')
  );
}

export function pinsList(view: AgentView, base: string): string {
  if (view.pins.length === 0) return '<p class="muted">No pinned references.</p>';
  const items = view.pins.map((p) => {
    const name = p.href ? `<a href="${esc(url(base, p.href))}"><code>${esc(p.path)}</code></a>` : `<code>${esc(p.path)}</code>`;
    const cost = p.resend ? ` <span class="pin-resend" data-resent-bytes="${p.resend.resentBytes}">an edit to it resends ${resendText(p.resend)}</span>` : '';
    return `<li data-pin-status="${p.status}">${mark(p.status === 'appended' ? 'applied' : 'problem', p.label)} ${name}${cost}</li>`;
  });
  return `<ul class="pin-list">${items.join('')}</ul>`;
}

/** The most problems a page lists one by one; the rest are counted (the CLI lists them all). */
export const PAGE_PROBLEMS_MAX = 1000;

export function problemsList(view: AgentView): string {
  const problems = view.psyche.problems;
  if (problems.length === 0) return '<p class="muted">None.</p>';
  const shown = problems.slice(0, PAGE_PROBLEMS_MAX);
  const more = problems.length - shown.length;
  const rest = more > 0 ? `<p class="muted" data-problems-more="${more}">And ${plural(more, 'more problem')}, not listed here: <code>soul-vault psyche --check</code> lists them all.</p>` : '';
  return `<ul class="warning-list">${shown.map((p) => `<li class="warning" data-problem="${esc(p.domain)}"><code class="warning-code">${esc(p.domain)}</code> <code>${esc(p.path)}</code>: ${esc(p.reason)}</li>`).join('')}</ul>${rest}`;
}

/** Each composed section's text under its own anchor, for the links in the table. */
export function sectionTexts(view: AgentView): string {
  return view.sections
    .filter((s) => !s.placeholder)
    .map((s) => `<details class="section-text" id="${s.anchor}-text"><summary><code>${s.name}</code> · ${esc(s.label)} · ${bytes(s.bytes ?? 0)}</summary><pre class="prompt"${scrollRegionAttrs(`Text of the section ${s.name}`)}><code>${esc(pageText(s.text))}</code></pre></details>`)
    .join('');
}

export function rejectedBanner(view: AgentView): string {
  if (!view.rejected) return '';
  return `<section class="banner banner-error" role="alert" aria-labelledby="rejected-title"><h2 id="rejected-title">The next rebuild will fail</h2><p><code>settings/psyche.json</code> is rejected with <code>${view.rejected.code}</code>: ${esc(view.rejected.message)}. No section is composed; the catalogs, problems and <code>.rules</code> are still facts of the disk.</p></section>`;
}

/** The facts row of the page, as text by `data-fact` name. */
export function agentFacts(view: AgentView): Record<string, string> {
  return {
    sections: String(view.sections.length),
    placeholders: String(view.placeholders),
    known: size(view.knownBytes),
    'known-tokens': tokenCount(view.knownTokens),
    batch1: bytes(view.batchBytes[0]),
    batch2: bytes(view.batchBytes[1]),
    owner: view.rejected ? `rejected (${view.rejected.code})` : 'accepted',
    pending: view.published ? (view.pendingCount === 0 ? 'none: system.md is current' : plural(view.pendingCount, 'section')) : 'no system/system.md to compare with',
  };
}

/** The sections system.md still holds that the directory no longer makes. */
export function removedText(removed: readonly string[]): string {
  return `Removed, not yet applied: ${removed.join(', ')} (system.md still holds ${removed.length === 1 ? 'it' : 'them'}).`;
}

/** Everything the live preview redraws, by the `data-*` hook of the element it fills. */
export interface AgentParts {
  html: Record<string, string>;
  prompt: string;
  facts: Record<string, string>;
  status: string;
  rejected: string;
}

export function agentParts(view: AgentView, base: string): AgentParts {
  return {
    html: {
      'data-prompt-bar': agentBar(view, base),
      'data-show': showCard(view),
      'data-rules': rulesCard(view),
      'data-pins': pinsList(view, base),
      'data-problems': problemsList(view),
      'data-section-texts': sectionTexts(view),
      'data-agent-banner': rejectedBanner(view),
    },
    prompt: pageText(view.promptText),
    facts: agentFacts(view),
    status: view.rejected
      ? `Re-composed: the owner document is rejected (${view.rejected.code}), so no section is composed.`
      : `Re-composed: ${view.sections.length} sections, ${bytes(view.knownBytes)} from the directory, .rules ${view.psyche.rules.pending?.state ?? 'none'}.`,
    rejected: view.rejected?.code ?? '',
  };
}
