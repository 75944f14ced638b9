// The image a member page unfurls with (Open Graph): its name, prompt size, tokens and the stacked
// load-order bar, as a plain element tree that satori lays out (src/build/og-image.ts draws it). The
// bar is the page's own: the same segments, from the same renderers' segment lists.
import type { AgentView, BundleView } from '../data/types.ts';
import type { BarSegment } from './bar.ts';
import { bundleBarSegments } from './render-html.ts';
import { agentBarSegments } from './render-agent.ts';
import { bundleName } from './render-html.ts';
import { count, percent, plural, size, tokenCount } from './format.ts';

/** What one share image shows, and the words its `og:image:alt` says. */
export interface ShareCard {
  /** What the page is: `Soul`, `Soul with a preset`, `Guest`, `LingTai agent`. */
  kind: string;
  name: string;
  /** A preset's name, shown under the soul's. */
  preset: string | null;
  /** The family or the site the card belongs to, in its top line. */
  context: string;
  figures: Array<{ value: string; label: string }>;
  segments: BarSegment[];
  /** A line under the bar, for what the bar cannot show (an agent's placeholders). */
  note: string | null;
  alt: string;
}

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/**
 * The role colour slots (`--role-1` … `--role-8` in src/styles/global.css), light theme: an image has
 * one look wherever it unfurls. A unit test holds these to the stylesheet's values.
 */
export const SLOT_COLOURS: readonly string[] = ['#7c4dd6', '#1f6fd1', '#2b8a4b', '#2f8f93', '#c2870a', '#d0622f', '#c4457e', '#64748b'];

const INK = { bg: '#ffffff', fg: '#1c2128', muted: '#59636e', border: '#d9dee4', accent: '#0b62c4', track: '#f2f4f7' };

/** The most legend entries the image names; the rest are in the bar, and on the page. */
const LEGEND_MAX = 4;

function shares(segments: readonly BarSegment[]): string {
  return segments
    .filter((s) => !s.unknown)
    .map((s) => `${s.label} ${percent(s.share)}`)
    .join(', ');
}

/** A soul's, preset's or guest's card. */
export function bundleCard(view: BundleView, family: string): ShareCard {
  const kind = view.kind === 'guest' ? 'Guest' : view.preset === null ? 'Soul' : 'Soul with a preset';
  const segments = bundleBarSegments(view, '');
  const tokens = tokenCount(view.promptTokens);
  return {
    kind,
    name: view.display,
    preset: view.preset,
    context: `${family} family`,
    figures: [
      { value: size(view.promptBytes), label: 'prompt' },
      { value: tokens, label: 'tokens' },
      { value: count(view.documents.length), label: view.documents.length === 1 ? 'document' : 'documents' },
    ],
    segments,
    note: null,
    alt: `${bundleName(view.display, view.preset)}, ${kind.toLowerCase()} of the ${family} family: a ${size(view.promptBytes)} prompt of ${tokens} tokens in ${plural(view.documents.length, 'document')}; by role: ${shares(segments)}.`,
  };
}

/** A LingTai agent's card: what its directory adds to the prompt, section by section. */
export function agentCard(view: AgentView, siteTitle: string): ShareCard {
  const segments = agentBarSegments(view, '');
  const tokens = tokenCount(view.knownTokens);
  const note = view.rejected
    ? `Owner document rejected (${view.rejected.code}): no section is composed`
    : view.placeholders > 0
      ? `+ ${plural(view.placeholders, 'section')} LingTai makes at rebuild, not sized here`
      : null;
  return {
    kind: 'LingTai agent',
    name: view.id,
    preset: null,
    context: siteTitle,
    figures: [
      { value: size(view.knownBytes), label: 'from the directory' },
      { value: tokens, label: 'tokens' },
      { value: count(view.sections.length), label: view.sections.length === 1 ? 'section' : 'sections' },
    ],
    segments,
    note,
    alt: `${view.id}, LingTai agent: ${size(view.knownBytes)} of prompt from its directory, ${tokens} tokens in ${plural(view.sections.length, 'section')}${segments.length ? `; by section: ${shares(segments)}` : ''}.`,
  };
}

// ---------------------------------------------------------------- the element tree

/** An element as satori takes it (React's shape, no React). */
export interface CardNode {
  type: string;
  props: { style?: Record<string, string | number>; children?: Array<CardNode | string> | CardNode | string };
}

