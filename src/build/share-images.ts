// A build's share images, drawn on a worker thread while Astro renders the pages. Drawn when Astro
// reached each image route, they were about 6 s of the main thread at 5k notes (116 cards: resvg's
// rasteriser most of it, then satori), with the other core partly idle. The integration hands the
// cards over as soon as the site is loaded; an image route's GET then only takes the bytes.
//
// Each card is kept in the cache folder under its cache key, so a rebuild draws only the cards whose
// key is new (Astro copies the pages of the others and never asks for them).
import { Worker, threadId } from 'node:worker_threads';
import { mkdirSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ShareCard } from '../render/share-card.ts';
import { agentCard, bundleCard } from '../render/share-card.ts';
import type { SiteData } from '../data/types.ts';
import { agentParam, presetParam } from '../data/urls.ts';
import { imagePaths, ogImage } from './og-image.ts';
import type { ImageProps } from './og-image.ts';
import { workerEnv } from '../node/worker-env.ts';
import { keepRasteriserMemory } from '../node/rasteriser-memory.ts';

/** The routes that draw a share image, each beside its page. */
export type ShareRoute = 'soul' | 'preset' | 'guest' | 'agent';
export const SHARE_ROUTES: readonly ShareRoute[] = ['soul', 'preset', 'guest', 'agent'];

/** What the share cards are made from: the site before its notes' HTML is rendered will do. */
export type SiteCards = Pick<SiteData, 'title' | 'family' | 'bundles' | 'agents'>;

/** The images of one route: its pages' params and what each card shows. The routes and the integration both list them here. */
export function shareCards(site: SiteCards, route: ShareRoute): Array<{ params: Record<string, string>; card: ShareCard }> {
  const bundles = site.bundles;
  switch (route) {
    case 'soul':
      return bundles.filter((b) => b.kind === 'family' && b.preset === null).map((b) => ({ params: { soul: b.soul }, card: bundleCard(b, site.family) }));
    case 'preset':
      return bundles.filter((b) => b.kind === 'family' && b.preset !== null).map((b) => ({ params: { soul: b.soul, preset: presetParam(b.preset!) }, card: bundleCard(b, site.family) }));
    case 'guest':
      return bundles.filter((b) => b.kind === 'guest').map((b) => ({ params: { guest: b.soul }, card: bundleCard(b, site.family) }));
    case 'agent':
      return site.agents.map((a) => ({ params: { agent: agentParam(a.id) }, card: agentCard(a, site.title) }));
  }
}

/** A route's static paths: each image's params, the card it draws and its cache key. */
export function sharePaths(site: SiteCards, route: ShareRoute): ReturnType<typeof imagePaths> {
  return imagePaths(site.title, shareCards(site, route));
}

// Drawn or stored images by cache key, for the GET of the route chunks: Vite bundles those apart from
// the integration's modules, so they meet in a process-wide slot. A key names the card's bytes (drawer,
// site title, card), so builds in one process can share the slot.
const SLOT = Symbol.for('soulpress:share-images');
type Drawn = Map<string, () => Promise<Uint8Array>>;
function drawn(): Drawn {
  const global = globalThis as Record<symbol, Drawn | undefined>;
  return (global[SLOT] ??= new Map());
}

/** The image prepared for this key, taken from the slot; undefined where none was (the dev server draws its own). */
export function takeShareImage(key: string): Promise<Uint8Array> | undefined {
  const get = drawn().get(key);
  if (get === undefined) return undefined;
  drawn().delete(key);
  return get();
}

/** The folder under the cache folder that keeps each card's PNG by cache key. */
export const SHARE_STORE = 'soulpress-share-images';

// The worker beside this module: the source here, the compiled file in the package's lib/.
const WORKER = import.meta.url.endsWith('.ts') ? './share-image-worker.ts' : './share-image-worker.js';

