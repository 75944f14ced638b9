// "What an edit here costs" for every note: each bundle that carries it, from the data layer's
// bundleImpacts over the loader's own bundles, with the bundle pages' links and the totals.
import type { Bundle } from '../core/index.ts';
import { bundleImpacts, impactTotal } from '../data/impact.ts';
import type { BundleView, ImpactRowView, ModelPrice, NoteBase, NoteImpactView } from '../data/types.ts';
import { impactTokens } from '../node/tokens.ts';

/** A note's view from the rows of the bundles that carry it, in site order. */
function noteImpact(rows: ImpactRowView[], prices: readonly ModelPrice[]): NoteImpactView {
  // Of the flips to whole, the one that would resend the most tokens (the first among equals).
  const largestFlip = rows.reduce<ImpactRowView['flip']>((max, r) => (r.flip && (max === null || r.flip.resentTokens > max.resentTokens) ? r.flip : max), null);
  return { rows, whole: rows.filter((r) => r.mode === 'whole').length, total: impactTotal(rows, prices), largestFlip };
}

/** By note URI, in the site's bundle order (souls, each without then with its presets, then guests); notes no bundle carries are absent. */
export function noteImpacts(views: readonly BundleView[], loaded: ReadonlyMap<string, Bundle>, notes: ReadonlyMap<string, NoteBase>, prices: readonly ModelPrice[]): Map<string, NoteImpactView> {
  const byUri = new Map<string, ImpactRowView[]>();
  // The note as it would load whole: its stored text without the BOM the loader drops.
  const wholeText = (uri: string): string | null => notes.get(uri)?.source.replace(/^\uFEFF/, '') ?? null;
  for (const view of views) {
    const bundle = loaded.get(view.key);
    if (!bundle) continue;
    // One row per bundle and note, its first document, as `soul-vault impact` has it.
    const seen = new Set<string>();
    for (const r of bundleImpacts(bundle, impactTokens, prices, wholeText, (uri) => notes.has(uri))) {
      if (seen.has(r.uri)) continue;
      seen.add(r.uri);
      const doc = view.documents[r.index - 1]!;
      const row: ImpactRowView = {
        key: view.key,
        member: view.soul,
        display: view.display,
        kind: view.kind,
        preset: view.preset,
        label: view.preset ?? (view.kind === 'guest' ? 'guest' : 'no preset'),
        href: `${view.href}#${doc.anchor}`,
        index: r.index,
        role: r.role,
        mode: r.mode,
        offset: r.offset,
        promptBytes: r.promptBytes,
        resentBytes: r.resentBytes,
        share: r.share,
        promptTokens: r.promptTokens,
        resentTokens: r.resentTokens,
        costs: r.costs,
        flip: r.flip,
      };
      const rows = byUri.get(r.uri);
      if (rows) rows.push(row);
      else byUri.set(r.uri, [row]);
    }
  }
  return new Map([...byUri].map(([uri, rows]) => [uri, noteImpact(rows, prices)]));
}

/** A note's impact, or the empty one for a note no bundle carries. */
export function impactOf(impacts: ReadonlyMap<string, NoteImpactView>, uri: string, prices: readonly ModelPrice[]): NoteImpactView {
  return impacts.get(uri) ?? noteImpact([], prices);
}
