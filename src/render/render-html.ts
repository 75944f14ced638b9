// The bundle page's changing parts as HTML strings: load-order rows, stacked bar, lane stack and
// warnings. One renderer for both sides: the .astro components emit these strings at build time
// (set:html) and the live preview emits them again in the browser, so a re-run that changes
// nothing draws exactly the published markup. Every value from a vault is escaped here.
import type { Mode } from '../core/index.ts';
import { TOKENS_LABEL, bytes, percent, plural, tokenCount } from './format.ts';
import { ROLE_RULES } from '../core/index.ts';
import type { BundleView, DocumentView } from '../data/types.ts';

import { esc } from './escape.ts';
import { stackedBar } from './bar.ts';
import type { BarSegment } from './bar.ts';

export { esc };

/** Text with a line-break chance after each "/" (not inside "://"), so long URIs wrap at path steps. */
export function breakable(text: string): string {
  return text.split(/(?<=[^/:]\/)(?!\/)/).map(esc).join('<wbr>');
}

export function uriCode(uri: string, className = ''): string {
  return `<code class="uri${className ? ` ${esc(className)}` : ''}">${breakable(uri)}</code>`;
}

export function modeBadge(mode: Mode, absent = false): string {
  const title = absent ? 'absent: an empty pointer, so the gap shows' : mode === 'whole' ? 'carried whole in the prompt' : 'a pointer: one line with the command that reads it';
  return `<span class="mode mode-${mode}${absent ? ' absent' : ''}" title="${title}">${absent ? 'absent' : mode}</span>`;
}

/** `base` (ending in `/`) joined with a path relative to it. */
const url = (base: string, path: string): string => base + path.replace(/^\/+/, '');
const link = (base: string, path: string): string => esc(url(base, path));

/** What a row was in the published bundle, shown under the new figure when the preview changed it. */
const was = (changed: boolean, text: string): string => (changed ? `<span class="was">was ${text}</span>` : '');

function row(d: DocumentView, base: string, before: DocumentView | undefined | null): string {
  // Drawn against the whole prompt, as the figure beside it is: a full track is the whole prompt.
  const width = (d.share * 100).toFixed(1);
  const title = d.noteHref ? `<a class="doc-title" href="${link(base, d.noteHref)}">${esc(d.title ?? d.uri)}</a>` : '<span class="doc-title muted">not in the vault</span>';
  // `before` null: nothing to compare with (the build). Undefined: the published bundle has no such row.
  const flipped = !!before && before.mode !== d.mode;
  const changed = before === undefined ? 'added' : before && (flipped || before.revision !== d.revision || before.promptBytes !== d.promptBytes) ? (flipped ? 'mode flipped' : 'text changed') : '';
  return (
    `<tr id="${esc(d.anchor)}" class="doc mode-${d.mode}${changed ? ' changed' : ''}" data-position="${d.position}" data-role="${d.role}" data-uri="${esc(d.uri)}" data-mode="${d.mode}" data-required="${d.required}" data-revision="${d.revision}" data-prompt-bytes="${d.promptBytes}" data-note-bytes="${d.noteBytes}"${changed ? ` data-changed="${changed}"` : ''}>` +
    `<td class="num pos"><a class="row-anchor" href="#${esc(d.anchor)}" aria-label="Link to document ${d.position}">${d.position}</a></td>` +
    `<td class="doc-cell">${title}${changed ? `<span class="change-mark">${changed} in this preview</span>` : ''}${uriCode(d.uri)}</td>` +
    `<td class="mode-cell">${modeBadge(d.mode, d.noteHref === null)}${was(flipped, before?.mode ?? '')}</td>` +
    `<td class="num prompt-size">${bytes(d.promptBytes)}${was(!!changed && !!before, bytes(before?.promptBytes ?? 0))}</td><td class="num tokens">${tokenCount(d.tokens)}${TOKENS_LABEL}</td><td class="num note-size">${bytes(d.noteBytes)}</td>` +
    `<td class="num share"><span class="share-figure">${percent(d.share)}</span>${was(!!changed && !!before, percent(before?.share ?? 0))}<span class="share-track" aria-hidden="true"><span class="share-fill" style="width:${width}%"></span></span></td></tr>`
  );
}