export interface DrawJob {
  key: string;
  card: ShareCard;
  siteTitle: string;
  /** Where the worker writes the PNG. */
  file: string;
}
export type DrawReply = { key: string; png: Uint8Array } | { key: string; error: string };

/**
 * Put every share image of `site` in the slot, before this returns: a card stored under its key by an
 * earlier build is read when its route asks; the others start drawing on worker threads (drawCards) and
 * are stored. The store keeps only this build's cards. The promise settles once every card is drawn, with
 * how many were drawn, how many kept, and on how many worker threads; a card that fails to draw fails its
 * route's GET with the drawer's message.
 */
export function prepareShareImages(site: SiteCards, cacheDir: string): Promise<{ drawn: number; stored: number; workers: number }> {
  const store = path.join(cacheDir, SHARE_STORE);
  mkdirSync(store, { recursive: true });
  const have = new Set(readdirSync(store));
  const slot = drawn();
  const jobs: DrawJob[] = [];
  const keep = new Set<string>();
  for (const route of SHARE_ROUTES) {
    for (const { props } of sharePaths(site, route)) {
      const name = `${props.key}.png`;
      // Two pages with the same card (two souls alike to the letter) are one job and one stored file; the
      // second page to ask finds the slot taken and draws its own in place, the same bytes.
      if (keep.has(name)) continue;
      keep.add(name);
      const job = { key: props.key, card: props.card, siteTitle: props.siteTitle, file: path.join(store, name) };
      // A stored card another build removed meanwhile (builds sharing the folder) is drawn again.
      if (have.has(name)) slot.set(props.key, () => readFile(job.file).catch(() => drawAndStore(job)));
      else jobs.push(job);
    }
  }
  // What this build does not name is a card no build will ask for again (an older figure).
  const pruned = Promise.all([...have].filter((name) => !keep.has(name)).map((name) => rm(path.join(store, name), { force: true })));
  const { results, claim, workers } = drawCards(jobs);
  for (const job of jobs) slot.set(job.key, () => claim(job.key) ?? results.get(job.key)!);
  return Promise.all([pruned, Promise.allSettled(results.values())]).then(() => ({ drawn: jobs.length, stored: keep.size - jobs.length, workers: workers() }));
}

