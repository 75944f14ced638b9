// "What an edit here costs", per bundle: the core's offsets and resent bytes (src/core/impact.ts) with
// the tokens they come to and what the next turn costs on each priced model. The note pages, the
// catalogs and `soul-vault impact` all take their figures from bundleImpacts.
import { PROMPT_SEPARATOR, documentResends, flipResend, resentShare, utf8Length } from '../core/index.ts';
import type { Bundle, DocumentResend } from '../core/index.ts';
import { cacheBreakCost } from './cost.ts';
import type { ImpactCost, ImpactRowView, ModelPrice, NoteImpactView, NoteView, ResendFigures, ResendView } from './types.ts';

export type { ImpactCost, ResendFigures };

/** Counts the tails of a prompt (src/node/tokens.ts: suffixTokens and headedTokens). */
export interface ImpactCounter {
  /**
   * Per text: tokens of the joined texts from its start to the end; 0 for an empty text. `revision`, when
   * given, is the SHA-256 of the joined texts' bytes (the bundle's revision), for a counter that keeps answers.
   */
  suffixes(texts: readonly string[], sep: string, revision?: string): number[];
  /** Tokens of `head`, `sep`, then the texts from `from` on, given their suffixes. */
  headed(head: string, sep: string, texts: readonly string[], suffixes: readonly number[], from: number): number;
}

/**
 * One document's figures: where its text starts and what an edit to its note resends, in bytes and
 * tokens, and for a pointer the same with the note carried whole instead. Unpriced and flat, so a site
 * can keep one per note per bundle: priceImpact adds the share and each model's cost when they are shown.
 */
export interface DocumentImpact extends Omit<DocumentResend, 'share'>, ResendFigures {
  /** For a pointer to a note that exists: the same figures with the note carried whole (the offset is the same). */
  flip: ResendFigures | null;
}

/** A document's figures with their share and costs, as a page row or `soul-vault impact` shows them. */
export interface PricedImpact extends Omit<DocumentImpact, 'flip' | 'uri'>, ResendView {
  flip: ResendView | null;
}

const costsOf = (promptTokens: number, resentTokens: number, prices: readonly ModelPrice[]): ImpactCost[] =>
  prices.map((price) => ({ price, ...cacheBreakCost(promptTokens - resentTokens, resentTokens, price) }));

/** A prompt's figures with what follows from them: the share resent, and the next turn on each model. */
export function resendView(offset: number, f: ResendFigures, prices: readonly ModelPrice[]): ResendView {
  const { promptBytes, resentBytes, promptTokens, resentTokens } = f;
  return { offset, promptBytes, resentBytes, share: resentShare(resentBytes, promptBytes), promptTokens, resentTokens, costs: costsOf(promptTokens, resentTokens, prices) };
}

/** A document's figures priced: the page's and the CLI's form of a row. */
export function priceImpact(d: Omit<DocumentImpact, 'uri'>, prices: readonly ModelPrice[]): PricedImpact {
  return { index: d.index, role: d.role, mode: d.mode, ...resendView(d.offset, d, prices), flip: d.flip && resendView(d.offset, d.flip, prices) };
}

/**
 * Every document of a bundle with what an edit to its note resends, in bytes and tokens. `wholeText`
 * gives a pointed-to note's text as it would load whole (null when there is none), for the flip figure;
 * `wanted` limits the work to the documents a caller shows.
 */
export function bundleImpacts(bundle: Bundle, counter: ImpactCounter, wholeText: (uri: string) => string | null, wanted: (uri: string) => boolean = () => true): DocumentImpact[] {
  const texts = bundle.documents.map((d) => d.text);
  const suffixes = counter.suffixes(texts, PROMPT_SEPARATOR, bundle.revision);
  const first = texts.findIndex((t) => t !== '');
  const promptTokens = first < 0 ? 0 : suffixes[first]!;
  const out: DocumentImpact[] = [];
  for (const r of documentResends(bundle.documents)) {
    if (!wanted(r.uri)) continue;
    const i = r.index - 1;
    const doc = bundle.documents[i]!;
    let flip: ResendFigures | null = null;
    const whole = doc.mode === 'pointer' && doc.text !== '' ? wholeText(doc.uri) : null;
    if (whole !== null && whole !== '') {
      const at = flipResend(r, utf8Length(doc.text), utf8Length(whole));
      const tail = counter.headed(whole, PROMPT_SEPARATOR, texts, suffixes, i + 1);
      // The head before the document is unchanged by the flip: its tokens are the prompt's less the pointer's tail.
      flip = { promptBytes: at.promptBytes, resentBytes: at.resentBytes, promptTokens: promptTokens - suffixes[i]! + tail, resentTokens: tail };
    }
    const { index, role, mode, uri, offset, promptBytes, resentBytes } = r;
    out.push({ index, role, mode, uri, offset, promptBytes, resentBytes, promptTokens, resentTokens: resentBytes === 0 ? 0 : suffixes[i]!, flip });
  }
  return out;
}

/** Rows' resent bytes and tokens added up, and per model their next turns' costs: a note's total over its bundles. */
export function impactTotal(rows: readonly ResendFigures[], prices: readonly ModelPrice[]): NoteImpactView['total'] {
  return {
    resentBytes: rows.reduce((n, r) => n + r.resentBytes, 0),
    resentTokens: rows.reduce((n, r) => n + r.resentTokens, 0),
    costs: prices.map((price) => {
      let cost = 0;
      let extra = 0;
      for (const r of rows) {
        const c = cacheBreakCost(r.promptTokens - r.resentTokens, r.resentTokens, price);
        cost += c.cost;
        extra += c.extra;
      }
      return { price, cost, extra };
    }),
  };
}

/** A note's edit-cost rows, priced, for its page: made when the page renders, from the entries the site keeps. */
export function impactRows(impact: NoteImpactView, prices: readonly ModelPrice[]): ImpactRowView[] {
  return impact.entries.map(({ bundle, anchor, ...d }) => ({ ...priceImpact(d, prices), ...bundle, href: `${bundle.href}#${anchor}` }));
}

/** A share for JSON and tests: five decimals, as the example prints it. */
export const roundShare = (share: number): number => Math.round(share * 100_000) / 100_000;

/** Notes by what an edit to them resends over every bundle, most first; a stable sort keeps their order among equals. */
export function byEditCost<T extends { impact: NoteImpactView }>(notes: readonly T[]): T[] {
  return [...notes].sort((a, b) => b.impact.total.resentTokens - a.impact.total.resentTokens);
}

/** A vault page's row for a note: what its edit-cost table shows, and nothing else (the page's cache key is over it). */
export interface EditCostRow {
  uri: string;
  title: string;
  href: string;
  /** Bundles that carry the note, and how many of them whole. */
  bundles: number;
  whole: number;
  resentBytes: number;
  resentTokens: number;
}

/** A vault's notes as edit-cost rows, most costly first. */
export function editCostRows(notes: readonly NoteView[]): EditCostRow[] {
  return byEditCost(notes).map((n) => ({ uri: n.uri, title: n.title, href: n.href, bundles: n.impact.entries.length, whole: n.impact.whole, resentBytes: n.impact.total.resentBytes, resentTokens: n.impact.total.resentTokens }));
}
