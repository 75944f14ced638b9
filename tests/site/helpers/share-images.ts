// What a built site says about its share images: each page's og:/twitter: tags, and a PNG's real size.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { exists, listFiles, readPage } from './dist.ts';
import { tags } from './html.ts';

/** The `site` of the repository's astro.config.mjs, which the test builds use. */
export const ORIGIN = 'http://localhost:4321';

/** A page's `<meta property|name=… content=…>` tags, by key. */
export function metaTags(html: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const t of tags(html)) {
    if (t.name !== 'meta') continue;
    const key = t.attrs.get('property') ?? t.attrs.get('name');
    if (key !== undefined) out.set(key, t.attrs.get('content') ?? '');
  }
  return out;
}

/** Width and height from a PNG's IHDR chunk; throws if the file is not a PNG. */
export function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], `${file} is a PNG`);
  assert.equal(bytes.toString('latin1', 12, 16), 'IHDR', `${file}: IHDR first`);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Every member page (`pages`, decoded paths relative to the site, ending in `/`) names a share image
 * under `origin` + `base` whose file is in `dir`, a PNG of the size its tags state, with an alt text;
 * every other page names none. Returns the member pages' image files.
 */
export function checkShareImages(dir: string, origin: string, base: string, pages: readonly string[]): string[] {
  const members = new Set(pages.map((p) => `${p}index.html`));
  const html = listFiles(dir).filter((f) => f.endsWith('.html'));
  for (const p of members) assert.ok(html.includes(p), `${p}: the member page was built`);
  const images: string[] = [];
  for (const file of html) {
    const meta = metaTags(readPage(dir, file));
    if (!members.has(file)) {
      assert.equal(meta.has('og:image'), false, `${file} is no member page, so it names no image`);
      assert.equal(meta.get('twitter:card'), 'summary', `${file}: a small card`);
      continue;
    }
    const url = meta.get('og:image');
    assert.ok(url, `${file}: og:image`);
    const page = file.slice(0, -'index.html'.length);
    // The image is beside the page, named by an absolute URL under the site's origin and base.
    assert.equal(decodeURIComponent(url), `${origin}${base}${page}og.png`, `${file}: og:image URL`);
    assert.equal(meta.get('twitter:image'), url, `${file}: twitter:image`);
    assert.equal(meta.get('twitter:card'), 'summary_large_image', `${file}: large card`);
    assert.equal(meta.get('og:image:type'), 'image/png');
    assert.ok((meta.get('og:image:alt') ?? '').length > 20, `${file}: the image says what it shows`);
    const image = path.join(dir, ...`${page}og.png`.split('/'));
    assert.ok(exists(image), `${file}: ${image} exists`);
    assert.deepEqual(pngSize(image), { width: Number(meta.get('og:image:width')), height: Number(meta.get('og:image:height')) }, `${file}: the PNG has the stated size`);
    images.push(image);
  }
  // One image per member page, never one per note: no other og.png anywhere.
  assert.deepEqual(listFiles(dir).filter((f) => f.endsWith('.png')).sort(), images.map((i) => path.relative(dir, i).split(path.sep).join('/')).sort());
  return images;
}
