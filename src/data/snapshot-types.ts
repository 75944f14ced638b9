// What the live previews fetch, built at build time by src/build (snapshots.ts, agent-snapshot.ts) and read
// in the browser by src/preview: the two snapshot designs, souls' and agents', side by side.
import type { Catalogs, OwnerError, PsycheProblem, PublishedDigests } from '../core/psyche/index.ts';
import type { NoteLink } from './types.ts';

/**
 * The vault snapshot a soul or guest page fetches when its live preview starts: every note that
 * member's load can read, as text, and what the page was published from (/data/snapshots/<id>.json).
 */

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

/** The popover index: URI → [title, page path relative to the base, first lines as sanitized markup (markdown/excerpt.ts)]. */
export type NoteIndex = Record<string, [title: string, href: string, excerpt: string]>;

/**
 * The JSON an agent page's live preview fetches: the files one composition read, with the owner
 * document and init.json replaced by stand-ins that compose the same way but hold no secret.
 */
export type SnapshotNode = string | { b64: string } | { dir: true } | { link: string } | { fails: 'unreadable' | 'unstable' | 'other' } | { fails: 'too_large'; size: number } | { spaces: number };

export interface AgentSnapshot {
  agent: string;
  files: Record<string, SnapshotNode>;
  /** system/system.md's sections as digests: the file itself never leaves the build. */
  published: PublishedDigests | null;
  /** The build's catalog scan: the preview cannot edit entries, so it composes with these. */
  catalogs: Catalogs;
  /** Each composed section's tokens at build time, by name, with the SHA-256 of the text they count. */
  tokens: Record<string, [digest: string, tokens: number]>;
  /** UTF-8 bytes per token over the composed sections: the rate an edited section is estimated at. */
  bytesPerToken: number;
  /** Sections that hold a stand-in for a file outside the published folders: their real size and mark. */
  real?: RealSizes;
  /**
   * The published page's owner error, when the document was rejected: its stand-in is rejected with
   * the same code, but its message (a position, "could not be read") is the stand-in's own.
   */
  owner?: Pick<OwnerError, 'code' | 'message'>;
  /** The problem a system.md that could not be read gave: the preview has its digests, never the file. */
  systemProblem?: PsycheProblem;
  /**
   * The agent's page and each catalog entry's page (`<domain>/<folder>` → path), as the build's routes
   * write them (src/data/urls.ts): the preview cannot add entries, and so needs no route encoder of its own.
   */
  hrefs: { page: string; entries: Record<string, string> };
}

/**
 * By section name: the SHA-256 of the text the page composed (with stand-ins for files outside the
 * published folders, PSYCHE.md 3.5), and the real file's bytes and applied mark LingTai would see.
 */
export type RealSizes = Record<string, [digest: string, bytes: number, applied: 'applied' | 'pending' | null]>;
