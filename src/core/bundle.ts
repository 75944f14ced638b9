import type { ErrorCode } from './errors.ts';
import type { Role } from './roles.ts';

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

/**
 * The rendered prompt's UTF-8 bytes, encoded one document at a time: the same bytes as
 * encoding renderPrompt's string, without building and flattening one huge string first
 * (for a 500-note soul that was most of a load's time).
 */
export function promptBytes(documents: readonly IdentityDocument[]): Uint8Array {
  const encoder = new TextEncoder();
  let capacity = 0;
  for (const doc of documents) if (doc.text !== '') capacity += doc.text.length * 3 + 2;
  const out = new Uint8Array(capacity);
  let at = 0;
  for (const doc of documents) {
    if (doc.text === '') continue;
    if (at > 0) {
      out[at++] = 0x0a;
      out[at++] = 0x0a;
    }
    at += encoder.encodeInto(doc.text, out.subarray(at)).written;
  }
  return out.subarray(0, at);
}

/** The rendered prompt: every non-empty text in order, one blank line between. */
export function renderPrompt(documents: readonly IdentityDocument[]): string {
  let out = '';
  for (const doc of documents) {
    if (doc.text === '') continue;
    out = out === '' ? doc.text : `${out}\n\n${doc.text}`;
  }
  return out;
}
