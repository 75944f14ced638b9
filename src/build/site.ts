// The build-time data layer: the real loader run once per soul, preset and guest over the
// vault root, turned into plain data for the pages. Memoized, so one build loads the vault once.
import { ROLE, VAULT_NOTES, RecordingStore, touchesAny, parseUri, compareCodePoints, requireFamily, listPresets, loadIdentity, readCommand, walkFolder, noteUri } from '../core/index.ts';
import type { Bundle, Family, VaultStore } from '../core/index.ts';
import { FsStore } from '../node/index.ts';
import { bundleLabel, bundleView, cachePrefix } from '../data/bundles.ts';
import { familyMapView } from '../data/family-map.ts';
import { priceTableProblem, turnCosts } from '../data/cost.ts';
import { TOKENIZER, exactTokens, openTokenStore, promptBreakTokens, saveTokenStore } from '../node/tokens.ts';
import { SiteBuildError, building } from './errors.ts';
import { memoStore } from './memo-store.ts';
import type { MemoStore } from './memo-store.ts';
import { buildNotes } from './notes.ts';
import { KeptMembers } from './kept-members.ts';
import type { MemberLoad, Reuse } from './kept-members.ts';
import { openRenderCache } from '../markdown/render-cache.ts';
import { openHighlightCache } from '../markdown/shiki.ts';
import type { RenderCache } from '../markdown/render-cache.ts';
import { buildAgents } from './agents.ts';
import { loadHistory } from './history.ts';
import { impactOf, noteImpacts } from './impact.ts';
import type { BundleView, CatalogEntry, LoadedBy, MemberView, NoteBase, NoteImpactView, SiteData, SiteOptions } from '../data/types.ts';
import { guestPath, noteIndexPath, soulPath, uriAnchor } from '../data/urls.ts';
import { shardCount } from '../data/search-shards.ts';

/**
 * A loaded vault: every bundle loaded and checked, every note read, while the notes' Markdown is
 * still rendering on worker threads. A build waits for the first part before Astro touches the
 * outDir (a VaultError surfaces there); only the pages need `rendered`, so the rendering goes on
 * while Vite bundles them.
 */
export interface LoadedSite {
  /** Every member, bundle, count and route, known before the notes' HTML is. */
  site: SiteOutline;
  /** The whole site, once every note and catalog entry is rendered. */
  rendered: Promise<SiteData>;
  /** The souls and guests whose bundles were kept from the last build (or, in dev, the last load), not loaded again. */
  kept: readonly string[];
}

/** The site without its rendered HTML: its notes without HTML or "loaded by", and no catalog entries yet. */
export type SiteOutline = Omit<SiteData, 'notes' | 'agentEntries'> & { notes: readonly NoteBase[] };

/** Harness ids the live preview offers when the site names none: the kinds of host a soul is loaded by
 * (a chat web UI, the command line, an API client, an editor). Under VAULT.md the harness changes no
 * document, so the list only saves typing; any other id is accepted. */
export const KNOWN_HARNESSES: readonly string[] = ['webui', 'cli', 'api', 'ide'];

const cache = new Map<string, Promise<LoadedSite>>();

/** The members of the last assembly that loaded, by options key, and the family they were loaded in. */
type Assembly = Omit<Reuse, 'changed'>;
const assemblies = new Map<string, Assembly>();

/** Each vault root's store, kept between loads of one process so a reload reads only what changed. */
const stores = new Map<string, MemoStore>();

/** Rendered note HTML by cache folder, kept between loads of one process and read from the last build. */
const renders = new Map<string | null, Promise<RenderCache>>();

/**
 * The site for these options, loaded once. `changed` loads it again (the dev server, after an
 * edit), with the store forgetting only those keys (`vault/path`); every other note's bytes,
 * revision and rendered HTML are reused, and so is every member no change reached.
 */
export function loadSite(options: SiteOptions, { changed }: { changed?: readonly string[] } = {}): Promise<LoadedSite> {
  const key = JSON.stringify([options.vault, options.agents, options.agentsNamed ?? false, options.agentsPublish ?? [], options.family ?? null, options.harness, options.harnesses ?? null, options.title, options.search, options.shareImages ?? true, options.historyDepth, options.prices]);
  const before = cache.get(key);
  if (!changed) return before ?? start(options, key, null);
  // Edits in quick succession: a reload starts once the one before it has loaded, from what that one
  // kept, so it never keeps a member from a state older than a change it was not told about.
  const after = (before ?? Promise.resolve()).then(
    () => start(options, key, changed),
    () => start(options, key, changed),
  );
  cache.set(key, after);
  after.catch(() => {
    if (cache.get(key) === after) cache.delete(key);
  });
  return after;
}

