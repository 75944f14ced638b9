// The share images (issue 22, item 5): their colours are the stylesheet's, their fonts cover CJK names,
// their routes exist only where a page can name them, and the same card is the same bytes every time.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { SLOT_COLOURS, OG_HEIGHT, OG_WIDTH, agentCard, bundleCard, cardTree, widthBound } from '../../src/render/share-card.ts';
import type { CardNode, ShareCard } from '../../src/render/share-card.ts';
import { fontsFor } from '../../src/build/og-fonts.ts';
import { ogImage } from '../../src/build/og-image.ts';
import { ROUTES, presetParam, routesFor, shareImagePath, soulPath } from '../../src/data/urls.ts';
import { ROOT } from './helpers.ts';

test('the image draws each role slot in the colour the stylesheet gives it (light theme)', () => {
  const css = readFileSync(path.join(ROOT, 'src/styles/global.css'), 'utf8');
  const sheet = [...css.matchAll(/--role-(\d+):\s*light-dark\((#[0-9a-f]{6}),/gi)].map((m) => [Number(m[1]), m[2]!.toLowerCase()] as const);
  assert.ok(sheet.length >= 8, 'the stylesheet has the slots');
  assert.deepEqual(sheet.map(([, c]) => c), SLOT_COLOURS);
  assert.deepEqual(sheet.map(([n]) => n), SLOT_COLOURS.map((_, i) => i + 1));
});

test('the fonts cover Latin, accented and CJK names; what nothing covers is named, not hidden', async () => {
  const cjk = await fontsFor('明镜 灵台 Zoë Łukasz 3,715 tokens · 14.1 KiB');
  assert.deepEqual(cjk.uncovered, []);
  assert.ok(cjk.fonts.some((f) => f.name.startsWith('Noto Sans SC')), 'a Noto Sans SC subset for the CJK names');
  // Only the subsets the text touches: a hundred-part CJK font is not loaded whole for two names.
  assert.ok(cjk.fonts.length <= 2 * 8, `${cjk.fonts.length} font files`);
  const latin = await fontsFor('Pippa');
  assert.deepEqual([...new Set(latin.fonts.map((f) => f.name))], ['Noto Sans']);
  const privateUse = await fontsFor('x\uE000');
  assert.deepEqual(privateUse.uncovered, ['\uE000']);
});

const CARD: ShareCard = {
  kind: 'LingTai agent',
  name: '明镜',
  preset: null,
  context: 'Soulpress',
  figures: [
    { value: '7.6 KiB', label: 'from the directory' },
    { value: '1,827', label: 'tokens' },
  ],
  segments: [
    { label: 'Covenant', slot: 2, bytes: 504, share: 0.3, href: '' },
    { label: 'Character (灵台)', slot: 7, bytes: 1872, share: 0.7, href: '' },
    { label: 'Principle', slot: 1, bytes: 0, share: 0, href: '', unknown: true },
  ],
  note: '+ 1 section LingTai makes at rebuild, not sized here',
  alt: 'unused',
};

test('a card is a PNG of the stated size, and the same card gives the same bytes', async () => {
  const [a, b] = [await ogImage(CARD, 'Soulpress'), await ogImage(structuredClone(CARD), 'Soulpress')];
  assert.deepEqual([...a.subarray(1, 4)].map((c) => String.fromCharCode(c)).join(''), 'PNG');
  const view = new DataView(a.buffer, a.byteOffset);
  assert.deepEqual([view.getUint32(16), view.getUint32(20)], [OG_WIDTH, OG_HEIGHT]);
  assert.ok(Buffer.from(a).equals(Buffer.from(b)), 'same bytes');
  const other = await ogImage({ ...CARD, figures: [{ value: '7.7 KiB', label: 'from the directory' }] }, 'Soulpress');
  assert.equal(Buffer.from(a).equals(Buffer.from(other)), false, 'a changed figure is drawn');
});

test('a card states the page’s own figures, and its bar is the page’s segments', () => {
  const group = { role: 'identity', label: 'Identity', count: 1, whole: 1, pointer: 0, promptBytes: 300, share: 0.25, first: 1, last: 1 } as const;
  const view = { kind: 'family', display: 'Pippa', preset: 'code-review', href: 'souls/pippa/code-review/', promptBytes: 1200, promptTokens: { tokens: 321, estimated: false }, documents: [{ anchor: 'doc-a' }], groups: [group] };
  const card = bundleCard(view as never, 'cwkpippa');
  assert.equal(card.kind, 'Soul with a preset');
  assert.deepEqual(card.figures.map((f) => f.value), ['1.2 KiB', '321', '1']);
  assert.deepEqual(card.segments.map((s) => [s.label, s.bytes, s.share]), [['Identity', 300, 0.25]]);
  assert.match(card.alt, /^Pippa · code-review, soul with a preset of the cwkpippa family: a 1\.2 KiB prompt of 321 tokens in 1 document; by role: Identity 25\.0%\.$/);
  const agent = agentCard({ id: 'x', href: 'agents/x/', rejected: null, knownBytes: 0, knownTokens: { tokens: 0, estimated: false }, sections: [], placeholders: 0 } as never, 'Site');
  assert.equal(agent.note, null);
  assert.match(agent.alt, /^x, LingTai agent: 0 B of prompt/);
});

test('share image routes exist only when they are on (and there is a site), the agents’ only with agents too', () => {
  const images = (has: Parameters<typeof routesFor>[0]) => routesFor(has).filter((r) => r.pattern.endsWith('/og.png')).map((r) => r.pattern);
  const all = { agents: true, history: true, lessons: true, shareImages: true };
  assert.equal(images(all).length, 4);
  assert.deepEqual(images({ ...all, shareImages: false }), []);
  assert.deepEqual(images({ ...all, agents: false }), ['/souls/[soul]/og.png', '/souls/[soul]/[preset]/og.png', '/guests/[guest]/og.png']);
  assert.ok(ROUTES.filter((r) => r.pattern.endsWith('/og.png')).every((r) => !r.pattern.startsWith('/notes')), 'never one per note');
});

test('a preset named og.png gets a page of its own, not the soul’s image', () => {
  assert.notEqual(presetParam('og.png'), 'og.png');
  assert.notEqual(soulPath('pippa', 'og.png'), shareImagePath(soulPath('pippa')));
  assert.equal(presetParam('og.png.md'), 'og.png.md');
});

test('a CJK name is drawn in its glyphs, not as the box a font draws for a character it lacks', async () => {
  const drawn = async (name: string) => Buffer.from(await ogImage({ ...CARD, name, segments: [], note: null }, 'Soulpress', () => undefined));
  // 明 and 镜 are in two of Noto Sans SC's subsets: both must be drawn, not only the last one loaded.
  for (const name of ['明镜', '灵台']) {
    const whole = await drawn(name);
    for (const boxed of [`\uE000${name[1]}`, `${name[0]}\uE000`]) assert.equal(whole.equals(await drawn(boxed)), false, `${name} is drawn as ${boxed}`);
  }
});

test('the legend names the largest parts the bar draws, in load order, and counts the rest; a part of no size is neither', () => {
  const part = (label: string, bytes: number, slot = 1) => ({ label, slot, bytes, share: bytes / 1000, href: '' });
  const texts = (card: ShareCard): string => JSON.stringify(cardTree(card, 'Site'));
  const six = { ...CARD, segments: [part('A', 50), part('B', 300), part('C', 0), part('D', 200), part('E', 10), part('F', 400), part('G', 40)] };
  const drawn = texts(six);
  // The four largest (F 400, B 300, D 200, A 50) are named; G (40) and E (10) are "+ 2 more"; C has no size.
  for (const label of ['"B"', '"D"', '"F"', '"A"']) assert.ok(drawn.includes(label), label);
  for (const label of ['"E"', '"G"', '"C"']) assert.equal(drawn.includes(label), false, label);
  assert.ok(drawn.includes('+ 2 more'));
  assert.ok(drawn.indexOf('"A"') < drawn.indexOf('"B"') && drawn.indexOf('"D"') < drawn.indexOf('"F"'), 'in load order');
  assert.equal(texts({ ...CARD, segments: [part('A', 50), part('C', 0)] }).includes('more'), false);
});

/** The element whose text is `text`, anywhere in the tree. */
function findText(node: CardNode | string, text: string): CardNode | undefined {
  if (typeof node === 'string') return undefined;
  const children = node.props.children;
  const list = children === undefined ? [] : Array.isArray(children) ? children : [children];
  if (list.length === 1 && list[0] === text) return node;
  for (const child of list) {
    const found = findText(child, text);
    if (found) return found;
  }
  return undefined;
}

test('only a line that might not fit is clipped to an ellipsis, and the bar clips nothing', () => {
  const card: ShareCard = { ...CARD, kind: 'Soul', name: 'Pippa', note: null, segments: CARD.segments.map((s) => ({ ...s, unknown: false, bytes: s.bytes || 10 })) };
  const tree = cardTree(card, 'Soulpress');
  // Clipped elements cost resvg a layer each (src/render/share-card.ts, `line`).
  assert.equal(findText(tree, 'Pippa')?.props.style?.['overflow'], undefined, 'a short Latin name is not clipped');
  assert.equal(findText(tree, 'Soulpress')?.props.style?.['overflow'], undefined);
  const long = 'Wilhelmina Wolfhart-Montgomery';
  assert.equal(findText(cardTree({ ...card, name: long }, 'Soulpress'), long)?.props.style?.['textOverflow'], 'ellipsis', 'a long name ends in an ellipsis');
  assert.equal(findText(cardTree({ ...card, name: '明镜' }, 'Soulpress'), '明镜')?.props.style?.['overflow'], 'hidden', 'no width bound for CJK: clipped');
  const bars: CardNode[] = [];
  const walk = (n: CardNode | string): void => {
    if (typeof n === 'string') return;
    if (n.props.style?.['height'] === 64) bars.push(n);
    const c = n.props.children;
    for (const child of c === undefined ? [] : Array.isArray(c) ? c : [c]) walk(child);
  };
  walk(tree);
  assert.equal(bars.length, 1);
  assert.equal(bars[0]!.props.style?.['overflow'], undefined);
  // The segments are hard colour stops of the rounded box's background, each as wide as its bytes' share.
  const stops = [...String(bars[0]!.props.style?.['backgroundImage']).matchAll(/(#[0-9a-f]{6}) ([\d.]+)px/g)].map((m) => [m[1], Number(m[2])]);
  assert.deepEqual(stops.map(([c]) => c), [SLOT_COLOURS[1], SLOT_COLOURS[1], SLOT_COLOURS[6], SLOT_COLOURS[6], SLOT_COLOURS[0], SLOT_COLOURS[0]]);
  const total = 504 + 1872 + 10;
  assert.ok(Math.abs((stops[3]![1] as number) - ((504 + 1872) / total) * (OG_WIDTH - 128)) < 0.01);
  assert.equal(stops.at(-1)![1], OG_WIDTH - 128);
});

test("the width bounds hold for Noto Sans: no character wider than its bound, no pair kerned apart", () => {
  // The parser satori itself reads the fonts with, from satori's own dependencies: its advances and
  // kerning are what satori lays text out by.
  const opentype = createRequire(createRequire(import.meta.url).resolve('satori'))('@shuding/opentype.js') as {
    parse(data: ArrayBuffer): { unitsPerEm: number; charToGlyph(ch: string): { advanceWidth: number }; getKerningValue(a: object, b: object): number };
  };
  const require = createRequire(import.meta.url);
  const chars = Array.from({ length: 0x17f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).filter((ch) => ch.charCodeAt(0) <= 0x7e || ch.charCodeAt(0) >= 0xa0);
  for (const weight of [400, 700]) {
    for (const subset of ['latin', 'latin-ext']) {
      const font = opentype.parse(new Uint8Array(readFileSync(require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`))).buffer);
      for (const ch of chars) {
        const glyph = font.charToGlyph(ch);
        // A subset without the character has no glyph for it (advance of .notdef): the other subset draws it.
        if (glyph.advanceWidth === undefined || (font as unknown as { charToGlyphIndex(c: string): number }).charToGlyphIndex(ch) === 0) continue;
        assert.ok((glyph.advanceWidth / font.unitsPerEm) * 100 <= widthBound(ch, 100)! + 1e-9, `${ch} (U+${ch.charCodeAt(0).toString(16)}) at ${weight} in ${subset}`);
      }
      const ascii = chars.filter((ch) => ch.charCodeAt(0) <= 0x7e);
      for (const a of ascii) for (const b of ascii) assert.ok(font.getKerningValue(font.charToGlyph(a), font.charToGlyph(b)) <= 0, `${a}${b} kerned apart at ${weight}`);
    }
  }
  assert.equal(widthBound('明镜', 28), null, 'no bound for what another font draws');
  assert.ok(widthBound('Shared instructions', 28)! < 420, 'a usual label fits the legend unclipped');
});

test('the legend is clipped only when its entries might take a third row', () => {
  const part = (label: string, bytes: number, slot = 1) => ({ label, slot, bytes, share: bytes / 1000, href: '' });
  const legendOf = (segments: ShareCard['segments']): CardNode => {
    let found: CardNode | undefined;
    const walk = (n: CardNode | string): void => {
      if (typeof n === 'string') return;
      if (n.props.style?.['flexWrap'] === 'wrap') found = n;
      const c = n.props.children;
      for (const child of c === undefined ? [] : Array.isArray(c) ? c : [c]) walk(child);
    };
    walk(cardTree({ ...CARD, segments }, 'Site'));
    return found!;
  };
  const usual = legendOf([part('Identity', 10), part('Shared instructions', 300), part('Shared core', 400), part('Soul core', 200), part('Soul notes', 90)]);
  assert.equal(usual.props.style?.['overflow'], undefined, 'four usual labels and "+ 1 more" fit two rows');
  const long = 'A label far too long to share its row with any other entry';
  const wide = legendOf([part(long, 10), part(long + ' 2', 300), part(long + ' 3', 400), part(long + ' 4', 200)]);
  assert.equal(wide.props.style?.['overflow'], 'hidden', 'four entries of a row each: clipped to two rows');
  const cjk = legendOf([part('灵台', 10), part('知识', 300)]);
  assert.equal(cjk.props.style?.['overflow'], undefined, "a label of another script is bounded by its line's own width");
});
