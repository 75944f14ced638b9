// Members' loads kept from one build to the next, as the dev server keeps them from one edit to the
// next: a member none of whose reads and listings changed since the last build keeps its bundles,
// views and counts, and is not loaded again. What changed is found by asking the store the last
// build's questions again (every note a load read or looked for, every folder it listed) and
// comparing digests of the answers; the dev server's watcher names the changed files instead, and
// from there both take the same path (`touchesAny`, in src/build/site.ts's loadMembers).
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
// their tokens filled) are written once each. A bundle's prompt is its documents joined, so it is
// joined again (the core's renderPrompt) rather than kept. At 5k notes that is ~17 MB on disk where
// the bundles hold ~86 MB of text.
const NOTE_TEXT = -1;
type PackedDocument = Omit<IdentityDocument, 'text'> & { text: number };
interface PackedMember {
  presets: string[];
  touched: string[];
  view: MemberView;
  /** Each view with its promptText empty. */
  bundles: Array<{ key: string; bundle: Omit<Bundle, 'documents'> & { documents: PackedDocument[] }; view: BundleView }>;
}
interface Packed {
  shape: string;
  answers: Map<string, string>;
  texts: string[];
  members: Array<[string, PackedMember]>;
}

const FILE = 'soulpress-members';
const ENTRY = 'last';

/**
 * What makes a member's loads and views: the options they read (not the title, search or the rest, so
 * `astro dev` and a build keep each other's), the loader, the views, the counts and this file's format.
 */
function maker(options: SiteOptions): string {
  const here = (p: string): URL => new URL(p, import.meta.url);
  const code = sourcesDigest([here('../core/'), here('../data/'), here('./site.ts'), here('./kept-members.ts'), here('../node/tokens.ts')]);
  return `${JSON.stringify([options.vault, options.family ?? null, options.harness, options.prices])} gpt-tokenizer@${versionOf('gpt-tokenizer')} ${code}`;
}

/** The last build's members, kept in its cache folder (none for a null one). */
export class KeptMembers {
  private readonly file: KeptFile<Packed>;

  private constructor(file: KeptFile<Packed>) {
    this.file = file;
  }

  static async open(options: SiteOptions): Promise<KeptMembers> {
    return new KeptMembers(await KeptFile.open<Packed>(options.cacheDir, FILE, maker(options)));
  }

  /** What the last build left that this one may keep, with what changed since; null when it left nothing. */
  async reuse(store: MemoStore, notes: ReadonlyMap<string, NoteBase>): Promise<Reuse | null> {
    const last = this.file.get(ENTRY);
    if (last === undefined) return null;
    const now = await store.answers();
    const changed = new Set<string>();
    for (const [question, digest] of last.answers) if ((now.get(question) ?? (await store.answer(question))) !== digest) changed.add(questionKey(question));
    for (const question of now.keys()) if (!last.answers.has(question)) changed.add(questionKey(question));
    // Only members no change reached are read back: their notes' texts come from the store as it is now.
    const members = new Map<string, MemberLoad>();
    const keys = [...changed];
    for (const [id, member] of last.members) {
      const touched = new Set(member.touched);
      const load = touchesAny(touched, keys) ? null : unpack(member, touched, last.texts, notes);
      if (load) members.set(id, load);
    }
    return { shape: last.shape, members, changed: keys };
  }

  /** Keep this assembly's members, and the store's answers they were loaded from, for the next build. */
  async save(store: MemoStore, notes: ReadonlyMap<string, NoteBase>, shape: string, members: ReadonlyMap<string, MemberLoad>): Promise<void> {
    const texts: string[] = [];
    const index = new Map<string, number>();
    const packed = [...members].map(([id, member]) => [id, pack(member, texts, index, notes)] as [string, PackedMember]);
    this.file.set(ENTRY, { shape, answers: await store.answers(), texts, members: packed });
    await this.file.save();
  }
}

function pack(member: MemberLoad, texts: string[], index: Map<string, number>, notes: ReadonlyMap<string, NoteBase>): PackedMember {
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
  };
}

/** The member as it was loaded; null, so it is loaded again, if a note it carries is no longer a note page. */
function unpack(member: PackedMember, touched: ReadonlySet<string>, texts: readonly string[], notes: ReadonlyMap<string, NoteBase>): MemberLoad | null {
  const bundles: MemberLoad['bundles'] = [];
  for (const { key, bundle, view } of member.bundles) {
    const documents: IdentityDocument[] = [];
    for (const doc of bundle.documents) {
      const text = doc.text === NOTE_TEXT ? notes.get(doc.uri)?.source : texts[doc.text];
      if (text === undefined) return null;
      documents.push({ ...doc, text });
    }
    bundles.push({ key, bundle: { ...bundle, documents }, view: { ...view, promptText: renderPrompt(documents) } });
  }
  return { presets: member.presets, touched, view: member.view, bundles };
}
