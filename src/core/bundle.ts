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

/** The rendered prompt: every non-empty text in order, one blank line between. */
export function renderPrompt(documents: readonly IdentityDocument[]): string {
  let out = '';
  for (const doc of documents) {
    if (doc.text === '') continue;
    out = out === '' ? doc.text : `${out}\n\n${doc.text}`;
  }
  return out;
}
