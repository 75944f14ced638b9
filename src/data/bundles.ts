// A loaded bundle as the page shows it: the loader's documents in the loader's order,
// each with its in-prompt size and share, grouped into runs of the same role.
import { renderPrompt, utf8Length } from '../core/index.ts';
import type { Bundle } from '../core/index.ts';
import { ROLE_LABELS } from './roles.ts';
import type { BundleView, CachePrefix, DocumentView, NoteView, RoleGroup } from './types.ts';
import { uriAnchor } from './urls.ts';

export function bundleView(bundle: Bundle, key: string, href: string, notes: ReadonlyMap<string, NoteView>, siblings: BundleView['siblings']): BundleView {
  const promptText = renderPrompt(bundle.documents);
  const promptBytes = utf8Length(promptText);
  const used = new Set<string>();
  const documents: DocumentView[] = bundle.documents.map((doc, i) => {
    let anchor = uriAnchor(doc.uri);
    // Two URIs can slug alike (a-b.md, a/b.md); the later one gets a suffix.
    for (let n = 2; used.has(anchor); n++) anchor = `${uriAnchor(doc.uri)}-${n}`;
    used.add(anchor);
    const inPrompt = utf8Length(doc.text);
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
        : { role: doc.role, label: ROLE_LABELS[doc.role], count: 0, whole: 0, pointer: 0, promptBytes: 0, share: 0, first: doc.position, last: doc.position };
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
 * Where two prompts part: the leading bytes they share, and the first document of `next` that
 * starts or runs past that point. A provider caches a prompt's leading bytes, so this is what
 * survives switching from `base` to `next`.
 */
export function cachePrefix(base: BundleView, next: BundleView, against: string): CachePrefix {
  const a = encoder.encode(base.promptText);
  const b = encoder.encode(next.promptText);
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++;
  let firstDifferent: number | null = null;
  if (shared < b.length) {
    let offset = 0;
    for (const doc of next.documents) {
      if (doc.promptBytes === 0) continue;
      const end = offset + doc.promptBytes;
      if (shared < end) {
        firstDifferent = doc.position;
        break;
      }
      offset = end + 2; // the blank line that joins documents
      if (shared < offset) {
        firstDifferent = doc.position + 1;
        break;
      }
    }
  }
  return { against, href: base.href, sharedBytes: shared, firstDifferent };
}
