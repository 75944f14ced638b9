// Members' loads kept from one build to the next, as the dev server keeps them from one edit to the
// next: a member none of whose reads and listings changed since the last build keeps its bundles,
// views and counts, and is not loaded again. What changed is found by asking the store the last
// build's questions again (every note a load read or looked for, every folder it listed) and
// comparing digests of the answers; the dev server's watcher names the changed files instead, and
// from there both take the same path (`touchesAny`, in src/build/site.ts's loadMembers).
import { createHash } from 'node:crypto';
import { renderPrompt, touchesAny } from '../core/index.ts';
import type { Bundle, IdentityDocument } from '../core/index.ts';
import type { BundleView, MemberView, NoteBase, SiteOptions } from '../data/types.ts';
import { KeptFile } from '../node/kept-file.ts';
import { sourcesDigest, versionOf } from '../node/package-version.ts';
import { questionKey } from './memo-store.ts';
import type { MemoStore } from './memo-store.ts';

/** One soul's (or guest's) loads in an assembly: what a later load may keep if no change touches them. */
export interface MemberLoad {
  presets: string[];
  touched: ReadonlySet<string>;
  bundles: Array<{ key: string; bundle: Bundle; view: BundleView }>;
  view: MemberView;
}

/** The members an assembly loaded, the family they were loaded in, and the keys (`vault/path`) changed since. */
export interface Reuse {
  shape: string;
  members: ReadonlyMap<string, MemberLoad>;
  changed: readonly string[];
}

// A document that is its note's text as stored is written without it: a member is kept only when
// none of its reads changed, so the next build reads the same bytes for that note, and its stored
// text (the note page's `source`) is the text the load had. Other texts (pointers, instructions with
// their tokens filled) are written once each per member. A bundle's prompt is its documents joined, so
// it is joined again (the core's renderPrompt) rather than kept. At 5k notes that is ~17 MB on disk
// where the bundles hold ~86 MB of text.
//
// Each member is an entry of its own, and a member kept from the last build is not written again: a
// rebuild after one edit writes the store's answers and the members the edit reached (kept-file.ts
// writes only the segments that changed). Its entry carries a digest of the answers it was loaded
// against, so a member written by another build sharing the folder is never matched with this
// build's answers.
const NOTE_TEXT = -1;
type PackedDocument = Omit<IdentityDocument, 'text'> & { text: number };
interface PackedMember {
  presets: string[];
  touched: string[];
  view: MemberView;
  /** Each view with its promptText empty. */
  bundles: Array<{ key: string; bundle: Omit<Bundle, 'documents'> & { documents: PackedDocument[] }; view: BundleView }>;
  texts: string[];
  /** Digest of the answers to the questions about what it touched, when it was loaded. */
  answered: string;
}
interface Answers {
  shape: string;
  answers: Map<string, string>;
  /** The members' ids, each kept under memberKey. */
  members: string[];
}
type Entry = Answers | PackedMember;

/** The kept file's name, the key of the store's answers in it, and the key of each member. */
export const KEPT_MEMBERS = 'soulpress-members';
export const ANSWERS = 'answers';
export const memberKey = (id: string): string => `member\u0000${id}`;

/**
 * What makes a member's loads and views: the options they read (not the title, search or the rest, so
 * `astro dev` and a build keep each other's), the loader, the views, the counts and this file's format.
 */
function maker(options: SiteOptions): string {
  const here = (p: string): URL => new URL(p, import.meta.url);
  const code = sourcesDigest([here('../core/'), here('../data/'), here('./site.ts'), here('./kept-members.ts'), here('../node/tokens.ts')]);
  return `${JSON.stringify([options.vault, options.family ?? null, options.harness, options.prices])} gpt-tokenizer@${versionOf('gpt-tokenizer')} ${code}`;
}

/** The store's answers by the key each question is about (questionKey), each key's in the order asked. */
function answersByKey(answers: ReadonlyMap<string, string>): Map<string, Array<[string, string]>> {
  const out = new Map<string, Array<[string, string]>>();
  for (const pair of answers) {
    const key = questionKey(pair[0]);
    const list = out.get(key);
    if (list) list.push(pair);
    else out.set(key, [pair]);
  }
  return out;
}

/** A digest of the answers to the questions about the keys a member touched (sorted: a store's answers are in the order they were asked). */
function answeredDigest(byKey: ReadonlyMap<string, ReadonlyArray<[string, string]>>, touched: ReadonlySet<string>): string {
  const mine = [...touched].flatMap((key) => byKey.get(key) ?? []).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(mine)).digest('base64url');
}

/** The last build's members, kept in its cache folder (none for a null one). */
export class KeptMembers {
  private readonly file: KeptFile<Entry>;
  /** The members `reuse` read back, which `save` leaves as the file has them. */
  private readonly fromFile = new WeakSet<MemberLoad>();