const el = (style: Record<string, string | number>, ...children: Array<CardNode | string>): CardNode => ({ type: 'div', props: { style: { display: 'flex', ...style }, children } });

const colour = (slot: number): string => SLOT_COLOURS[(slot - 1) % SLOT_COLOURS.length]!;

const PAD = 64;
const BAR_WIDTH = OG_WIDTH - 2 * PAD;

// Widths from Noto Sans's hmtx table, in thousandths of an em, the wider of regular and bold: each
// printable ASCII character from U+0020 on, then the bound for U+00A0-U+017E (no character there is
// wider than 0.98 em). Noto Sans has no positive kerning between these (tests/unit/share-card.test.ts
// reads the fonts), so a text's width is at most the sum of its characters'.
const ASCII_WIDTHS = [
  260, 282, 479, 646, 572, 902, 750, 266, 339, 339, 551, 572, 285, 322, 281, 415, 572, 572, 572, 572, 572, 572, 572, 572, 572, 572, 281, 285, 572, 572, 572, 477,
  899, 692, 665, 642, 732, 560, 549, 728, 765, 389, 331, 664, 559, 943, 813, 791, 621, 791, 656, 551, 577, 756, 650, 967, 670, 626, 579, 331, 415, 331, 572, 444,
  365, 599, 632, 516, 632, 597, 387, 632, 650, 299, 298, 620, 298, 975, 650, 625, 632, 632, 447, 502, 434, 650, 571, 856, 578, 571, 493, 394, 551, 394, 572,
];
const LATIN_WIDTH = 980;

/** The most a text can measure at `fontSize` px in Noto Sans, or null where the table has no bound (other scripts: a fallback font draws them). */
export function widthBound(text: string, fontSize: number): number | null {
  let thousandths = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c <= 0x7e) thousandths += ASCII_WIDTHS[c - 0x20]!;
    else if (c >= 0xa0 && c <= 0x17e) thousandths += LATIN_WIDTH;
    else return null;
  }
  // A hundredth more for rounding in the layout.
  return (thousandths / 1000) * fontSize * 1.01;
}

const surelyFits = (text: string, fontSize: number, width: number): boolean => (widthBound(text, fontSize) ?? Infinity) <= width;

/**
 * One line of text that ends in an ellipsis when it does not fit. Only a line that might not fit is
 * clipped: satori draws a clipped element through a clip path and a mask, which resvg rasterises as a
 * layer of its own (a card's clipped lines and bar were about half of its rasterising time).
 */
const line = (text: string, fontSize: number, style: Record<string, string | number>): CardNode => {
  const width = typeof style['maxWidth'] === 'number' ? style['maxWidth'] : BAR_WIDTH;
  const clip: Record<string, string> = surelyFits(text, fontSize, width) ? {} : { overflow: 'hidden', textOverflow: 'ellipsis' };
  return el({ fontSize, ...style, ...clip, whiteSpace: 'nowrap', maxWidth: width }, text);
};

/**
 * The bar as the page draws it: each segment as wide as its bytes; unknown-size parts only in the legend.
 * One rounded box whose background is the segments as hard colour stops, so its corners need no clip
 * (see `line`).
 */
function bar(segments: readonly BarSegment[]): CardNode {
  const total = segments.reduce((sum, s) => sum + s.bytes, 0);
  let at = 0;
  const stops = segments
    .filter((s) => s.bytes > 0)
    .map((s) => {
      const from = at;
      at += (s.bytes / total) * BAR_WIDTH;
      return `${colour(s.slot)} ${from.toFixed(2)}px, ${colour(s.slot)} ${at.toFixed(2)}px`;
    });
  return el({ width: BAR_WIDTH, height: 64, borderRadius: 12, backgroundColor: INK.track, backgroundImage: `linear-gradient(to right, ${stops.join(', ')})`, border: `1px solid ${INK.border}` });
}

const LEGEND = { swatch: 22, gap: 10, label: 420, value: 8, after: 30, fontSize: 28, rows: 2 };

