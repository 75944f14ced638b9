// "What an edit here costs", per bundle: the core's offsets and resent bytes (src/core/impact.ts) with
// the tokens they come to and what the next turn costs on each priced model. The note pages, the
// catalogs and `soul-vault impact` all take their figures from bundleImpacts.
import { PROMPT_SEPARATOR, documentResends, flipResend, utf8Length } from '../core/index.ts';
import type { Bundle, DocumentResend } from '../core/index.ts';
import { cacheBreakCost } from './cost.ts';
import type { ImpactCost, ModelPrice, NoteImpactView, ResendView } from './types.ts';

export type { ImpactCost };

/** Counts the tails of a prompt (src/node/tokens.ts: suffixTokens and headedTokens). */
export interface ImpactCounter {
  /** Per text: tokens of the joined texts from its start to the end; 0 for an empty text. */
  suffixes(texts: readonly string[], sep: string): number[];
  /** Tokens of `head`, `sep`, then the texts from `from` on, given their suffixes. */
  headed(head: string, sep: string, texts: readonly string[], suffixes: readonly number[], from: number): number;
}

/** One document's figures: an edit to its note, and for a pointer what flipping it to whole would cost. */
export interface DocumentImpact extends DocumentResend, ResendView {
  /** For a pointer to a note that exists: the same figures with the note carried whole instead. */
  flip: ResendView | null;
}

const costsOf = (promptTokens: number, resentTokens: number, prices: readonly ModelPrice[]): ImpactCost[] =>
  prices.map((price) => ({ price, ...cacheBreakCost(promptTokens - resentTokens, resentTokens, price) }));

/**
 * Every document of a bundle with what an edit to its note resends, counted and priced. `wholeText`
 * gives a pointed-to note's text as it would load whole (null when there is none), for the flip figure;
 * `wanted` limits the work to the documents a caller shows.
 */
export function bundleImpacts(
  bundle: Bundle,
  counter: ImpactCounter,
  prices: readonly ModelPrice[],
  wholeText: (uri: string) => string | null,
  wanted: (uri: string) => boolean = () => true,
): DocumentImpact[] {
  const texts = bundle.documents.map((d) => d.text);
  const suffixes = counter.suffixes(texts, PROMPT_SEPARATOR);
  const first = texts.findIndex((t) => t !== '');
  const promptTokens = first < 0 ? 0 : suffixes[first]!;
  const out: DocumentImpact[] = [];
  for (const r of documentResends(bundle.documents)) {
    if (!wanted(r.uri)) continue;
    const i = r.index - 1;
    const doc = bundle.documents[i]!;
    const resentTokens = r.resentBytes === 0 ? 0 : suffixes[i]!;
    let flip: ResendView | null = null;
    const whole = doc.mode === 'pointer' && doc.text !== '' ? wholeText(doc.uri) : null;
    if (whole !== null && whole !== '') {
      const at = flipResend(r, utf8Length(doc.text), utf8Length(whole));
      const tail = counter.headed(whole, PROMPT_SEPARATOR, texts, suffixes, i + 1);
      // The head before the document is unchanged by the flip: its tokens are the prompt's less the pointer's tail.
      const flipped = promptTokens - suffixes[i]! + tail;
      flip = { ...at, promptTokens: flipped, resentTokens: tail, costs: costsOf(flipped, tail, prices) };
    }
    out.push({ ...r, promptTokens, resentTokens, costs: costsOf(promptTokens, resentTokens, prices), flip });
  }
  return out;
}

/** Rows' resent bytes and tokens added up, and per model their next turns' costs: a note's total over its bundles. */
export function impactTotal(rows: ReadonlyArray<Pick<DocumentImpact, 'resentBytes' | 'resentTokens' | 'costs'>>, prices: readonly ModelPrice[]): NoteImpactView['total'] {
  return {
    resentBytes: rows.reduce((n, r) => n + r.resentBytes, 0),
    resentTokens: rows.reduce((n, r) => n + r.resentTokens, 0),
    costs: prices.map((price, i) => ({ price, cost: rows.reduce((n, r) => n + r.costs[i]!.cost, 0), extra: rows.reduce((n, r) => n + r.costs[i]!.extra, 0) })),
  };
}

/** A share for JSON and tests: five decimals, as the example prints it. */
export const roundShare = (share: number): number => Math.round(share * 100_000) / 100_000;

/** Notes by what an edit to them resends over every bundle, most first; a stable sort keeps their order among equals. */
export function byEditCost<T extends { impact: NoteImpactView }>(notes: readonly T[]): T[] {
  return [...notes].sort((a, b) => b.impact.total.resentTokens - a.impact.total.resentTokens);
}
