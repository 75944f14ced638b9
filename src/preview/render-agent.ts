// An agent page's changing parts as HTML strings: the sections table, the bar, SHOW, the .rules card,
// the pad's pins and the problems. As with render-html.ts for souls, the .astro components emit these
// at build time and the live preview emits them again in the browser after re-composing.
import { bytes, percent, plural } from '../components/format.ts';
import type { AgentView } from '../data/types.ts';
import { esc, stackedBar } from './render-html.ts';

const url = (base: string, path: string): string => base + path.replace(/^\/+/, '');

function appliedMark(applied: 'applied' | 'pending' | null): string {
  if (applied === 'applied') return '<span class="mark mark-applied" title="system/system.md holds this text">applied</span>';
  if (applied === 'pending') return '<span class="mark mark-pending" title="real on disk, not in the prompt until the next full rebuild">written, not yet applied</span>';
  return '<span class="muted">—</span>';
}

/** The sections table's bodies: one per batch, the boundary between them said in words. */
export function agentSectionRows(view: AgentView): string {
  if (view.rejected) return `<tbody><tr><td colspan="6" class="muted">No section is composed: the owner document is rejected, so LingTai's next rebuild fails before it writes a prompt.</td></tr></tbody>`;
  let html = '';
  for (const batch of [1, 2] as const) {
    const rows = view.sections.filter((s) => s.batch === batch);
    const head =
      batch === 1
        ? 'Batch 1 · the resident prefix: principle, owner text and LingTai’s own sections'
        : 'Batch 2 · what changes most: rules, catalogs, identity, 灵台 and the pad. A provider caches the prompt’s leading bytes, so an edit here costs the cache only from its section on; batch 1 stays cached.';
    html += `<tbody class="group batch-${batch}" data-batch="${batch}"><tr class="group-head"><th scope="rowgroup" colspan="6"><span class="group-label">${esc(head)}</span><span class="group-meta">${plural(rows.length, 'section')} · ${bytes(view.batchBytes[batch - 1]!)} from the directory</span></th></tr>`;
    for (const s of rows) {
      const width = s.bytes === null ? 0 : (s.share * 100).toFixed(1);
      const what = s.placeholder
        ? `<span class="doc-title">${esc(s.label)}</span><span class="placeholder-note">placeholder · ${esc(s.source)}; its text is not in the directory, so it is not shown</span>`
        : `<a class="doc-title" href="#${esc(s.anchor)}-text">${esc(s.label)}</a><span class="section-source">${esc(s.source)}</span>`;
      html +=
        `<tr id="${esc(s.anchor)}" class="doc section-row${s.placeholder ? ' placeholder' : ''}" data-section="${esc(s.name)}" data-batch="${s.batch}" data-protected="${s.protected}" data-bytes="${s.bytes ?? ''}" data-applied="${s.applied ?? ''}">` +
        `<td class="num pos"><a class="row-anchor" href="#${esc(s.anchor)}" aria-label="Link to section ${s.position}">${s.position}</a></td>` +
        `<td class="doc-cell">${what}<code class="uri">${esc(s.name)}</code></td>` +
        `<td class="mode-cell">${s.protected ? '<span class="mode mode-whole" title="protected: host-written, the agent cannot overwrite it">protected</span>' : '<span class="mode mode-pointer" title="unprotected: the agent may write it at run time">unprotected</span>'}</td>` +
        `<td class="num prompt-size">${s.bytes === null ? '<span class="muted">made at rebuild</span>' : bytes(s.bytes)}</td>` +
        `<td class="num share">${s.bytes === null ? '' : `<span class="share-figure">${percent(s.share)}</span><span class="share-track" aria-hidden="true"><span class="share-fill" style="width:${width}%"></span></span>`}</td>` +
        `<td class="applied-cell">${s.placeholder ? '<span class="muted">—</span>' : appliedMark(s.applied)}</td></tr>`;
    }
    html += '</tbody>';
  }
  return html;
}

