// The share images' PNG encoder: a well-formed file that another decoder (resvg's, reading it back as
// an <image>) turns into exactly the pixels it was given.
import assert from 'node:assert/strict';
import { inflateSync, crc32 } from 'node:zlib';
import { test } from 'node:test';
import { Resvg } from '@resvg/resvg-js';
import { encodePng } from '../../src/build/png.ts';

const W = 120;
const H = 63;
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="g"><stop offset="0" stop-color="#0b3d91"/><stop offset="1" stop-color="#f4a261"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/><circle cx="40" cy="30" r="22" fill="#2a9d8f"/><path d="M70 5 L115 58 L60 50 Z" fill="#e9c46a"/></svg>`;
const render = (svg: string) => new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render();

function chunks(png: Uint8Array): Array<{ type: string; data: Buffer }> {
  const b = Buffer.from(png);
  assert.deepEqual([...b.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const out: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at < b.length; ) {
    const length = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    assert.equal(b.readUInt32BE(at + 8 + length), crc32(b.subarray(at + 4, at + 8 + length)), `${type}: CRC`);
    out.push({ type, data: b.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return out;
}

test('the file is IHDR, IDAT, IEND with good CRCs, and its rows are the pixels', () => {
  const image = render(SVG);
  const png = encodePng(image.width, image.height, image.pixels);
  const parts = chunks(png);
  assert.deepEqual(parts.map((c) => c.type), ['IHDR', 'IDAT', 'IEND']);
  const ihdr = parts[0]!.data;
  assert.deepEqual([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ...ihdr.subarray(8)], [W, H, 8, 6, 0, 0, 0]);
  const rows = inflateSync(parts[1]!.data);
  assert.equal(rows.length, (W * 4 + 1) * H);
  const pixels = Buffer.concat(Array.from({ length: H }, (_, y) => rows.subarray(y * (W * 4 + 1) + 1, (y + 1) * (W * 4 + 1))));
  assert.ok(pixels.equals(image.pixels));
});

test('another decoder reads back exactly the pixels, and the same pixels give the same bytes', () => {
  const image = render(SVG);
  const png = encodePng(image.width, image.height, image.pixels);
  const back = render(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><image width="${W}" height="${H}" href="data:image/png;base64,${Buffer.from(png).toString('base64')}"/></svg>`);
  assert.ok(Buffer.from(back.pixels).equals(Buffer.from(image.pixels)), 'resvg decodes the same pixels');
  assert.ok(Buffer.from(encodePng(W, H, render(SVG).pixels)).equals(Buffer.from(png)));
});

test('the rows buffer kept from a larger image leaves nothing of it in the next one', () => {
  const image = render(SVG);
  const first = Buffer.from(encodePng(image.width, image.height, image.pixels));
  // A wider, all-white image fills the kept buffer with 0xff, where the small image's filter bytes go.
  encodePng(W * 3, H * 2, new Uint8Array(W * 3 * 4 * H * 2).fill(0xff));
  const again = Buffer.from(encodePng(image.width, image.height, image.pixels));
  assert.ok(again.equals(first));
  const rows = inflateSync(chunks(again)[1]!.data);
  assert.deepEqual(Array.from({ length: H }, (_, y) => rows[y * (W * 4 + 1)]), Array(H).fill(0), 'every row is filter type 0');
});

test('a pixel buffer of the wrong size is refused', () => {
  assert.throws(() => encodePng(2, 2, new Uint8Array(15)), /15 bytes for 2x2 RGBA/);
});
