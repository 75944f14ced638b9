// The soul preview's loader, in a worker: it holds the member's vault snapshot in a MemoryStore, turns
// each change the page sends into an edit of that store (a flip rewrites `prompt_loading:`, an edit or
// delete replaces or removes the file), re-runs reassemble() and renders the page's parts with the
// renderers the build used, then posts them back as HTML and text (src/preview/live-start.ts draws them).
import { MemoryStore, keyUri, loadingFor, uriKey } from '../core/index.ts';
import type { Mode, VaultErrorJSON } from '../core/index.ts';
import { bytes, count, percent, plural, shortRevision, size, tokenCount } from '../render/format.ts';
import type { BundleView } from '../data/types.ts';
import type { Snapshot } from '../data/snapshot-types.ts';
import { cacheFacts } from './cache-view.ts';
import { diffHtml } from './line-diff.ts';
import { setPromptLoading } from './prompt-loading.ts';
import { reassemble } from './reassemble.ts';
import type { Reassembly } from './reassemble.ts';
import { snapshotTokens } from './token-estimate.ts';
import { bundleName, laneStack, loadOrderGroups, presetFacts, promptBar, warningsList } from '../render/render-html.ts';
import { fetchSnapshot, serve } from './worker-serve.ts';

/** The bundle a run asks for: the page's harness and preset controls. */
export interface Wanted {
  harness: string;
  preset: string | null;
}

type Change = { op: 'flip'; uri: string; mode: Mode } | { op: 'apply'; key: string; text: string } | { op: 'delete' | 'restore'; key: string } | { op: 'reset' } | { op: 'run' };

export type LiveRequest = { id: number } & ({ op: 'start'; url: string; base: string; page: string; display: string; revision: string; want: Wanted; flips: string[] } | { op: 'read'; key: string } | (Change & { want: Wanted; note: string }));

/** A note as the editor shows it: its text now (null when deleted) and, when it differs from the snapshot's, the line diff. */
export interface NoteShown {
  key: string;
  text: string | null;
  diff: string | null;
}

/** Everything the page redraws after a run, by the hook it fills. */
export interface LiveParts {
  /** `data-fact` text; on a failed load, only the revision facts. */
  facts: Record<string, string>;
  view: {
    revision: string;
    harness: string;
    preset: string | null;
    /** The prompt's size in bytes, as the facts' titles say it. */
    promptBytes: string;
    rows: string;
    html: Record<string, string>;
    factHtml: Record<string, string>;
    prompt: string;
    published: boolean;
    /** Each document's mode by URI: the flip boxes follow it. */
    modes: Record<string, Mode>;
    cache: { slots: Record<string, string>; width: string; anchor: string; same: boolean; data: Record<string, string> };
    status: string;
  } | null;
  error: VaultErrorJSON | null;
  /** The URIs whose mode differs from the published one (what a shared link carries). */
  flips: string[];
  edited: boolean;
  /** The bundle's name as the heading and title say it (the preset after the soul's name). */
  name: string;
  note: NoteShown;
}

export type LiveReply = { id: number } & ({ parts: LiveParts } | { note: NoteShown } | { started: true } | { error: string });

let snap: Snapshot;
let store: MemoryStore;
let links: Map<string, Snapshot['notes'][string]>;
let tokens: ReturnType<typeof snapshotTokens>;
let base: BundleView;
let siteBase = '/';
let href = '';
let display = '';
let publishedMode: Map<string, Mode>;
let roleOf: Map<string, BundleView['documents'][number]['role']>;
const edits = new Map<string, string | null>(); // store key → edited text, or null when deleted
const modes = new Map<string, Mode>(); // URI → the mode asked for with a checkbox or a shared link

/** The mode a flip box gives when it is not the published one. */
export const other = (mode: Mode): Mode => (mode === 'whole' ? 'pointer' : 'whole');
const run = (want: Wanted, against: BundleView | null): Promise<Reassembly> =>
  reassemble(store, { soul: snap.soul, family: snap.family, harness: want.harness, preset: want.preset, notes: links, href, published: against, tokens });

function textOf(key: string): string | null {
  const text = edits.has(key) ? edits.get(key)! : (snap.files[key] ?? null);
  const uri = keyUri(key);
  const mode = modes.get(uri);
  const role = roleOf.get(uri);
  const value = mode && role ? loadingFor(role, mode) : null;
  return text !== null && value ? setPromptLoading(text, value) : text;
}

function sync(key: string): void {
  const uri = keyUri(key);
  const text = textOf(key);
  if (text === null) {
    store.delete(key);
    links.delete(uri);
  } else {
    store.write(key, text);
    if (snap.notes[uri]) links.set(uri, snap.notes[uri]);
  }
}

function noteShown(key: string): NoteShown {
  const text = textOf(key);
  return { key, text, diff: text === snap.files[key] ? null : diffHtml(snap.files[key]!, text ?? '') };
}