/** A card drawn and stored: what the worker does with each job. */
export async function drawAndStore(job: DrawJob): Promise<Uint8Array<ArrayBuffer>> {
  try {
    const png = await ogImage(job.card, job.siteTitle);
    // Written whole or not at all: a build cut short leaves no half image under a good key.
    const tmp = `${job.file}.${process.pid}.${threadId}.tmp`;
    await writeFile(tmp, png);
    await rename(tmp, job.file);
    return png;
  } catch (error) {
    throw new Error(`the share image of ${job.card.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The most worker threads that draw cards at once: one per core, up to four. */
const MOST_DRAWERS = Math.max(1, Math.min(availableParallelism(), 4));

/**
 * How many times the pages must have waited for a card no worker had taken before another worker starts.
 * A card is ~30 ms of CPU and a worker ~0.1-0.2 s to start (satori, resvg, the fonts). Astro asks for a
 * route's images a few at a time, so a worker behind the pages shows as one wait after another: at 100
 * souls of 20 notes (416 cards) the pages were done at ~11 s and then waited ~6 s for the soul and preset
 * cards, one worker drawing with a core idle. A second worker from the start cost ~1.5 s more CPU at 2k
 * notes in 10 souls (56 cards), where the pages waited only for the agents' and guests' six cards, early
 * (bench/RESULTS.md, "Share cards on more cores").
 */
const BEHIND_FOR_ANOTHER = 16;

/**
 * Each job's PNG, drawn on worker threads that end once the last card is drawn, even for one card: the
 * main thread loads satori, resvg and the fonts only if it draws a card itself (og-image.ts, the dev
 * server), so a worker costs no more CPU than drawing in place, and it runs on another core while Vite
 * bundles. The workers run at the helpers' lower CPU priority (share-image-worker.ts), so the pages keep
 * most of a core they share. A card a route asks for before a worker took it
 * goes next in the queue, and the route waits for it; each BEHIND_FOR_ANOTHER such waits start another
 * worker, up to MOST_DRAWERS. Drawn by the asking thread instead, the first cards Astro asked for (the
 * agents' and guests' routes come before the souls') made the main thread load satori, resvg and the
 * fonts and draw them cold: about 0.3 s of the main thread at 2k notes, for 6 of 56 cards.
 */
function drawCards(jobs: readonly DrawJob[]): { results: Map<string, Promise<Uint8Array>>; claim: (key: string) => Promise<Uint8Array> | undefined; workers: () => number } {
  const results = new Map<string, Promise<Uint8Array>>();
  if (jobs.length === 0) return { results, claim: () => undefined, workers: () => 0 };
  const waiting = new Map<string, { resolve: (png: Uint8Array) => void; reject: (error: Error) => void }>();
  for (const job of jobs) {
    const promise = new Promise<Uint8Array>((resolve, reject) => waiting.set(job.key, { resolve, reject }));
    // Awaited by the route's GET; a build that never asks (it failed first) must not also report it.
    promise.catch(() => undefined);
    results.set(job.key, promise);
  }
  // One card at a time in each worker: the rest stay here, where a route asking for one can move it up.
  const queue = [...jobs];
  // How many times a route asked for a card no worker had taken yet: each time, the pages wait for it.
  let behind = 0;
  const workers = new Set<Worker>();
  let started = 0;
  const settle = (key: string, outcome: { png: Uint8Array } | { error: Error }): void => {
    const wait = waiting.get(key);
    waiting.delete(key);
    if ('error' in outcome) wait?.reject(outcome.error);
    else wait?.resolve(outcome.png);
  };
  const failAll = (error: Error): void => {
    queue.length = 0;
    for (const key of [...waiting.keys()]) settle(key, { error });
    for (const worker of workers) void worker.terminate();
  };
  const start = (): void => {
    // The worker loads resvg, whose allocator reads its settings from the process's environment.
    keepRasteriserMemory();
    const worker = new Worker(new URL(WORKER, import.meta.url), { env: workerEnv() });
    workers.add(worker);
    started++;
    // A worker with no card left ends at once; the others may still be drawing theirs.
    const sendNext = (): void => {
      const job = queue.shift();
      if (job) worker.postMessage(job);
      else {
        workers.delete(worker);
        void worker.terminate();
      }
    };
    worker.on('message', (reply: DrawReply) => {
      settle(reply.key, 'error' in reply ? { error: new Error(reply.error) } : { png: reply.png });
      sendNext();
    });
    worker.on('error', (error: unknown) => failAll(error instanceof Error ? error : new Error(String(error))));
    worker.on('exit', (code) => {
      if (workers.delete(worker) && waiting.size > 0) failAll(new Error(`a share image worker stopped (exit code ${code}) before drawing every card`));
    });
    sendNext();
  };
  start();
  const claim = (key: string): Promise<Uint8Array> | undefined => {
    const at = queue.findIndex((job) => job.key === key);
    if (at < 0) return undefined;
    queue.unshift(...queue.splice(at, 1));
    behind++;
    if (behind % BEHIND_FOR_ANOTHER === 0 && workers.size < MOST_DRAWERS) start();
    return results.get(key);
  };
  return { results, claim, workers: () => started };
}

/** Every share image route's GET: the card prepared for its key, or drawn here (the dev server). (Typed by hand: src/build imports nothing of Astro's.) */
export async function GET({ props }: { props: Record<string, unknown> }): Promise<Response> {
  const { card, siteTitle, key } = props as unknown as ImageProps;
  const png = (await takeShareImage(key)) ?? (await ogImage(card, siteTitle));
  return new Response(png as Uint8Array<ArrayBuffer>, { headers: { 'Content-Type': 'image/png' } });
}
