// "What an edit here costs" for every note: each bundle that carries it, from the data layer's
// bundleImpacts over the loader's own bundles, with the bundle pages' links and the totals.
import type { Bundle } from '../core/index.ts';
import { bundleImpacts } from '../data/impact.ts';
import type { BundleView, ImpactCost, ImpactRowView, ModelPrice, NoteBase, NoteImpactView } from '../data/types.ts';
import { impactTokens } from '../node/tokens.ts';

const EMPTY = (prices: readonly ModelPrice[]): NoteImpactView => ({ rows: [], whole: 0, total: { resentBytes: 0, resentTokens: 0, costs: prices.map((price) => ({ price, cost: 0, extra: 0 })) }, largestFlip: null });

/** By note URI, in the site's bundle order (souls, each without then with its presets, then guests); notes no bundle carries are absent. */
export function noteImpacts(views: readonly BundleView[], loaded: ReadonlyMap<string, Bundle>, notes: ReadonlyMap<string, NoteBase>, prices: readonly ModelPrice[]): Map<string, NoteImpactView> {
  const out = new Map<string, NoteImpactView>();
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
      let impact = out.get(r.uri);
      if (!impact) out.set(r.uri, (impact = EMPTY(prices)));
      impact.rows.push(row);
      if (r.mode === 'whole') impact.whole++;
      impact.total.resentBytes += r.resentBytes;
      impact.total.resentTokens += r.resentTokens;
      impact.total.costs = impact.total.costs.map((c, i): ImpactCost => ({ price: c.price, cost: c.cost + r.costs[i]!.cost, extra: c.extra + r.costs[i]!.extra }));
      if (r.flip && (impact.largestFlip === null || r.flip.resentTokens > impact.largestFlip.resentTokens)) impact.largestFlip = r.flip;
    }
  }
  return out;
}

/** A note's impact, or the empty one for a note no bundle carries. */
export function impactOf(impacts: ReadonlyMap<string, NoteImpactView>, uri: string, prices: readonly ModelPrice[]): NoteImpactView {
  return impacts.get(uri) ?? EMPTY(prices);
}
