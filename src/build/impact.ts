// "What an edit here costs" for every note: each bundle that carries it, from the data layer's
// bundleImpacts over the loader's own bundles, with the bundle pages' anchors and the totals. The
// entries stay unpriced: a note page prices its own when it renders (impactRows).
import type { Bundle } from '../core/index.ts';
import { bundleLabel } from '../data/bundles.ts';
import { bundleImpacts, impactTotal, resendView } from '../data/impact.ts';
import type { BundleView, ImpactBundle, ImpactEntry, ModelPrice, NoteBase, NoteImpactView } from '../data/types.ts';
import { impactTokens } from '../node/tokens.ts';

/** A note's view from the entries of the bundles that carry it, in site order. */
function noteImpact(entries: ImpactEntry[], prices: readonly ModelPrice[]): NoteImpactView {
  // Of the flips to whole, the one that would resend the most tokens (the first among equals).
  let largest: ImpactEntry | null = null;
  for (const e of entries) if (e.flip && (largest === null || e.flip.resentTokens > largest.flip!.resentTokens)) largest = e;
  return {
    entries,
    whole: entries.filter((e) => e.mode === 'whole').length,
    total: impactTotal(entries, prices),
    largestFlip: largest && resendView(largest.offset, largest.flip!, prices),
  };
}

/** By note URI, in the site's bundle order (souls, each without then with its presets, then guests); notes no bundle carries are absent. */
export function noteImpacts(views: readonly BundleView[], loaded: ReadonlyMap<string, Bundle>, notes: ReadonlyMap<string, NoteBase>, prices: readonly ModelPrice[]): Map<string, NoteImpactView> {
  const byUri = new Map<string, ImpactEntry[]>();
  // The note as it would load whole: its stored text without the BOM the loader drops.
  const wholeText = (uri: string): string | null => notes.get(uri)?.source.replace(/^\uFEFF/, '') ?? null;
  for (const view of views) {
    const bundle = loaded.get(view.key);
    if (!bundle) continue;
    const shared: ImpactBundle = {
      key: view.key,
      member: view.soul,
      display: view.display,
      kind: view.kind,
      preset: view.preset,
      label: bundleLabel(view),
      href: view.href,
    };
    // One entry per bundle and note, its first document, as `soul-vault impact` has it.
    const seen = new Set<string>();
    for (const { uri, ...figures } of bundleImpacts(bundle, impactTokens, wholeText, (u) => notes.has(u))) {
      if (seen.has(uri)) continue;
      seen.add(uri);
      const entry: ImpactEntry = { ...figures, bundle: shared, anchor: view.documents[figures.index - 1]!.anchor };
      const list = byUri.get(uri);
      if (list) list.push(entry);
      else byUri.set(uri, [entry]);
    }
  }
  return new Map([...byUri].map(([uri, entries]) => [uri, noteImpact(entries, prices)]));
}

/** A note's impact, or the empty one for a note no bundle carries. */
export function impactOf(impacts: ReadonlyMap<string, NoteImpactView>, uri: string, prices: readonly ModelPrice[]): NoteImpactView {
  return impacts.get(uri) ?? noteImpact([], prices);
}
