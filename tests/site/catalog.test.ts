// The shared core catalog lists every shared core note with its command, its distance as the
// loader decides it, and the souls that carry it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import { readCommand } from '../../src/core/index.ts';
import { DIST, pageFile } from './helpers/dist.ts';
import { expectedBundles, sharedCoreUris } from './helpers/family.ts';
import type { Expected } from './helpers/family.ts';
import { decodeEntities, withAttr } from './helpers/html.ts';

let html = '';
let uris: string[] = [];
let bundles: Expected[] = [];

before(async () => {
  html = readFileSync(pageFile(DIST, 'shared/'), 'utf8');
  uris = await sharedCoreUris();
  bundles = (await expectedBundles()).filter((e) => e.bundle.kind === 'family' && e.bundle.preset === null);
});

/** The catalog row of one URI, as HTML. */
function row(uri: string): string {
  const start = html.indexOf(`data-uri="${uri}"`);
  assert.ok(start >= 0, `no catalog row for ${uri}`);
  return html.slice(start, html.indexOf('</tr>', start));
}

test('every shared core note has a row, in load order, and nothing else does', () => {
  assert.ok(uris.length > 0);
  const rows = withAttr(html, 'data-distance').map((t) => t.attrs.get('data-uri'));
  assert.deepEqual(rows, uris);
});

test('each row shows the exact soul-vault read command', () => {
  for (const uri of uris) {
    const command = /<code data-command>([\s\S]*?)<\/code>/.exec(row(uri))?.[1] ?? '';
    assert.equal(decodeEntities(command.replace(/<[^>]+>/g, '')), readCommand(uri));
  }
});

test('distance is head for whole and at-hand for pointer, as every soul loads it', () => {
  for (const uri of uris) {
    const modes = bundles.map((e) => e.bundle.documents.find((d) => d.uri === uri)?.mode);
    assert.ok(modes.every((m) => m === modes[0]), `${uri}: souls disagree`);
    const distance = withAttr(html, 'data-uri', uri)[0]!.attrs.get('data-distance');
    assert.equal(distance, modes[0] === 'whole' ? 'head' : 'at-hand', uri);
  }
  assert.ok(html.includes('distance-head') && html.includes('distance-at-hand'), 'the sample has both distances');
});

test('carriers name each soul with the mode it carries the note in', () => {
  for (const uri of uris) {
    const r = row(uri);
    for (const { bundle } of bundles) {
      const doc = bundle.documents.find((d) => d.uri === uri)!;
      assert.ok(r.includes(`>${bundle.display}</a>`), `${uri}: carrier ${bundle.soul} missing`);
      const after = r.slice(r.indexOf(`>${bundle.display}</a>`));
      assert.match(after, new RegExp(`^>[^<]*</a>\\s*<span class="mode-inline mode-${doc.mode}">${doc.mode}</span>`), `${uri}: ${bundle.soul} ${doc.mode}`);
    }
    // The list only repeats which bundles carry the note: search leaves it out (search-index.ts).
    assert.match(r, /<ul class="carriers" data-search-ignore>/, `${uri}: carriers indexed for search`);
  }
});