function change(c: Change): void {
  if (c.op === 'flip') {
    const key = uriKey(c.uri);
    // Back to the published mode with the text untouched: drop the request, so the note is the published bytes again.
    if (c.mode === publishedMode.get(c.uri) && !edits.has(key)) modes.delete(c.uri);
    else modes.set(c.uri, c.mode);
    sync(key);
  } else if (c.op === 'reset') {
    edits.clear();
    modes.clear();
    for (const k of Object.keys(snap.files)) sync(k);
  } else if (c.op !== 'run') {
    // The text now says what the note is: a mode asked for earlier gives way to it.
    modes.delete(keyUri(c.key));
    if (c.op === 'apply') edits.set(c.key, c.text);
    else if (c.op === 'delete') edits.set(c.key, null);
    else edits.delete(c.key);
    sync(c.key);
  }
}

function facts(v: BundleView | null, error: VaultErrorJSON | null): Record<string, string> {
  return v
    ? {
        harness: v.harness,
        documents: count(v.documents.length),
        whole: String(v.wholeCount),
        pointer: String(v.pointerCount),
        'prompt-size': size(v.promptBytes),
        'prompt-bytes': bytes(v.promptBytes),
        'prompt-tokens': tokenCount(v.promptTokens),
        texts: String(v.documents.filter((d) => d.promptBytes > 0).length),
        revision: v.revision,
        'short-revision': shortRevision(v.revision),
      }
    : { revision: `none: the load failed (${error!.code})`, 'short-revision': 'none' };
}

async function parts(want: Wanted, note: string): Promise<LiveParts> {
  const result = await run(want, base);
  const v = result.view;
  const shown = { flips: [...modes].filter(([uri, mode]) => mode !== publishedMode.get(uri)).map(([uri]) => uri).sort(), edited: edits.size > 0, name: bundleName(display, want.preset), note: noteShown(note) };
  if (!v) return { facts: facts(null, result.error), view: null, error: result.error, ...shown };
  const c = cacheFacts(result.cache!, v);
  const d = c.document;
  const rows = loadOrderGroups(v, siteBase, base);
  // The rows the renderer marked changed (`tr.changed`, each with its data-changed reason).
  const changed = rows.split(' data-changed="').length - 1;
  return {
    facts: facts(v, null),
    view: {
      revision: v.revision,
      harness: v.harness,
      preset: v.preset,
      promptBytes: bytes(v.promptBytes),
      rows,
      html: { 'data-prompt-bar': promptBar(v, siteBase), 'data-lane-stack': laneStack(v), 'data-warnings': warningsList(v, siteBase) },
      factHtml: presetFacts(v.preset),
      prompt: v.promptText,
      published: v.revision === base.revision,
      modes: Object.fromEntries(v.documents.map((doc) => [doc.uri, doc.mode])),
      cache: {
        slots: { share: percent(c.share), shared: bytes(c.sharedBytes), total: bytes(v.promptBytes), byte: count((c.firstByte ?? 0) + 1), position: String(d?.position), role: d?.role ?? '', note: d ? (d.title ?? d.uri) : '' },
        width: `${(c.share * 100).toFixed(1)}%`,
        anchor: `#${d?.anchor ?? ''}`,
        same: c.firstByte === null,
        data: { sharedBytes: String(c.sharedBytes), firstUri: d?.uri ?? '', firstRole: d?.role ?? '' },
      },
      status: `Re-assembled: revision ${shortRevision(v.revision)}, ${v.documents.length} documents, ${bytes(v.promptBytes)}${v.revision === base.revision ? ', the published bundle' : ''}${changed ? `; ${plural(changed, 'row')} changed, marked in the load order` : ''}.`,
    },
    error: null,
    ...shown,
  };
}

/** The worker's side, run by the preview's module in its worker (src/preview/live-start.ts starts itself as one). */
export const liveWorker = (): void => serve<LiveRequest, Omit<LiveReply, 'id'>>(async (msg) => {
  if (msg.op === 'start') {
    snap = await fetchSnapshot<Snapshot>(msg.url);
    store = new MemoryStore(Object.entries(snap.files), 'preview');
    links = new Map(Object.entries(snap.notes));
    tokens = snapshotTokens(snap.tokens);
    siteBase = msg.base;
    href = msg.page;
    display = msg.display;
    // The published bundle, re-assembled from the untouched snapshot: what the cache view compares with.
    const first = await run(msg.want, null);
    if (!first.view) throw new Error(first.error.message);
    base = first.view;
    if (base.revision !== msg.revision) throw new Error('the snapshot does not give the published revision');
    publishedMode = new Map(base.documents.map((d) => [d.uri, d.mode]));
    roleOf = new Map(base.documents.map((d) => [d.uri, d.role]));
    // The flips a shared link carries, against the published modes.
    for (const uri of msg.flips) {
      const mode = publishedMode.get(uri);
      if (mode) {
        modes.set(uri, other(mode));
        sync(uriKey(uri));
      }
    }
    return { started: true };
  }
  if (msg.op === 'read') return { note: noteShown(msg.key) };
  change(msg);
  return { parts: await parts(msg.want, msg.note) };
});
