// What an edit costs a provider's prefix cache: the cache keeps a prompt's leading bytes, so an edit
// to one part sends again every byte from where that part starts to the prompt's end. One function
// for every prompt the project shows (a soul's bundle, a LingTai agent's sections): the CLI, the note
// pages and the agent page all take their offsets, resent bytes and shares from here.
import type { IdentityDocument, Mode } from './bundle.ts';
import { PROMPT_SEPARATOR } from './bundle.ts';
import type { Role } from './roles.ts';
import { utf8Length } from './text.ts';

/** Where one part of a prompt starts, and what an edit to it sends again uncached. */
export interface Resend {
  /** The UTF-8 byte at which the part's text starts in the prompt. */
  offset: number;
  promptBytes: number;
  /** promptBytes - offset when an edit to the part changes the prompt, else 0. */
  resentBytes: number;
  /** resentBytes / promptBytes, 0..1. */
  share: number;
}

/** What part of a prompt an edit resends, 0..1; 0 for an empty prompt. */
export const resentShare = (resentBytes: number, promptBytes: number): number => (promptBytes === 0 ? 0 : resentBytes / promptBytes);

/**
 * For a prompt made of parts of these UTF-8 sizes, joined by `separator` bytes between the parts
 * that are in it (size 0: not in the prompt, no separator), each part's offset and what an edit to
 * it resends. `changes(i)` says whether editing part i changes the prompt at all (a pointer's does not).
 * An absent part's offset is where the next part would start.
 */
export function resends(sizes: readonly number[], separator: number, changes: (i: number) => boolean): Resend[] {
  const offsets: number[] = [];
  let at = 0;
  let any = false;
  for (const size of sizes) {
    if (size === 0) {
      offsets.push(any ? at + separator : at);
      continue;
    }
    if (any) at += separator;
    offsets.push(at);
    at += size;
    any = true;
  }
  const promptBytes = at;
  return sizes.map((size, i) => {
    const offset = offsets[i]!;
    const resentBytes = size > 0 && changes(i) ? promptBytes - offset : 0;
    return { offset, promptBytes, resentBytes, share: resentShare(resentBytes, promptBytes) };
  });
}

/** One document of a bundle as an edit to its note reaches the prompt. */
export interface DocumentResend extends Resend {
  /** 1-based position in load order, as on the load card. */
  index: number;
  role: Role;
  mode: Mode;
  uri: string;
}

/**
 * Every document of a bundle with its offset in the rendered prompt and what an edit to its note
 * resends: from its text on for a document carried whole, nothing for a pointer (its sentence names
 * only the URI) or an absent note.
 */
export function documentResends(documents: readonly IdentityDocument[]): DocumentResend[] {
  const sizes = documents.map((d) => utf8Length(d.text));
  return resends(sizes, PROMPT_SEPARATOR.length, (i) => documents[i]!.mode === 'whole').map((r, i) => {
    const d = documents[i]!;
    return { ...r, index: i + 1, role: d.role, mode: d.mode, uri: d.uri };
  });
}

/**
 * What flipping a pointer to whole would resend: the prompt with the note's text (`wholeBytes`) in
 * place of the pointer sentence, from the document's offset on.
 */
export function flipResend(at: Resend, pointerBytes: number, wholeBytes: number): Resend {
  const promptBytes = at.promptBytes - pointerBytes + wholeBytes;
  const resentBytes = promptBytes - at.offset;
  return { offset: at.offset, promptBytes, resentBytes, share: resentShare(resentBytes, promptBytes) };
}
