// The vault snapshot a soul or guest page fetches when its live preview starts: every note that
// member's load can read, as text, and what the page was published from. Built at build time by
// src/data/snapshots.ts, served as /data/snapshots/<id>.json, read here in the browser.
import type { NoteLink } from '../data/types.ts';

export interface Snapshot {
  /** The family name loadIdentity is given, so a store holding one soul finds the right shared vault. */
  family: string;
  soul: string;
  kind: 'family' | 'guest';
  /** The harness the pages were built for. */
  harness: string;
  presets: string[];
  /** `<vault>/<path>` → the note's raw text, a leading BOM kept: the same bytes the build hashed. */
  files: Record<string, string>;
  /** URI → the note's title and page, for row labels and links. */
  notes: Record<string, NoteLink>;
  /** Published bundle revision per preset (`''` is no preset). */
  revisions: Record<string, string>;
  /** The build's token counts, so the preview shows exact counts without the tokenizer (src/preview/token-estimate.ts). */
  tokens: SnapshotTokens;
}

export interface SnapshotTokens {
  /**
   * tokenKey(document) → tokens of that document's text, for every document of every published
   * bundle; and bundle revision → tokens of its rendered prompt.
   */
  counts: Record<string, number>;
  /** UTF-8 bytes per token over the member's published prompt: the rate an edited text is estimated at. */
  bytesPerToken: number;
}

// The store key of a note is the core's: one module says what a soul:// URI is.
export { uriKey } from '../core/index.ts';

// Where a member's snapshot is served: the routes module says.
export { snapshotPath } from '../data/urls.ts';

/** The popover index: URI → [title, page path relative to the base, first lines as sanitized markup (markdown/excerpt.ts)]. */
export type NoteIndex = Record<string, [title: string, href: string, excerpt: string]>;
