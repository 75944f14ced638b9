// A share card as a PNG: satori lays the card out as SVG (its text as paths, in the fonts of
// og-fonts.ts), resvg rasterises it, png.ts encodes the pixels. All three are deterministic for the same
// input, so a card that did not change comes out byte for byte the same, and an incremental build copies
// it from the last one.
import { createHash } from 'node:crypto';
import { OG_HEIGHT, OG_WIDTH, cardTree } from '../render/share-card.ts';
import type { ShareCard } from '../render/share-card.ts';
import { fontsFor } from './og-fonts.ts';
import { versionOf } from '../node/package-version.ts';
import { PNG_ENCODER, encodePng } from './png.ts';
import { keepRasteriserMemory } from '../node/rasteriser-memory.ts';

export { OG_HEIGHT, OG_WIDTH };

/** Bumped when the drawing changes in a way the card's data does not show (layout, colours). */
const DRAWING = 'og-5';

/** The text a card draws: what its fonts must cover. */
function cardText(card: ShareCard, siteTitle: string): string {
  return [card.kind, card.context, card.name, card.preset ?? '', card.note ?? '', siteTitle, 'preset', '+ more', ...card.figures.flatMap((f) => [f.value, f.label]), ...card.segments.map((s) => s.label)].join(' ');
}

// Satori and resvg are loaded by the thread that first draws (about 80 ms): in a build that is the share
// image worker (share-images.ts), so the main thread, which only takes the bytes, never loads them.
let modules: Promise<{ satori: typeof import('satori').default; Resvg: typeof import('@resvg/resvg-js').Resvg }> | undefined;
const drawer = (): NonNullable<typeof modules> => {
  if (modules === undefined) {
    keepRasteriserMemory();
    modules = Promise.all([import('satori'), import('@resvg/resvg-js')]).then(([s, r]) => ({ satori: s.default, Resvg: r.Resvg }));
  }
  return modules;
};

/** The characters no installed font covers, each named once per build. */
const warned = new Set<string>();

/** The card's PNG bytes, OG_WIDTH×OG_HEIGHT; `warn` is told once per character no font covers (drawn as a box). */
export async function ogImage(card: ShareCard, siteTitle: string, warn: (message: string) => void = console.warn): Promise<Uint8Array<ArrayBuffer>> {
  const { fonts, uncovered } = await fontsFor(cardText(card, siteTitle));
  const missing = uncovered.filter((ch) => !warned.has(ch));
  if (missing.length > 0) {
    for (const ch of missing) warned.add(ch);
    warn(`Soulpress: the share image of ${card.name} draws ${missing.join(' ')} as empty boxes: no font it has covers them`);
  }
  const { satori, Resvg } = await drawer();
  const svg = await satori(cardTree(card, siteTitle) as never, { width: OG_WIDTH, height: OG_HEIGHT, fonts });
  const image = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render();
  return encodePng(image.width, image.height, image.pixels);
}

/** What an image endpoint's page is handed: its card, the site title it names, and its cache key. */
export interface ImageProps {
  card: ShareCard;
  siteTitle: string;
  key: string;
}

/**
 * The static paths of a share image route, each with a cache key over everything that draws it, so an
 * incremental build copies an unchanged image from the last build instead of drawing it again.
 */
export function imagePaths<P extends Record<string, string>>(siteTitle: string, entries: ReadonlyArray<{ params: P; card: ShareCard }>): Array<{ params: P; props: ImageProps; cacheKey: string }> {
  const drawer = [DRAWING, ...['satori', '@resvg/resvg-js', '@fontsource/noto-sans'].map((pkg) => `${pkg}@${versionOf(pkg)}`), fallbackVersion(), PNG_ENCODER].join(' ');
  return entries.map(({ params, card }) => {
    const key = createHash('sha256').update(JSON.stringify([drawer, siteTitle, card])).digest('base64url');
    return { params, props: { card, siteTitle, key }, cacheKey: key };
  });
}

/** The CJK fallback's version, or that it is not installed. */
function fallbackVersion(): string {
  try {
    return `@fontsource/noto-sans-sc@${versionOf('@fontsource/noto-sans-sc')}`;
  } catch {
    return 'no CJK font';
  }
}