  private constructor(file: KeptFile<Entry>) {
    this.file = file;
  }

  static async open(options: SiteOptions): Promise<KeptMembers> {
    return new KeptMembers(await KeptFile.open<Entry>(options.cacheDir, KEPT_MEMBERS, maker(options)));
  }

  /** What the last build left that this one may keep, with what changed since; null when it left nothing. */
  async reuse(store: MemoStore, notes: ReadonlyMap<string, NoteBase>): Promise<Reuse | null> {
    const last = this.file.get(ANSWERS) as Answers | undefined;
    if (last === undefined) return null;
    const now = await store.answers();
    const changed = new Set<string>();
    for (const [question, digest] of last.answers) if ((now.get(question) ?? (await store.answer(question))) !== digest) changed.add(questionKey(question));
    for (const question of now.keys()) if (!last.answers.has(question)) changed.add(questionKey(question));
    // Only members no change reached are read back: their notes' texts come from the store as it is now.
    const members = new Map<string, MemberLoad>();
    const keys = [...changed];
    const byKey = answersByKey(last.answers);
    for (const id of last.members) {
      const member = this.file.get(memberKey(id)) as PackedMember | undefined;
      if (!member) continue;
      const touched = new Set(member.touched);
      if (touchesAny(touched, keys) || member.answered !== answeredDigest(byKey, touched)) continue;
      const load = unpack(member, touched, notes);
      if (!load) continue;
      this.fromFile.add(load);
      members.set(id, load);
    }
    return { shape: last.shape, members, changed: keys };
  }

  /** Keep this assembly's members, and the store's answers they were loaded from, for the next build. */
  async save(store: MemoStore, notes: ReadonlyMap<string, NoteBase>, shape: string, members: ReadonlyMap<string, MemberLoad>): Promise<void> {
    const answers = await store.answers();
    const byKey = answersByKey(answers);
    for (const [id, member] of members) {
      // A member read back is in the file as it is: marking it used keeps it without writing it again.
      if (this.fromFile.has(member)) this.file.get(memberKey(id));
      else this.file.set(memberKey(id), pack(member, byKey, notes));
    }
    this.file.set(ANSWERS, { shape, answers, members: [...members.keys()] });
    await this.file.save();
  }
}

function pack(member: MemberLoad, byKey: ReadonlyMap<string, ReadonlyArray<[string, string]>>, notes: ReadonlyMap<string, NoteBase>): PackedMember {
  const texts: string[] = [];
  const index = new Map<string, number>();
  const text = (doc: IdentityDocument): number => {
    // Mostly the very string the note page holds (the core decodes each note's bytes once), so this compares no characters.
    if (doc.mode === 'whole' && doc.text !== '' && doc.text === notes.get(doc.uri)?.source) return NOTE_TEXT;
    let at = index.get(doc.text);
    if (at === undefined) index.set(doc.text, (at = texts.push(doc.text) - 1));
    return at;
  };
  return {
    presets: member.presets,
    touched: [...member.touched],
    view: member.view,
    // Emptied rather than left out, so the view read back has its fields in the same order (pages' cache keys are over its JSON).
    bundles: member.bundles.map(({ key, bundle, view }) => ({ key, bundle: { ...bundle, documents: bundle.documents.map((d) => ({ ...d, text: text(d) })) }, view: { ...view, promptText: '' } })),
    texts,
    answered: answeredDigest(byKey, member.touched),
  };
}

/** The member as it was loaded; null, so it is loaded again, if a note it carries is no longer a note page. */
function unpack(member: PackedMember, touched: ReadonlySet<string>, notes: ReadonlyMap<string, NoteBase>): MemberLoad | null {
  const bundles: MemberLoad['bundles'] = [];
  for (const { key, bundle, view } of member.bundles) {
    const documents: IdentityDocument[] = [];
    for (const doc of bundle.documents) {
      const text = doc.text === NOTE_TEXT ? notes.get(doc.uri)?.source : member.texts[doc.text];
      if (text === undefined) return null;
      documents.push({ ...doc, text });
    }
    bundles.push({ key, bundle: { ...bundle, documents }, view: withPrompt(view, documents) });
  }
  return { presets: member.presets, touched, view: member.view, bundles };
}

/**
 * The view with its prompt joined again from its documents when first read. A kept member's pages are
 * mostly left in place and their keys name the prompt by its revision, so a rebuild reads few of these
 * prompts: joining all of them (~36 MB at 5k notes) was about 0.2 s of its main thread, and garbage after.
 */
function withPrompt(view: BundleView, documents: readonly IdentityDocument[]): BundleView {
  let prompt: string | undefined;
  const out = { ...view };
  Object.defineProperty(out, 'promptText', { enumerable: true, configurable: true, get: () => (prompt ??= renderPrompt(documents)) });
  return out;
}
