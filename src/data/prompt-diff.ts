// What two bundles of one soul share and where they differ: the one answer behind `soul-vault diff`
// and the history pages (issue 12). Isomorphic, like bundles.ts, whose cache prefix it reuses.
import { structuredPatch } from 'diff';
import type { Bundle, Mode } from '../core/index.ts';
import { bundleView, cachePrefix } from './bundles.ts';
import type { TokenCounter } from './bundles.ts';

export interface DiffSide {
  /** The revision as given; null for the working tree. */
  rev: string | null;
  /** The bundle revision: SHA-256 of the rendered prompt. */
  revision: string;
  /** UTF-8 length of the rendered prompt. */
  bytes: number;
}

/** What `diff --json` prints. */
export interface PromptDiff {
  soul: string;
  harness: string;
  preset: string | null;
  from: DiffSide;
  to: DiffSide;
  prefix: {
    /** Leading bytes the two prompts share: what a provider's prompt cache keeps. */
    bytes: number;
    /** bytes / to.bytes (0 when `to` is empty). */
    share: number;
    /** The `to` document holding the first byte that differs (index 1-based, as on the card); null when no byte of `to` differs. */
    document: { index: number; role: string; uri: string } | null;
  };
}

/** A document of either bundle that is not the same in both, matched by role and URI. */
export interface DocumentChange {
  change: 'added' | 'removed' | 'changed';
  role: string;
  uri: string;
  /** 1-based position in `to`; null for a removed one. */
  index: number | null;
  /** For `changed`: the note's bytes differ, its mode, or only its text (tokens filled with another display name). */
  edited: boolean;
  mode: { from: Mode; to: Mode } | null;
  textOnly: boolean;
}

/** `counter` counts tokens for the two views (the exact tokenizer in Node: src/node/tokens.ts). */
/** Also returns both rendered prompts, so a caller that needs their text does not render them again. */
export function diffBundles(from: Bundle, fromRev: string | null, to: Bundle, toRev: string | null, counter: TokenCounter): { diff: PromptDiff; changes: DocumentChange[]; prompts: { from: string; to: string } } {
  const a = bundleView(from, 'from', '', new Map(), [], counter);
  const b = bundleView(to, 'to', '', new Map(), [], counter);
  const cache = cachePrefix(a, b, 'from');
  const first = cache.firstDifferent === null ? null : to.documents[cache.firstDifferent - 1]!;
  const diff: PromptDiff = {
    soul: to.soul,
    harness: to.harness,
    preset: to.preset,
    from: { rev: fromRev, revision: from.revision, bytes: a.promptBytes },
    to: { rev: toRev, revision: to.revision, bytes: b.promptBytes },
    prefix: {
      bytes: cache.sharedBytes,
      share: b.promptBytes === 0 ? 0 : cache.sharedBytes / b.promptBytes,
      document: first && { index: cache.firstDifferent!, role: first.role, uri: first.uri },
    },
  };
  const before = new Map(from.documents.map((d) => [documentKey(d), d]));
  const after = new Set(to.documents.map(documentKey));
  const changes: DocumentChange[] = [];
  to.documents.forEach((d, i) => {
    const old = before.get(documentKey(d));
    const base = { role: d.role, uri: d.uri, index: i + 1 };
    if (!old) changes.push({ change: 'added', ...base, edited: false, mode: null, textOnly: false });
    else {
      const edited = old.revision !== d.revision;
      const mode = old.mode !== d.mode ? { from: old.mode, to: d.mode } : null;
      const textOnly = !edited && !mode && old.text !== d.text;
      if (edited || mode || textOnly) changes.push({ change: 'changed', ...base, edited, mode, textOnly });
    }
  });
  for (const d of from.documents) {
    if (!after.has(documentKey(d))) changes.push({ change: 'removed', role: d.role, uri: d.uri, index: null, edited: false, mode: null, textOnly: false });
  }
  return { diff, changes, prompts: { from: a.promptText, to: b.promptText } };
}

/** Documents are the same document across two bundles when role and URI agree (a rename is one removed, one added). */
export function documentKey(d: { role: string; uri: string }): string {
  return `${d.role}\0${d.uri}`;
}

/** One line of a document's diff: context, added, removed, or the `@@` line that opens a hunk. */
export type { DiffLine, TextDiff } from './types.ts';
import type { DiffLine, TextDiff } from './types.ts';

/** Past this many edits jsdiff gives up rather than spend quadratic time on two unrelated texts. */
const MAX_EDIT_LENGTH = 4000;

/**
 * A unified line diff of what the model reads of a document, before and after, three lines of
 * context, at most `limit` lines shown. Line ends are compared as they are (CRLF was already
 * normalised by the loader when it read the note).
 */
export function textDiff(before: string, after: string, limit: number): TextDiff {
  const patch = structuredPatch('', '', before, after, undefined, undefined, { context: 3, maxEditLength: MAX_EDIT_LENGTH });
  if (patch === undefined) return { lines: [], omitted: 0, tooLarge: true };
  const lines: DiffLine[] = [];
  let omitted = 0;
  for (const hunk of patch.hunks) {
    const body: DiffLine[] = hunk.lines
      // jsdiff's "\ No newline at end of file" marker is about files, not prompt text.
      .filter((l) => !l.startsWith('\\'))
      .map((l) => ({ kind: l[0] === '+' ? 'added' : l[0] === '-' ? 'removed' : 'context', text: l.slice(1) }));
    const room = limit - lines.length - 1;
    if (room <= 0) {
      omitted += body.filter((l) => l.kind !== 'context').length;
      continue;
    }
    lines.push({ kind: 'hunk', text: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@` });
    lines.push(...body.slice(0, room));
    omitted += body.slice(room).filter((l) => l.kind !== 'context').length;
  }
  return { lines, omitted, tooLarge: false };
}
