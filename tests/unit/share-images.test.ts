// A build's share images are drawn on a worker thread (a card a page asks for first goes next), and kept by
// cache key: the same bytes as drawing the card in place, and a second build draws only what changed.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { loadSite } from '../../src/build/site.ts';
import { ogImage } from '../../src/build/og-image.ts';
import { SHARE_ROUTES, SHARE_STORE, prepareShareImages, sharePaths, takeShareImage } from '../../src/build/share-images.ts';
import { SAMPLE } from './helpers.ts';

const site = (await loadSite({ vault: SAMPLE, agents: path.join(SAMPLE, 'no-agents'), harness: 'webui', title: 'Share test', search: false, historyDepth: 0, cacheDir: null, prices: [] })).site;
const paths = SHARE_ROUTES.flatMap((route) => sharePaths(site, route));

test('every card is listed once, by a key of its own', () => {
  assert.ok(paths.length >= 4, `${paths.length} cards`);
  assert.equal(new Set(paths.map((p) => p.props.key)).size, paths.length);
  for (const p of paths) assert.equal(p.cacheKey, p.props.key, 'the page cache key is the store key');
});

test('drawn on the worker, the card a page asks for first next, a card is the bytes ogImage draws; a second build draws none; a stale card is dropped', async () => {
  const cache = await mkdtemp(path.join(tmpdir(), 'soulpress-share-'));
  try {
    await mkdir(path.join(cache, SHARE_STORE));
    await writeFile(path.join(cache, SHARE_STORE, 'stale-key.png'), 'old');
    const first = prepareShareImages(site, cache);
    // The last card is asked for at once: it goes next in the worker, so when it comes at most the card
    // the worker had already taken is stored beside it, not every card queued before it.
    const last = paths.at(-1)!;
    const claimed = await takeShareImage(last.props.key)!;
    const storedThen = (await readdir(path.join(cache, SHARE_STORE))).filter((f) => f.endsWith('.png') && f !== 'stale-key.png');
    assert.ok(storedThen.includes(`${last.props.key}.png`) && storedThen.length <= 2, `${storedThen.length} cards stored when the asked-for one came`);
    assert.ok(Buffer.from(claimed).equals(Buffer.from(await ogImage(last.props.card, last.props.siteTitle))), 'claimed card');
    assert.deepEqual(await first, { drawn: paths.length, stored: 0, workers: 1 });
    for (const p of paths.slice(0, -1)) {
      const png = await takeShareImage(p.props.key)!;
      assert.ok(Buffer.from(png).equals(Buffer.from(await ogImage(p.props.card, p.props.siteTitle))), `card ${p.props.card.name}`);
    }
    assert.equal(takeShareImage(last.props.key), undefined, 'a card is handed out once');
    const kept = await readdir(path.join(cache, SHARE_STORE));
    assert.deepEqual(kept.sort(), paths.map((p) => `${p.props.key}.png`).sort(), 'the store holds this build\'s cards only');

    assert.deepEqual(await prepareShareImages(site, cache), { drawn: 0, stored: paths.length, workers: 0 });
    const again = await takeShareImage(paths[0]!.props.key)!;
    assert.ok(Buffer.from(again).equals(Buffer.from(await ogImage(paths[0]!.props.card, paths[0]!.props.siteTitle))), 'read back from the store');
  } finally {
    await rm(cache, { recursive: true, force: true });
  }
});

test('a card that cannot be stored fails its page with a message naming it, and the build does not hang', async () => {
  const cache = await mkdtemp(path.join(tmpdir(), 'soulpress-share-'));
  try {
    const done = prepareShareImages(site, cache);
    // The store is gone before any card is written: every drawing fails, in the worker and here.
    await rm(path.join(cache, SHARE_STORE), { recursive: true });
    for (const p of [paths[0]!, paths.at(-1)!]) await assert.rejects(takeShareImage(p.props.key)!, (error: Error) => error.message.startsWith(`the share image of ${p.props.card.name}: `));
    await done;
  } finally {
    await rm(cache, { recursive: true, force: true });
  }
});

/** The sample's soul bundle as `n` souls of their own names: `n` cards, each drawn anew. */
function souls(n: number): Parameters<typeof prepareShareImages>[0] {
  const soul = site.bundles.find((b) => b.kind === 'family' && b.preset === null)!;
  const bundles = Array.from({ length: n }, (_, k) => ({ ...soul, soul: `soul-${k}`, display: `Soul ${k}` }));
  return { title: site.title, family: site.family, bundles, agents: [] };
}

test('pages that keep waiting for cards start another drawing thread, up to one per core; pages that never wait keep one', async () => {
  const many = souls(40);
  const cards = sharePaths(many, 'soul');
  assert.equal(cards.length, 40);
  const cache = await mkdtemp(path.join(tmpdir(), 'soulpress-share-'));
  try {
    // Asked for one after the other from the end of the queue, as Astro asks for a route's images once the
    // pages are done: every card is asked for before a worker takes it.
    const done = prepareShareImages(many, cache);
    const last = cards.at(-1)!;
    for (const p of [...cards].reverse()) assert.ok((await takeShareImage(p.props.key)!).byteLength > 0, p.props.card.name);
    const { drawn, workers } = await done;
    assert.equal(drawn, 40);
    // Another worker each 16 waits; how many waits there are depends on how fast the workers draw.
    if (availableParallelism() === 1) assert.equal(workers, 1);
    else assert.ok(workers >= 2 && workers <= Math.min(availableParallelism(), 4), `${workers} workers for up to 40 waits`);
    const again = await mkdtemp(path.join(tmpdir(), 'soulpress-share-'));
    try {
      // Nothing asked for while they draw: one worker.
      const quiet = await prepareShareImages(souls(20), again);
      assert.deepEqual(quiet, { drawn: 20, stored: 0, workers: 1 });
    } finally {
      await rm(again, { recursive: true, force: true });
    }
    assert.ok(Buffer.from(await readFile(path.join(cache, SHARE_STORE, `${last.props.key}.png`))).equals(Buffer.from(await ogImage(last.props.card, last.props.siteTitle))), 'a card drawn on a second worker is the same bytes');
  } finally {
    await rm(cache, { recursive: true, force: true });
  }
});