function start(options: SiteOptions, key: string, changed: readonly string[] | null): Promise<LoadedSite> {
  let store = stores.get(options.vault);
  if (!store) stores.set(options.vault, (store = memoStore(new FsStore(options.vault))));
  let reuse: Reuse | null = null;
  if (changed) {
    for (const path of changed) store.forget(path);
    const last = assemblies.get(key);
    if (last) reuse = { ...last, changed };
  }
  let render = renders.get(options.cacheDir);
  // The highlighted code blocks are kept beside the rendered notes; the integration writes them at build:done, after Vite highlights the lessons.
  if (!render) renders.set(options.cacheDir, (render = Promise.all([openRenderCache(options.cacheDir), openHighlightCache(options.cacheDir)]).then(([notes]) => notes)));
  // A reload (the dev server) keeps its rendered notes in memory; only a cold load writes them back.
  const loaded = render.then((r) => assemble(options, store, r, reuse, (done) => assemblies.set(key, done)));
  if (!changed) cache.set(key, loaded);
  // A failed build must not stick: the next build (e.g. after a fix in dev) tries again, from disk.
  const forget = (): void => {
    if (cache.get(key) === loaded) cache.delete(key);
    stores.delete(options.vault);
    assemblies.delete(key);
  };
  loaded.then(({ rendered }) => rendered.catch(forget), forget);
  return loaded;
}

function memberView(bundle: BundleView, presets: string[], notes: ReadonlyMap<string, NoteBase>, reads: ReadonlySet<string>): MemberView {
  const identity = bundle.documents.find((d) => d.role === ROLE.identity);
  return {
    id: bundle.soul,
    display: bundle.display,
    kind: bundle.kind,
    presets,
    href: bundle.href,
    documentCount: bundle.documents.length,
    wholeCount: bundle.wholeCount,
    pointerCount: bundle.pointerCount,
    promptBytes: bundle.promptBytes,
    promptTokens: bundle.promptTokens.tokens,
    revision: bundle.revision,
    summary: (identity && notes.get(identity.uri)?.summary) ?? null,
    reads: [...reads].sort(compareCodePoints),
  };
}

/**
 * `reload` is the dev server's: the last assembly in memory and the files its watcher saw change.
 * Otherwise the last build's members are read from the cache folder, and what changed is asked of
 * the store once every note is read.
 */
async function assemble(options: SiteOptions, store: MemoStore, renderCache: RenderCache, reload: Reuse | null, done: (assembly: Assembly) => void): Promise<LoadedSite> {
  const prices = priceTableProblem(options.prices);
  if (prices) throw new SiteBuildError('the price table', prices);
  const lastBuild = reload ? null : KeptMembers.open(options);
  // Awaited once the notes are read; a build that fails before then must not leave it unhandled.
  lastBuild?.catch(() => undefined);
  await openTokenStore(options.cacheDir);
  const family = await building('the family', () => requireFamily(store, options.family));
  // A guest container that cannot be listed would publish a site missing its guests; check reports the same problem.
  if (family.problems.length > 0) await building('the guests', () => Promise.reject(family.problems[0]));
  const { notes, rendered: notesRendered } = await buildNotes(store, renderCache, { save: reload === null });
  const agents = await buildAgents(options.agents, { named: options.agentsNamed ?? false, publish: options.agentsPublish ?? [] });
  const byUri = new Map(notes.map((n) => [n.uri, n]));
  const kept = await lastBuild;
  const reuse = reload ?? (await kept?.reuse(store, byUri)) ?? null;
  const members = await loadMembers(options, store, family, byUri, reuse);
  const history = await loadHistory(options, family, members.bundles, members.loaded, byUri);
  const impacts = noteImpacts(members.bundles, members.loaded, byUri, options.prices);
  const catalog = await buildCatalog(store, family.shared, members.bundles, byUri, impacts);
  const site = siteOutline(options, family, notes, byUri, members, catalog, agents.agents, agents.snapshots, history);
  // Like the rendered notes, counts and members are written back by a build (or dev's first load), not after every
  // edit in dev. Once the notes are rendered: by then Astro is bundling, and the main thread mostly waits on Rolldown.
  const saved = reload === null ? notesRendered.then(() => Promise.all([saveTokenStore(), kept?.save(store, byUri, members.shape, members.loads)])) : null;
  done({ shape: members.shape, members: members.loads });
  // The pages get the site whole: each note with its HTML and the bundles that load it.
  const loadedBy = loadedByUri(members.bundles);
  const rendered = Promise.all([notesRendered, agents.rendered, saved]).then(([made, agentEntries]): SiteData => ({
    ...site,
    notes: notes.map((n, i) => ({ ...n, html: made.html[i]!, excerpt: made.excerpts[i]!, loadedBy: loadedBy.get(n.uri) ?? [], impact: impactOf(impacts, n.uri, options.prices) })),
    agentEntries,
  }));
  rendered.catch(() => undefined);
  return { site, rendered, kept: members.kept };
}