export function agentBar(view: AgentView, base: string): string {
  const segments = view.sections.map((s) => ({ label: s.label, slot: s.slot, bytes: s.bytes ?? 0, share: s.share, href: url(base, `${view.href}#${s.anchor}`), unknown: s.placeholder }));
  return stackedBar(segments, `What the directory adds to the prompt, ${bytes(view.knownBytes)} by section: ${view.sections.filter((s) => !s.placeholder).map((s) => `${s.label} ${percent(s.share)}`).join(', ')}; ${view.placeholders} sections are made by LingTai at rebuild`);
}

export function showCard(view: AgentView): string {
  const show = view.psyche.show;
  if (!('rows' in show)) {
    return `<div class="show-failed" data-show-failed><p><strong>SHOW fails with <code>${esc(show.error_code)}</code></strong>: “${esc(show.message)}”. A running agent keeps its last applied snapshot; a static site has none, so nothing else is shown.</p><pre class="json"><code>${esc(JSON.stringify(show, null, 2))}</code></pre></div>`;
  }
  const rows = show.rows.map((r) => `<tr><th scope="row"><code>${esc(r.key)}</code></th><td><code>${esc(r.current)}</code></td><td><code>${esc(r.default)}</code></td><td>${r.configurable ? 'yes' : 'no'}</td><td><code>${esc(r.comment)}</code></td></tr>`).join('');
  return `<div class="table-scroll"><table class="show-table" data-show-rows><caption class="visually-hidden">SHOW: the eight redacted settings rows</caption><thead><tr><th scope="col">key</th><th scope="col">current</th><th scope="col">default</th><th scope="col">configurable</th><th scope="col">comment</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

export function rulesCard(view: AgentView): string {
  const { canonical, pending } = view.psyche.rules;
  const state = pending ? `<p class="rules-state"><span class="mark mark-${pending.state === 'replace' ? 'pending' : 'neutral'}" data-rules-state="${pending.state}">.rules: ${esc(pending.state)}</span> ${esc(view.rulesOutcome)}${pending.state === 'replace' ? ' Until that tick the signal is written, not yet applied.' : ''}</p>` : `<p class="rules-state"><span class="mark mark-neutral" data-rules-state="none">no signal</span> ${esc(view.rulesOutcome)}</p>`;
  const body = pending?.state === 'replace' ? `<h3>The pending body (stripped)</h3><pre class="prompt"><code>${esc(pending.text ?? '')}</code></pre>` : '';
  const current = canonical === null ? '<p class="muted">No system/rules.md: the rules section is left out.</p>' : `<h3>Canonical <code>system/rules.md</code></h3><pre class="prompt"><code>${esc(canonical)}</code></pre>`;
  return `${state}${current}${body}`;
}

export function pinsList(view: AgentView, base: string): string {
  if (view.pins.length === 0) return '<p class="muted">No pinned references (system/pad_append.json is missing or empty).</p>';
  const items = view.pins.map((p) => {
    const name = p.href ? `<a href="${esc(url(base, p.href))}"><code>${esc(p.path)}</code></a>` : `<code>${esc(p.path)}</code>`;
    return `<li data-pin-status="${esc(p.status)}"><span class="mark ${p.status === 'appended' ? 'mark-applied' : 'mark-problem'}">${esc(p.label)}</span> ${name}</li>`;
  });
  return `<ul class="pin-list">${items.join('')}</ul>`;
}

export function problemsList(view: AgentView): string {
  const problems = view.psyche.problems;
  if (problems.length === 0) return '<p class="muted">None: every entry, pin and file the composer read was usable.</p>';
  return `<ul class="warning-list">${problems.map((p) => `<li class="warning" data-problem="${esc(p.domain)}"><code class="warning-code">${esc(p.domain)}</code> <code>${esc(p.path)}</code>: ${esc(p.reason)}</li>`).join('')}</ul>`;
}

/** Each composed section's text under its own anchor, for the links in the table. */
export function sectionTexts(view: AgentView): string {
  return view.sections
    .filter((s) => !s.placeholder)
    .map((s) => `<details class="section-text" id="${esc(s.anchor)}-text"><summary><code>${esc(s.name)}</code> · ${esc(s.label)} · ${s.bytes === null ? '' : bytes(s.bytes)}</summary><pre class="prompt"><code>${esc(s.text)}</code></pre></details>`)
    .join('');
}
