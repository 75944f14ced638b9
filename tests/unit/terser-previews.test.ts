// The previews' compress pass: smaller code that does the same, and kept by what went in, so a build
// whose preview code did not change reads the result back rather than compressing again.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { deserialize, serialize } from 'node:v8';
import { terserPreviews } from '../../src/integration/terser-previews.ts';

type Render = (code: string, chunk: { name: string }) => Promise<{ code: string }>;
const renderOf = (cacheDir: string | null): Render => terserPreviews(cacheDir).renderChunk as unknown as Render;

const SOURCE = `const unused = 1;
export function total(items) {
  let sum = 0;
  for (const item of items) { if (true) { sum = sum + item.bytes; } }
  return sum;
}
console.log(total([{ bytes: 2 }, { bytes: 3 }]));
`;

test('compresses without changing what the code does', async () => {
  const out = await renderOf(null)(SOURCE, { name: 'live-start' });
  assert.ok(out.code.length < SOURCE.length, out.code);
  assert.doesNotMatch(out.code, /unused|if \(true\)/);
  const run = (code: string): string[] => {
    const logged: string[] = [];
    new Function('console', code.replace(/^export /gm, ''))({ log: (v: unknown) => logged.push(String(v)) });
    return logged;
  };
  assert.deepEqual(run(out.code), run(SOURCE));
});

test('keeps each result in the cache folder by its input, and compresses again when the input changes', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'soulpress-terser-'));
  const first = await renderOf(dir)(SOURCE, { name: 'live-start' });
  assert.deepEqual(await readdir(path.join(dir, 'soulpress-previews')), ['live-start.v8']);
  const file = path.join(dir, 'soulpress-previews', 'live-start.v8');
  // A later build reads what is kept: prove it by planting a marker in the kept value.
  const pack = deserialize(await readFile(file)) as { maker: string; entries: Map<string, string> };
  const [key] = pack.entries.keys();
  pack.entries.set(key!, '/* kept */' + first.code);
  await writeFile(file, serialize(pack));
  assert.equal((await renderOf(dir)(SOURCE, { name: 'live-start' })).code, '/* kept */' + first.code);
  // Other code is compressed afresh, and the file then holds only what that build used.
  const changed = SOURCE.replace('item.bytes', 'item.size');
  const second = await renderOf(dir)(changed, { name: 'live-start' });
  assert.match(second.code, /\.size/);
  const after = deserialize(await readFile(file)) as { entries: Map<string, string> };
  assert.equal(after.entries.size, 1);
  assert.notEqual([...after.entries.keys()][0], key);
});
