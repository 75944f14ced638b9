// Counts kept between builds: a prompt whose tails the last build kept (every bundle's impacts keep them)
// is not counted again for its own count, even where the last build kept no count of the prompt itself
// (a member kept whole is not loaded, so its prompt's count is not asked for).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { deserialize, serialize } from 'node:v8';
import { KEPT_SUFFIX } from '../../src/node/kept-file.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'soulpress-tokens-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const tokens = new URL('../../src/node/tokens.ts', import.meta.url).href;
const TEXTS = ['# Identity\n\nI am a test soul who writes plainly.', 'Shared instructions: keep answers short.', 'A core note about reviewing changes with care.'];

/** A fresh process (nothing counted in memory) that opens the store in `dir`, runs `body`, prints its value and saves the store. */
function inProcess(body: string): string {
  const script = `const t = await import(${JSON.stringify(tokens)}); await t.openTokenStore(${JSON.stringify(dir)}); const texts = ${JSON.stringify(TEXTS)}; const out = ${body}; await t.saveTokenStore(); console.log(JSON.stringify(out));`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim();
}

test("a prompt's count comes from the tails the last build kept", () => {
  const tails = JSON.parse(inProcess(`t.impactTokens.suffixes(texts, '\\n\\n', 'rev-kept')`)) as number[];
  assert.equal(tails.length, TEXTS.length);
  // Mark the kept tails so that a count taken from them can be told from one counted again.
  const folder = path.join(dir, `soulpress-tokens${KEPT_SUFFIX}`);
  const segments = readdirSync(folder).map((name) => ({ file: path.join(folder, name), pack: deserialize(readFileSync(path.join(folder, name))) as { maker: string; entries: Map<string, unknown> } }));
  const keys = segments.flatMap(({ file, pack }) => [...pack.entries.keys()].filter((k) => k.startsWith('tails\0rev-kept\0')).map((key) => ({ key, file, pack })));
  assert.equal(keys.length, 1, 'the impacts kept the tails under the prompt revision');
  const [{ key, file, pack }] = keys as [(typeof keys)[0]];
  pack.entries.set(key, [777, ...tails.slice(1)]);
  writeFileSync(file, serialize(pack));
  const count = (revision: string): number => (JSON.parse(inProcess(`t.exactTokens.prompt('', '${revision}', [], texts)`)) as { tokens: number }).tokens;
  assert.equal(count('rev-kept'), 777, 'taken from the kept tails');
  assert.equal(count('rev-new'), tails[0], 'a prompt with no kept tails is counted, and its first tail is the whole');
});
