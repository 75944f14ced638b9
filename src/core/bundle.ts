import type { ErrorCode } from './errors.ts';
import type { Role } from './roles.ts';
import { sha256Hex } from './text.ts';

export type Mode = 'whole' | 'pointer';

/** One document of a bundle (spec section 4). */
export interface IdentityDocument {
  role: Role;
  uri: string;
  mode: Mode;
  required: boolean;
  /** Lowercase hex SHA-256 of the note's raw bytes; empty for an absent optional note. */
  revision: string;
  /** The note's raw byte length (not the pointer's). */
  bytes: number;
  text: string;
}

export interface BundleWarning {
  code: 'note_large';
  uri: string;
  message: string;
}

export interface Bundle {
  soul: string;
  display: string;
  kind: 'family' | 'guest';
  harness: string;
  preset: string | null;
  documents: IdentityDocument[];
  warnings: BundleWarning[];
  /** SHA-256 of the rendered prompt. */
  revision: string;
}

/** A problem as `check` reports it. */
export interface Problem {
  code: ErrorCode;
  message: string;
  note: string | null;
  role: string | null;
}

/** The buffer the prompt's bytes are built in, reused; at most this large is kept between loads. */
let spare = new Uint8Array(0);
const SPARE_MAX = 1 << 25;

/**
 * The bundle revision: SHA-256 of the rendered prompt's UTF-8 bytes, built one document at a
 * time (the same bytes as encoding renderPrompt's string, without building and encoding one huge
 * string). `encoded[i]`, when given, is document i's text already as UTF-8 (a whole note's own
 * bytes) and is copied instead of encoded. The bytes go into a buffer reused across loads: the
 * first write to each page of a fresh multi-megabyte buffer faults, which in Chromium cost more
 * than the rest of a 500-note re-assembly. WebCrypto copies the bytes when digest() is called
 * (before it returns its promise), so the next load may reuse the buffer at once.
 */
export function promptRevision(documents: readonly IdentityDocument[], encoded: ReadonlyArray<Uint8Array | null> = []): Promise<string> {
  let capacity = 0;
  for (let i = 0; i < documents.length; i++) {
    const text = documents[i]!.text;
    if (text !== '') capacity += (encoded[i]?.byteLength ?? text.length * 3) + 2;
  }
  const out = capacity > SPARE_MAX ? new Uint8Array(capacity) : spare.length >= capacity ? spare : (spare = new Uint8Array(capacity));
  const encoder = new TextEncoder();
  let at = 0;
  for (let i = 0; i < documents.length; i++) {
    const text = documents[i]!.text;
    if (text === '') continue;
    if (at > 0) {
      out[at++] = 0x0a;
      out[at++] = 0x0a;
    }
    const bytes = encoded[i];
    if (bytes) {
      out.set(bytes, at);
      at += bytes.byteLength;
    } else at += encoder.encodeInto(text, out.subarray(at)).written;
  }
  return sha256Hex(out.subarray(0, at));
}

/** What the rendered prompt puts between two documents' texts: one blank line. */
export const PROMPT_SEPARATOR = '\n\n';

/** The rendered prompt: every non-empty text in order, one blank line between. */
export function renderPrompt(documents: readonly IdentityDocument[]): string {
  // join builds one flat string; appending in a loop builds a rope a thousand pieces deep, which
  // every later character read (the preview's cache view) has to walk.
  return documents
    .filter((doc) => doc.text !== '')
    .map((doc) => doc.text)
    .join(PROMPT_SEPARATOR);
}
