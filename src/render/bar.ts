// A whole prompt as one stacked bar (inline SVG) with its legend, for soul and agent pages alike:
// its own module, so an agent page's script does not carry the soul page's renderers.
import { bytes, percent } from './format.ts';
import { esc } from './escape.ts';

const BAR_WIDTH = 1000;

/** One segment of a stacked bar: a colour slot, its bytes and share, and where its legend entry links. */
export interface BarSegment {
  label: string;
  slot: number;
  bytes: number;
  share: number;
  href: string;
  /** Drawn as a hatched sliver of no width: a part of the prompt whose size is not known here. */
  unknown?: boolean;
}

/** The bar and its legend: a segment per part, as wide as its bytes; an unknown-size part only in the legend. */
export function stackedBar(segments: readonly BarSegment[], label: string): string {
  const total = segments.reduce((sum, g) => sum + g.bytes, 0);
  let x = 0;
  let rects = '';
  let legend = '';
  for (const g of segments) {
    if (g.bytes > 0) {
      const width = total === 0 ? 0 : (g.bytes / total) * BAR_WIDTH;
      rects += `<rect x="${Number(x.toFixed(2))}" y="0" width="${Number(width.toFixed(2))}" height="36" class="seg role-${g.slot}"><title>${esc(`${g.label}: ${bytes(g.bytes)} (${percent(g.share)})`)}</title></rect>`;
      x += width;
    }
    const figure = g.unknown ? '<span class="legend-figure muted">made at rebuild</span><span class="legend-share"></span>' : `<span class="legend-figure">${bytes(g.bytes)}</span><span class="legend-share">${percent(g.share)}</span>`;
    legend += `<li${g.unknown ? ' class="legend-unknown"' : ''}><span class="swatch role-${g.slot}${g.unknown ? ' swatch-unknown' : ''}" aria-hidden="true"></span><a href="${esc(g.href)}">${esc(g.label)}</a>${figure}</li>`;
  }
  return `<svg viewBox="0 0 ${BAR_WIDTH} 36" preserveAspectRatio="none" role="img" aria-label="${esc(label)}" class="prompt-bar-svg">${rects}</svg><figcaption><ul class="legend">${legend}</ul></figcaption>`;
}

