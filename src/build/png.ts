// An RGBA image as a PNG, compressed by Node's own zlib. resvg's encoder (adaptive row filters, its
// own deflate) took about 11 ms of a share card's 33 on the main thread; rows left unfiltered and
// deflated at level 3 take about 5 ms, pixel copy included, for a file of the same size (a card's flat
// colours compress as well without filters). Written here rather than taken from a package: the PNG
// encoders on npm filter rows in JavaScript or deflate with pako, both slower than this.
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const LEVEL = 3;

// The filtered rows of the last image, reused by the next one of the same size or smaller. A card's rows
// are 3 MB that V8 counts as external memory: made afresh per card, they started a full collection of
// the whole heap every 20 or so cards. encodePng is synchronous, so one buffer serves every call.
let scratch: Buffer | null = null;

/** A chunk: length, type, data, and the CRC-32 of type and data. */
function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** `rgba` is `width`×`height` pixels, 4 bytes each (not premultiplied), row by row from the top. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array<ArrayBuffer> {
  const stride = width * 4;
  if (rgba.length !== stride * height) throw new Error(`encodePng: ${rgba.length} bytes for ${width}x${height} RGBA`);
  const size = (stride + 1) * height;
  if (scratch === null || scratch.length < size) scratch = Buffer.allocUnsafeSlow(size);
  const rows = scratch.subarray(0, size);
  // Each row starts with its filter type; 0 is none. Every byte is written: the buffer is not zeroed.
  for (let y = 0; y < height; y++) {
    rows[y * (stride + 1)] = 0;
    rows.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // 8 bits a channel, colour type 6 (RGBA); compression, filter method and interlace all 0.
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([Uint8Array.from(SIGNATURE), chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: LEVEL })), chunk('IEND', new Uint8Array(0))]);
}

/** What makes the bytes: a zlib of another version may deflate the same rows differently. */
export const PNG_ENCODER = `png-rows-none-deflate-${LEVEL} zlib@${process.versions.zlib}`;
