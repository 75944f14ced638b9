// A loaded bundle as the page shows it: the loader's documents in the loader's order,
// each with its in-prompt size and share, grouped into runs of the same role. Isomorphic: the
// browser preview (src/preview/) runs this same code over the bundles it re-assembles.
import { ROLE_RULES, commonPrefixLength, renderPrompt, utf8Length, utf8LengthOnce } from '../core/index.ts';
import type { Bundle, IdentityDocument } from '../core/index.ts';

import type { BundleView, CachePrefix, DocumentView, NoteLink, RoleGroup, TokenCount } from './types.ts';

export type { TokenCount };
import { uriAnchor } from './urls.ts';

/**
 * Where a bundle's token counts come from: the tokenizer at build time (src/build/site.ts), the
 * build's counts plus an estimate in the preview (src/preview/token-estimate.ts), whose bundle
 * has no rank table to count with.
 */
export interface TokenCounter {
  document(doc: IdentityDocument, bytes: number): TokenCount;
  /** The rendered prompt of a bundle with this revision; `documents` are the counts just given, for the documents' `texts`. */
  prompt(text: string, revision: string, documents: readonly TokenCount[], texts: readonly string[]): TokenCount;
}

/** What fixes a document's text within one member's loads: its role, mode, note revision and URI. */
export const tokenKey = (doc: Pick<IdentityDocument, 'role' | 'mode' | 'revision' | 'uri'>): string => `${doc.role} ${doc.mode} ${doc.revision} ${doc.uri}`;

/** How a list of the bundles that carry a note names one: the preset, "no preset", or "guest". */
export const bundleLabel = (b: Pick<BundleView, 'preset' | 'kind'>): string => b.preset ?? (b.kind === 'guest' ? 'guest' : 'no preset');

export function bundleView(bundle: Bundle, key: string, href: string, notes: ReadonlyMap<string, NoteLink>, siblings: BundleView['siblings'], counter: TokenCounter): BundleView {
  const promptText = renderPrompt(bundle.documents);
  // The prompt's size from its parts (each text, a blank line between non-empty ones): measuring
  // the joined string again would flatten and encode the whole prompt on every preview edit.
  const sizes = bundle.documents.map((doc) => utf8Length(doc.text));
  const parts = bundle.documents.filter((doc) => doc.text !== '').length;
  const promptBytes = sizes.reduce((sum, n) => sum + n, 0) + 2 * Math.max(0, parts - 1);
  const counts = bundle.documents.map((doc, i) => counter.document(doc, sizes[i]!));
  const used = new Set<string>();
  const documents: DocumentView[] = bundle.documents.map((doc, i) => {
    let anchor = uriAnchor(doc.uri);
    // Two URIs can slug alike (a-b.md, a/b.md); the later one gets a suffix.
    for (let n = 2; used.has(anchor); n++) anchor = `${uriAnchor(doc.uri)}-${n}`;
    used.add(anchor);
    const inPrompt = sizes[i]!;
    const note = notes.get(doc.uri);
    return {
      position: i + 1,
      role: doc.role,
      uri: doc.uri,
      mode: doc.mode,
      required: doc.required,
      revision: doc.revision,
      noteBytes: doc.bytes,
      promptBytes: inPrompt,
      tokens: counts[i]!,
      share: promptBytes === 0 ? 0 : inPrompt / promptBytes,
      anchor,
      noteHref: note?.href ?? null,
      title: note?.title ?? null,
    };
  });

  // Groups are runs of one role in load order; the order itself is the loader's.
  const groups: RoleGroup[] = [];
  for (const doc of documents) {
    const last = groups.at(-1);
    const group: RoleGroup =
      last && last.role === doc.role
        ? last
        : { role: doc.role, label: ROLE_RULES[doc.role].label, count: 0, whole: 0, pointer: 0, promptBytes: 0, share: 0, first: doc.position, last: doc.position };
    if (group !== last) groups.push(group);
    group.count++;
    group[doc.mode]++;
    group.promptBytes += doc.promptBytes;
    group.last = doc.position;
  }
  for (const group of groups) group.share = promptBytes === 0 ? 0 : group.promptBytes / promptBytes;

  const anchors = new Map(documents.map((d) => [d.uri, d.anchor]));
  return {
    key,
    soul: bundle.soul,
    display: bundle.display,
    kind: bundle.kind,
    harness: bundle.harness,
    preset: bundle.preset,
    revision: bundle.revision,
    href,
    promptBytes,
    promptTokens: counter.prompt(promptText, bundle.revision, counts, bundle.documents.map((d) => d.text)),
    promptText,
    documents,
    groups,
    warnings: bundle.warnings.map((w) => ({ code: w.code, uri: w.uri, message: w.message, anchor: anchors.get(w.uri) ?? null })),
    wholeCount: documents.filter((d) => d.mode === 'whole').length,
    pointerCount: documents.filter((d) => d.mode === 'pointer').length,
    siblings,
    cachePrefix: null,
  };
}

const encoder = new TextEncoder();

/**
 * Leading UTF-8 bytes two strings share, without encoding them whole: compare UTF-16 units, step
 * back to the start of the code point that differs, and compare only that code point's bytes.
 * (The preview runs this on every change; encoding two 300 KB prompts took most of a frame.)
 */
export function sharedUtf8Prefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = commonPrefixLength(a, b);
  if (i > 0 && i < n) {
    const before = a.charCodeAt(i - 1);
    if (before >= 0xd800 && before <= 0xdbff) i--; // the pair differs in its low half
  }
  let shared = utf8LengthOnce(a.slice(0, i));
  if (i < n) {
    const x = encoder.encode(String.fromCodePoint(a.codePointAt(i)!));
    const y = encoder.encode(String.fromCodePoint(b.codePointAt(i)!));
    for (let k = 0; k < x.length && k < y.length && x[k] === y[k]; k++) shared++;
  }
  return shared;
}

/**
 * Where two prompts part: the leading bytes they share, and the first document of `next` that
 * starts or runs past that point. A provider caches a prompt's leading bytes, so this is what
 * survives switching from `base` to `next`.
 */
export function cachePrefix(base: BundleView, next: BundleView, against: string): CachePrefix {
  const shared = sharedUtf8Prefix(base.promptText, next.promptText);
  let firstDifferent: number | null = null;
  if (shared < next.promptBytes) {
    let offset = 0;
    for (const doc of next.documents) {
      // An empty text is not in the prompt; a difference in the blank line before a text moves that text.
      if (doc.promptBytes === 0) continue;
      if (shared < offset + doc.promptBytes) {
        firstDifferent = doc.position;
        break;
      }
      offset += doc.promptBytes + 2;
    }
  }
  return { against, href: base.href, sharedBytes: shared, firstDifferent };
}