function legend(segments: readonly BarSegment[]): CardNode {
  // What the bar draws: a part of no size (an empty memory index) is on the page's legend, not the image's.
  const known = segments.filter((s) => !s.unknown && s.bytes > 0);
  // The largest parts, named in load order: what a reader of the image wants to see first.
  const largest = new Set([...known].sort((a, b) => b.bytes - a.bytes).slice(0, LEGEND_MAX));
  const shown = known.filter((s) => largest.has(s));
  // Each entry's widest possible box: a label is never wider than its line's maxWidth.
  const widths: number[] = [];
  const items = shown.map((s) => {
    const share = percent(s.share);
    widths.push(LEGEND.swatch + LEGEND.gap + Math.min(widthBound(s.label, LEGEND.fontSize) ?? LEGEND.label, LEGEND.label) + LEGEND.value + (widthBound(share, LEGEND.fontSize) ?? Infinity) + LEGEND.after);
    return el(
      { alignItems: 'center', marginRight: LEGEND.after, marginBottom: 6, lineHeight: 1.3 },
      el({ width: LEGEND.swatch, height: LEGEND.swatch, borderRadius: 5, backgroundColor: colour(s.slot), marginRight: LEGEND.gap }),
      line(s.label, LEGEND.fontSize, { color: INK.fg, maxWidth: LEGEND.label }),
      el({ fontSize: LEGEND.fontSize, color: INK.muted, marginLeft: LEGEND.value }, share),
    );
  });
  const rest = known.length - shown.length;
  if (rest > 0) {
    const more = `+ ${rest} more`;
    widths.push(widthBound(more, LEGEND.fontSize) ?? Infinity);
    items.push(el({ fontSize: LEGEND.fontSize, color: INK.muted, marginBottom: 6, lineHeight: 1.3 }, more));
  }
  // Two rows at most: the card's height is fixed, and a third would run off its edge. The legend is
  // clipped only when its entries might wrap to a third (see `line`): wrapping fills a row while the
  // next entry fits, so entries no wider than these bounds take no more rows than the bounds do.
  const clip: Record<string, string> = rowsFor(widths, BAR_WIDTH) > LEGEND.rows ? { overflow: 'hidden' } : {};
  return el({ flexWrap: 'wrap', marginTop: 14, width: BAR_WIDTH, maxHeight: LEGEND.rows * 43, ...clip }, ...items);
}

/** The rows a wrapping line of boxes this wide takes in `width`. */
function rowsFor(widths: readonly number[], width: number): number {
  let rows = 0;
  let used = Infinity;
  for (const w of widths) {
    if (used + w > width) {
      rows++;
      used = 0;
    }
    used += w;
  }
  return rows;
}

/** The family the card's text asks for (src/build/og-fonts.ts loads it, and the fallbacks). */
export const CARD_FAMILY = 'Noto Sans';

/** The card laid out for satori, 1200×630: who it is at the top, the figures and the bar at the bottom. */
export function cardTree(card: ShareCard, siteTitle: string): CardNode {
  const figures = card.figures.map((f) => el({ flexDirection: 'column', marginRight: 64 }, el({ fontSize: 60, fontWeight: 700, color: INK.fg, lineHeight: 1.2 }, f.value), el({ fontSize: 28, color: INK.muted, lineHeight: 1.3 }, f.label)));
  const top = el(
    { flexDirection: 'column', flexShrink: 0 },
    el({ justifyContent: 'space-between', color: INK.muted, width: BAR_WIDTH }, line(`${card.kind} · ${card.context}`, 27, { maxWidth: 760 }), line(siteTitle, 27, { maxWidth: 300, color: INK.accent, fontWeight: 700 })),
    line(card.name, 84, { fontWeight: 700, color: INK.fg, marginTop: 6, lineHeight: 1.2 }),
    ...(card.preset === null ? [] : [line(`preset ${card.preset}`, 38, { color: INK.accent, lineHeight: 1.3 })]),
  );
  const bottom = el(
    { flexDirection: 'column', flexShrink: 0 },
    el({ marginBottom: 20 }, ...figures),
    ...(card.segments.some((s) => s.bytes > 0) ? [bar(card.segments)] : []),
    legend(card.segments),
    ...(card.note === null ? [] : [line(card.note, 26, { color: INK.muted })]),
  );
  // Satori sizes boxes without their padding and border, so the fixed size is on a box that has neither.
  return el(
    { width: OG_WIDTH, height: OG_HEIGHT, flexDirection: 'column', backgroundColor: INK.bg, fontFamily: CARD_FAMILY },
    el({ height: 12, backgroundColor: INK.accent, flexShrink: 0 }),
    el({ flexGrow: 1, flexDirection: 'column', justifyContent: 'space-between', padding: `40px ${PAD}px 34px` }, top, bottom),
  );
}
