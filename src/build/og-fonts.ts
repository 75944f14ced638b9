// The fonts the share images are drawn in: Noto Sans, and Noto Sans SC for CJK names (OFL-1.1, from
// Fontsource's npm packages). Satori reads WOFF but not WOFF2, and each package splits its font into
// subsets by Unicode range, so a card loads only the subsets its text touches (a Chinese name, two
// or three of Noto Sans SC's hundred), each read once per build.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { CARD_FAMILY } from '../render/share-card.ts';

const require = createRequire(import.meta.url);

/** One Fontsource package: its family name and file prefix. First the Latin font, then the fallbacks. */
interface FontPackage {
  pkg: string;
  id: string;
  family: string;
}

const PACKAGES: readonly FontPackage[] = [
  { pkg: '@fontsource/noto-sans', id: 'noto-sans', family: 'Noto Sans' },
  { pkg: '@fontsource/noto-sans-sc', id: 'noto-sans-sc', family: 'Noto Sans SC' },
];

/** The weights the card uses. */
export const CARD_WEIGHTS = [400, 700] as const;
type Weight = (typeof CARD_WEIGHTS)[number];

/** A font as satori takes it. */
export interface CardFont {
  name: string;
  data: Buffer;
  weight: Weight;
  style: 'normal';
}

interface Subset {
  pkg: FontPackage;
  /** `latin`, `[12]`: the key in the package's unicode.json. */
  key: string;
  ranges: Array<[number, number]>;
}

/** `U+0000-00FF,U+0131` as code point ranges. */
function parseRanges(text: string): Array<[number, number]> {
  return text.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from!, 16), parseInt(to ?? from!, 16)];
  });
}

let subsets: Promise<Subset[]> | undefined;

/** Every subset of the packages that are installed; a missing fallback package is left out (its script then has no glyphs). */
function allSubsets(): Promise<Subset[]> {
  return (subsets ??= (async () => {
    const out: Subset[] = [];
    for (const pkg of PACKAGES) {
      let file: string;
      try {
        file = require.resolve(`${pkg.pkg}/unicode.json`);
      } catch {
        continue;
      }
      const table = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      for (const [key, ranges] of Object.entries(table)) out.push({ pkg, key, ranges: parseRanges(ranges) });
    }
    return out;
  })());
}

const files = new Map<string, Promise<Buffer>>();

function subsetFile(subset: Subset, weight: Weight): Promise<Buffer> {
  const name = `${subset.pkg.pkg}/files/${subset.pkg.id}-${subset.key.replace(/^\[(\d+)\]$/, '$1')}-${weight}-normal.woff`;
  let data = files.get(name);
  if (data === undefined) files.set(name, (data = readFile(require.resolve(name))));
  return data;
}

const covers = (subset: Subset, cp: number): boolean => subset.ranges.some(([from, to]) => cp >= from && cp <= to);

/**
 * The fonts for a card's text: the Latin subset always (the figures), and for each other character
 * the first subset that covers it, Noto Sans before Noto Sans SC. `uncovered` lists what no installed
 * font draws, so the build can say so rather than print blank boxes silently.
 */
export async function fontsFor(text: string): Promise<{ fonts: CardFont[]; uncovered: string[] }> {
  const all = await allSubsets();
  const chosen = new Set<Subset>(all.filter((s) => s.pkg === PACKAGES[0] && s.key === 'latin'));
  const uncovered: string[] = [];
  for (const ch of new Set(text)) {
    const cp = ch.codePointAt(0)!;
    // Spaces and controls need no glyph of their own.
    if (/\s/u.test(ch) || [...chosen].some((s) => covers(s, cp))) continue;
    const subset = all.find((s) => covers(s, cp));
    if (subset) chosen.add(subset);
    else uncovered.push(ch);
  }
  // Always in one order (the packages' table order), so a card is drawn the same way every build.
  const ordered = all.filter((s) => chosen.has(s));
  const fonts: CardFont[] = [];
  // Satori keeps one font per name, weight and style, so each subset gets a name of its own (the Latin
  // one keeps the family's, which the card asks for) and satori falls back through the rest per glyph.
  for (const subset of ordered) {
    const name = subset.pkg === PACKAGES[0] && subset.key === 'latin' ? CARD_FAMILY : `${subset.pkg.family} ${subset.key}`;
    for (const weight of CARD_WEIGHTS) fonts.push({ name, data: await subsetFile(subset, weight), weight, style: 'normal' });
  }
  return { fonts, uncovered };
}