interface Members {
  souls: MemberView[];
  guests: MemberView[];
  /** Every bundle's view, souls (each with its presets) before guests. */
  bundles: BundleView[];
  /** The loader's own bundles by key: the history reuses them as the newest commit's when the vault is committed. */
  loaded: Map<string, Bundle>;
  /** What a reload may keep. */
  loads: Map<string, MemberLoad>;
  shape: string;
  /** The members kept from `reuse`. */
  kept: string[];
}

/** Every soul (with and without each preset) and guest, loaded, viewed, counted and priced; or kept from the last load. */
async function loadMembers(options: SiteOptions, store: MemoStore, family: Family, byUri: ReadonlyMap<string, NoteBase>, reuse: Reuse | null): Promise<Members> {
  // Each member's loads go through a recording view, so its preview snapshot is what they read.
  const load = (subject: string, soul: string, preset: string | null, record: RecordingStore): Promise<Bundle> =>
    building(subject, () => loadIdentity({ store: record, soul, harness: options.harness, preset, discovered: family }));
  const view = (bundle: Bundle, key: string, href: string, siblings: BundleView['siblings']): BundleView => {
    const made = bundleView(bundle, key, href, byUri, siblings, exactTokens);
    return { ...made, costs: turnCosts(made.promptTokens.tokens, options.prices) };
  };
  const out: Members = { souls: [], guests: [], bundles: [], loaded: new Map(), loads: new Map(), shape: JSON.stringify(family), kept: [] };
  // A reload keeps every member whose loads touched none of the changed keys (same family, same
  // presets): its bundles cannot differ, so loading, viewing and counting them again is skipped.
  const reusable = (id: string, presets: readonly string[]): MemberLoad | null => {
    const last = reuse && reuse.shape === out.shape ? reuse.members.get(id) : undefined;
    if (!last || last.presets.join('/') !== presets.join('/') || touchesAny(last.touched, reuse!.changed)) return null;
    return last;
  };
  const keep = (id: string, member: MemberLoad): MemberView => {
    out.loads.set(id, member);
    for (const { key, bundle, view } of member.bundles) {
      out.loaded.set(key, bundle);
      out.bundles.push(view);
    }
    return member.view;
  };
  for (const soul of family.souls) {
    const presets = await building(`soul ${soul}`, () => listPresets(store, soul));
    const last = reusable(soul, presets);
    if (last) {
      out.souls.push(keep(soul, last));
      out.kept.push(soul);
      continue;
    }
    const siblings: BundleView['siblings'] = [
      { label: 'No preset', preset: null, href: soulPath(soul) },
      ...presets.map((p) => ({ label: p, preset: p, href: soulPath(soul, p) })),
    ];
    const record = new RecordingStore(store);
    const first = await load(`soul ${soul}`, soul, null, record);
    const base = view(first, soul, soulPath(soul), siblings);
    const made: MemberLoad['bundles'] = [{ key: soul, bundle: first, view: base }];
    for (const preset of presets) {
      const bundle = await load(`soul ${soul} (preset ${preset})`, soul, preset, record);
      const key = `${soul}/${preset}`;
      const own = view(bundle, key, soulPath(soul, preset), siblings);
      // What switching to the preset leaves of the no-preset bundle's cache.
      const prefix = { ...cachePrefix(base, own, 'the no-preset bundle'), resentTokens: promptBreakTokens(base, own).resentTokens };
      made.push({ key, bundle, view: { ...own, cachePrefix: prefix } });
    }
    out.souls.push(keep(soul, { presets, touched: record.touched, bundles: made, view: memberView(base, presets, byUri, record.reads) }));
  }
  for (const guest of family.guestIds) {
    const last = reusable(guest, []);
    if (last) {
      out.guests.push(keep(guest, last));
      out.kept.push(guest);
      continue;
    }
    const record = new RecordingStore(store);
    const bundle = await load(`guest ${guest}`, guest, null, record);
    const own = view(bundle, guest, guestPath(guest), [{ label: 'Guest', preset: null, href: guestPath(guest) }]);
    out.guests.push(keep(guest, { presets: [], touched: record.touched, bundles: [{ key: guest, bundle, view: own }], view: memberView(own, [], byUri, record.reads) }));
  }
  return out;
}