/** The load-order table's bodies: one `<tbody>` per run of a role, one row per document; with `published`
 * (the preview), each row a change touched is marked with what it was. */
export function loadOrderGroups(view: BundleView, base: string, published?: BundleView): string {
  const before = new Map(published?.documents.map((d) => [d.uri, d]));
  let html = '';
  for (const g of view.groups) {
    const slot = ROLE_RULES[g.role].slot;
    html +=
      `<tbody class="group role-${slot}" data-role-group="${g.role}"><tr class="group-head"><th scope="rowgroup" colspan="7">` +
      `<span class="swatch role-${slot}" aria-hidden="true"></span><span class="group-label">${esc(g.label)}</span><code class="group-role">${g.role}</code>` +
      `<span class="group-meta">${plural(g.count, 'document')}${g.count > 1 ? ` · ${g.whole} whole, ${g.pointer} pointer` : ''} · ${bytes(g.promptBytes)} · ${percent(g.share)}</span></th></tr>`;
    for (let i = g.first - 1; i < g.last; i++) html += row(view.documents[i]!, base, published ? before.get(view.documents[i]!.uri) : null);
    html += '</tbody>';
  }
  return html;
}


/** The stacked bar's segments, one per role group: the page's bar and its share image draw these. */
export function bundleBarSegments(view: BundleView, base: string): BarSegment[] {
  return view.groups.map((g) => ({ label: g.label, slot: ROLE_RULES[g.role].slot, bytes: g.promptBytes, share: g.share, href: url(base, `${view.href}#${view.documents[g.first - 1]!.anchor}`) }));
}

/** The stacked bar (inline SVG, one segment per role group) and its legend. */
export function promptBar(view: BundleView, base: string): string {
  const label = `Prompt of ${bytes(view.promptBytes)} by role: ${view.groups.map((g) => `${g.label} ${percent(g.share)}`).join(', ')}`;
  return stackedBar(bundleBarSegments(view, base), label);
}

/** The system-prompt lane: one block per role group, tall as its share. */
export function laneStack(view: BundleView): string {
  return view.groups
    .map((g) => `<li class="lane-block role-${ROLE_RULES[g.role].slot}" style="--share:${Math.max(g.share, 0.02).toFixed(3)}"><span class="lane-block-label">${esc(g.label)}</span><span class="lane-block-figure">${percent(g.share)}</span></li>`)
    .join('');
}

export function warningsList(view: BundleView, base: string): string {
  if (view.warnings.length === 0) return '<p class="muted">None: the loader had nothing to warn about for this bundle.</p>';
  const items = view.warnings.map(
    (w) => `<li class="warning" data-warning="${esc(w.code)}"><code class="warning-code">${esc(w.code)}</code> ${esc(w.message)}${w.anchor ? ` <a href="${link(base, `${view.href}#${w.anchor}`)}">Show the row</a>` : ''}</li>`,
  );
  return `<ul class="warning-list">${items.join('')}</ul>`;
}

/** How every page names a bundle (title, heading, preview): the display name, and its preset after a dot. */
export function bundleName(display: string, preset: string | null): string {
  return preset === null ? display : `${display} · ${preset}`;
}

/** The preset as the page's lead sentence and identity card say it, by `data-fact-html` name. */
export function presetFacts(preset: string | null): Record<'preset-lead' | 'preset-card', string> {
  return {
    'preset-lead': preset ? `with preset <code>${esc(preset)}</code>` : 'with no preset',
    'preset-card': preset ? `<code data-preset>${esc(preset)}</code>` : '<span class="muted">none</span>',
  };
}
