// The floor `check` is measured against: one process that lists a folder and reads and hashes every
// file under it once, as fast as Node can (readFile + node:crypto, 64 at a time), and exits.
// CLI: node bench/read-floor.ts DIR [--ext .md]   prints "<files> <bytes>"
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ options: { ext: { type: 'string' } }, allowPositionals: true });
const root = positionals[0];
if (!root) throw new Error('usage: node bench/read-floor.ts DIR [--ext .md]');
const ext = values.ext;
const files = (await readdir(root, { recursive: true, withFileTypes: true }))
  .filter((e) => e.isFile() && (ext === undefined || e.name.endsWith(ext)))
  .map((e) => path.join(e.parentPath, e.name));
let next = 0;
let bytes = 0;
const worker = async (): Promise<void> => {
  while (next < files.length) {
    const data = await readFile(files[next++]!);
    createHash('sha256').update(data).digest();
    bytes += data.byteLength;
  }
};
await Promise.all(Array.from({ length: 64 }, worker));
console.log(`${files.length} ${bytes}`);