/** The site as the loaders made it, before the notes' and entries' HTML is rendered. */
function siteOutline(options: SiteOptions, family: Family, notes: readonly NoteBase[], byUri: ReadonlyMap<string, NoteBase>, members: Members, catalog: CatalogEntry[], agents: SiteData['agents'], agentSnapshots: SiteData['agentSnapshots'], history: SiteData['history']): SiteOutline {
  const instructions = byUri.get(noteUri(family.shared, VAULT_NOTES.instructions));
  const catalogNote = byUri.get(noteUri(family.shared, VAULT_NOTES.sharedCatalog));
  return {
    title: options.title,
    tokenizer: TOKENIZER,
    prices: options.prices,
    search: options.search,
    shareImages: options.shareImages ?? true,
    noteIndexes: options.search ? Array.from({ length: shardCount(notes.length) }, (_, i) => noteIndexPath(i)) : [],
    family: family.name,
    harness: options.harness,
    harnesses: [...new Set([options.harness, ...(options.harnesses ?? KNOWN_HARNESSES)])],
    shared: {
      vault: family.shared,
      guests: family.guests,
      instructionsHref: instructions?.href ?? null,
      catalogHref: catalogNote?.href ?? null,
      coreCount: catalog.length,
    },
    souls: members.souls,
    guests: members.guests,
    bundles: members.bundles,
    catalog,
    notes,
    agents,
    agentSnapshots,
    history,
    familyMap: familyMapView({ family: family.name, shared: family.shared, guests: family.guests, souls: members.souls, guestMembers: members.guests, bundles: members.bundles, notes: byUri, catalog }),
  };
}

/** "Loaded by", by note URI: each soul and guest that loads the note, in which role and mode, and in which bundles. */
function loadedByUri(bundles: readonly BundleView[]): Map<string, LoadedBy[]> {
  const byUri = new Map<string, LoadedBy[]>();
  const entries = new Map<string, LoadedBy>();
  for (const bundle of bundles) {
    for (const doc of bundle.documents) {
      if (doc.noteHref === null) continue;
      const key = `${doc.uri}\u0000${bundle.soul}\u0000${doc.role}\u0000${doc.mode}`;
      let entry = entries.get(key);
      if (!entry) {
        entry = { member: bundle.soul, display: bundle.display, kind: bundle.kind, role: doc.role, mode: doc.mode, bundles: [] };
        entries.set(key, entry);
        const list = byUri.get(doc.uri);
        if (list) list.push(entry);
        else byUri.set(doc.uri, [entry]);
      }
      entry.bundles.push({ label: bundleLabel(bundle), href: `${bundle.href}#${doc.anchor}` });
    }
  }
  return byUri;
}

/** A note's edit cost over every bundle that carries it, for the catalogs' sort. */
function editCost(impact: NoteImpactView | undefined): CatalogEntry['editCost'] {
  return { bundles: impact?.entries.length ?? 0, resentBytes: impact?.total.resentBytes ?? 0, resentTokens: impact?.total.resentTokens ?? 0 };
}

/** The shared core as the souls load it: order and distance from the loader, summary from frontmatter. */
async function buildCatalog(store: VaultStore, shared: string, bundles: BundleView[], notes: ReadonlyMap<string, NoteBase>, impacts: ReadonlyMap<string, NoteImpactView>): Promise<CatalogEntry[]> {
  const entries = new Map<string, CatalogEntry>();
  const anchors = new Set<string>();
  const entry = (uri: string, path: string): CatalogEntry => {
    let e = entries.get(uri);
    if (!e) {
      const note = notes.get(uri);
      // Two URIs can slug alike (c#.md, c-.md): the later row gets a suffix, as bundle rows do.
      let anchor = uriAnchor(uri);
      for (let n = 2; anchors.has(anchor); n++) anchor = `${uriAnchor(uri)}-${n}`;
      anchors.add(anchor);
      e = {
        uri,
        path,
        title: note?.title ?? null,
        summary: note?.summary ?? null,
        distance: null,
        command: readCommand(uri),
        noteHref: note?.href ?? '',
        tokens: note?.tokens ?? null,
        anchor,
        carriedBy: [],
        editCost: editCost(impacts.get(uri)),
      };
      entries.set(uri, e);
    }
    return e;
  };
  for (const bundle of bundles) {
    if (bundle.kind !== 'family' || bundle.preset !== null) continue;
    for (const doc of bundle.documents) {
      if (doc.role !== ROLE.shared_core) continue;
      const e = entry(doc.uri, parseUri(doc.uri).path);
      e.distance ??= doc.mode === 'whole' ? 'head' : 'at-hand';
      e.carriedBy.push({ soul: bundle.soul, display: bundle.display, mode: doc.mode, href: `${bundle.href}#${doc.anchor}` });
    }
  }
  // With no soul to load it, the catalog still lists the shared core, distance unknown.
  if (entries.size === 0) {
    // Only the readable notes: no load reads this folder, so what it refuses stops nothing (check agrees).
    for (const path of (await walkFolder(store, shared, 'core')).paths) entry(noteUri(shared, path), path);
  }
  return [...entries.values()];
}
