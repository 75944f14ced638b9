// The JSON the browser preview fetches: per member, exactly the notes its loads read (recorded by the
// build, src/core/recording-store.ts); for the whole site, the popover index. Plain functions of the site data, so nothing is read twice.
import type { NoteIndex, Snapshot } from '../data/snapshot-types.ts';
import { tokenKey } from '../data/bundles.ts';
import { bytesPerToken } from '../data/token-rate.ts';
import type { MemberView, NoteView, SiteData } from '../data/types.ts';
import { pageCacheKey } from './page-cache.ts';

// Each note's place in the site's order by its store key, made once per site: a member reads a few
// hundred of thousands of notes, and every bundle page asks.
const places = new WeakMap<SiteData, Map<string, number>>();

/** A note's key in the store and in a snapshot's files: `vault/path`. */
const storeKey = (note: NoteView): string => `${note.vault}/${note.path}`;

function placeOf(site: SiteData): Map<string, number> {
  let known = places.get(site);
  if (!known) places.set(site, (known = new Map(site.notes.map((n, i) => [storeKey(n), i]))));
  return known;
}

// Per site, since the indexes are into its notes: a member's page and its snapshot both ask.
const readOrders = new WeakMap<SiteData, WeakMap<MemberView, number[]>>();

/** The notes a member's load reads that have pages, as indexes into site.notes in the site's order. */
function readNotes(site: SiteData, member: MemberView): number[] {
  let orders = readOrders.get(site);
  if (!orders) readOrders.set(site, (orders = new WeakMap()));
  let known = orders.get(member);
  if (!known) {
    const place = placeOf(site);
    // In the site's note order: the snapshot's bytes do not depend on the order of reads.
    known = member.reads.map((key) => place.get(key)).filter((i): i is number => i !== undefined).sort((a, b) => a - b);
    orders.set(member, known);
  }
  return known;
}

/** The keys (`vault/path`) of a member's snapshot files, in its order: what the preview's note select lists. */
export function snapshotKeys(site: SiteData, member: MemberView): string[] {
  return readNotes(site, member).map((i) => storeKey(site.notes[i]!));
}

/**
 * The JSON a member's preview fetches. `fileOf` gives each file's value: the note's text, or, for
 * `snapshotCacheKey`, its revision (the SHA-256 of the same bytes), so the key covers every field of
 * the snapshot without serialising the notes' text.
 */
export function memberSnapshot(site: SiteData, member: MemberView, fileOf: (note: NoteView) => string = (note) => note.source): Snapshot {
  const files: Snapshot['files'] = {};
  const notes: Snapshot['notes'] = {};
  for (const i of readNotes(site, member)) {
    const note = site.notes[i]!;
    files[storeKey(note)] = fileOf(note);
    notes[note.uri] = { title: note.title, href: note.href };
  }
  const revisions: Snapshot['revisions'] = {};
  const tokens: Snapshot['tokens'] = { counts: {}, bytesPerToken: bytesPerToken(member.promptBytes, member.promptTokens) };
  for (const b of site.bundles) {
    if (b.soul !== member.id) continue;
    revisions[b.preset ?? ''] = b.revision;
    tokens.counts[b.revision] = b.promptTokens.tokens;
    for (const d of b.documents) tokens.counts[tokenKey(d)] = d.tokens.tokens;
  }
  return { family: site.family, soul: member.id, kind: member.kind, harness: site.harness, presets: member.presets, files, notes, revisions, tokens };
}

/** The snapshot endpoint's key for Astro's incremental build: a rebuild copies a snapshot no edit reached. */
export function snapshotCacheKey(site: SiteData, member: MemberView): string {
  return pageCacheKey(site, { snapshot: memberSnapshot(site, member, (note) => note.revision) });
}

export function noteIndex(site: SiteData): NoteIndex {
  const out: NoteIndex = {};
  for (const note of site.notes) out[note.uri] = [note.title, note.href, note.excerpt];
  return out;
}
