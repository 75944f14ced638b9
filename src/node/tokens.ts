// Token counts with a real tokenizer: OpenAI's o200k_base BPE through gpt-tokenizer. Node-side on
// purpose: its rank table is megabytes of JavaScript, so the browser never imports this module (the
// live preview gets the build's counts in its snapshot instead; src/preview/token-estimate.ts).
import { countTokens as o200k, encode } from 'gpt-tokenizer/encoding/o200k_base';
import { createHash, hash } from 'node:crypto';
import { PROMPT_SEPARATOR, commonPrefixLength } from '../core/index.ts';
import { sourceDigest, versionOf } from './package-version.ts';
import { KeptFile } from './kept-file.ts';
import type { TokenCounter } from '../data/bundles.ts';
import type { ImpactCounter } from '../data/impact.ts';

/** What every page and the CLI name as the source of their token counts. */
export const TOKENIZER = { id: 'o200k_base', vendor: 'OpenAI', library: 'gpt-tokenizer', label: 'o200k_base (OpenAI)' } as const;

// A vault's text is counted as text: `<|endoftext|>` in a note is characters, never a control token.
const PLAIN = { disallowedSpecial: new Set<string>() };

/**
 * Where a text may be cut without changing its tokens: the o200k pre-tokenizer never puts a line
 * break and a following character other than whitespace or "/" into one piece (a run of punctuation
 * takes the line breaks and slashes after it), so its pieces, and so tokens, never cross a line start
 * with such a character. Cutting there makes counting additive, so a line is counted once however
 * many notes, bundles and commits carry it, and joining documents re-counts only the line before each
 * join (tests/unit/token-counts.test.ts checks the sums against whole-text counts, with an independent
 * o200k implementation).
 */
const CUT = /(?<=\n)(?=[^\s/])/;
const CUTTABLE = /[^\s/]/;

/** The text's pieces: cut at every CUT, found with indexOf (the look-behind regex took 10x longer). */
function pieces(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
    const cut = at + 1;
    if (cut < text.length && CUTTABLE.test(text[cut]!)) {
      out.push(text.slice(start, cut));
      start = cut;
    }
  }
  out.push(text.slice(start));
  return out;
}

/** Piece → tokens. Bounded, so a long dev session does not keep every text it ever saw. */
const cache = new Map<string, number>();
const CACHE_LIMIT = 1_000_000;

function countPiece(text: string): number {
  let n = cache.get(text);
  if (n === undefined) {
    // The plain options cost a regex build per call: only a piece that could hold a special token takes them.
    n = stored(text, () => (text.includes('<|') ? o200k(text, PLAIN) : o200k(text)));
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(text, n);
  }
  return n;
}

/**
 * Whole texts already counted. A note's text is the same string on every load of a build (and of a
 * dev session), and V8 keeps a string's hash once computed, so looking it up here is one probe, where
 * cutting it into pieces again would hash every line anew (at 5k notes that was most of the count).
 */
const texts = new Map<string, number>();

/**
 * Counts kept between builds (in the cache folder, beside the rendered notes): a long text's by a
 * digest of it, and a prompt's figures by its revision (SHA-256 of its bytes), so a rebuild after one
 * edit counts only the texts and prompts that changed. Short texts are counted, not looked up. The
 * file is made by the tokenizer and this module's code: a change to either starts it afresh.
 */
const STORE_FILE = 'soulpress-tokens';
const STORED_MIN = 128;
type Kept = number | number[];
let store: { dir: string; kept: KeptFile<Kept> } | null = null;

function storeMaker(): string {
  return `${TOKENIZER.id} gpt-tokenizer@${versionOf('gpt-tokenizer')} ${sourceDigest(new URL(import.meta.url))}`;
}

/** Use the counts the last build left under `dir` (Astro's cacheDir); null keeps counts in memory only. */
export async function openTokenStore(dir: string | null): Promise<void> {
  if (dir === null) return void (store = null);
  if (store?.dir === dir) return;
  store = { dir, kept: await KeptFile.open<Kept>(dir, STORE_FILE, storeMaker()) };
}

/** Write the counts this build used, then start the next build from them. */
export async function saveTokenStore(): Promise<void> {
  await store?.kept.save();
}

/** The value kept under `key` by the last build, else made now; either way kept for the next build. */
function kept<V extends Kept>(key: string, make: () => V): V {
  if (store === null) return make();
  let value = store.kept.get(key) as V | undefined;
  if (value === undefined) store.kept.set(key, (value = make()));
  return value;
}

/** A long text's count from the last build's store, else counted now; either way kept for the next build. */
function stored(text: string, count: () => number): number {
  if (store === null || text.length < STORED_MIN) return count();
  return kept(hash('sha1', text, 'base64url'), count);
}

/** The key of texts joined by `sep` into the prompt `revision` names: the revision fixes the joined text, and the texts' lengths where each lies in it. */
function tailsKey(revision: string, texts: readonly string[], sep: string): string {
  const lengths = createHash('sha1').update(sep);
  for (const text of texts) lengths.update(`${text.length},`);
  return `tails\0${revision}\0${lengths.digest('base64url')}`;
}

/** Tokens of `text` under o200k_base, exactly as the tokenizer counts the whole text. */
export function countTokens(text: string): number {
  if (text === '') return 0;
  let total = texts.get(text);
  if (total !== undefined) return total;
  total = stored(text, () => countPieces(text));
  if (texts.size >= CACHE_LIMIT) texts.clear();
  texts.set(text, total);
  return total;
}

/** Tokens of a text made for one question (a slice), piece by piece, without remembering the whole. */
function countPieces(text: string): number {
  let total = 0;
  for (const piece of pieces(text)) total += countPiece(piece);
  return total;
}

/** Where a text's first piece ends (its first cut), or its length when it has none. */
function firstCut(text: string): number {
  for (let at = text.indexOf('\n'); at >= 0 && at + 1 < text.length; at = text.indexOf('\n', at + 1)) if (CUTTABLE.test(text[at + 1]!)) return at + 1;
  return text.length;
}

/**
 * Tokens of `texts` joined by `sep` (line breaks only: the prompt's blank line), exactly as the
 * joined text counts, from each text's own count: only the pieces that meet at each join are
 * counted again. A prompt repeats its notes' texts, so counting it whole would cut and look up
 * every line of every note once more for each bundle that carries them.
 */
export function countJoined(texts: readonly string[], sep: string): number {
  if (!/^\n+$/.test(sep)) return countTokens(texts.filter((t) => t !== '').join(sep));
  return walkJoin(texts, sep, () => undefined);
}

/**
 * countJoined's pass, telling `visit` before each non-empty text the tokens of what is joined so far
 * and its last piece (null before the first text). `sep` is line breaks only.
 */
function walkJoin(texts: readonly string[], sep: string, visit: (i: number, total: number, tail: string | null) => void): number {
  let total = 0;
  // The last piece of what is joined so far: a join can only change the piece it ends.
  let tail: string | null = null;
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i]!;
    if (text === '') continue;
    visit(i, total, tail);
    const own = countTokens(text);
    const cut = firstCut(text);
    const lastPiece = (): string => text.slice(lastCut(text, text.length));
    if (tail === null) {
      total = own;
      tail = lastPiece();
    } else if (CUTTABLE.test(text[0]!)) {
      // A cut right after the separator: the tail takes the separator and ends there.
      total += countPiece(tail + sep) - countPiece(tail) + own;
      tail = lastPiece();
    } else {
      // No cut: the tail, the separator and the text's first piece are one piece.
      const first = text.slice(0, cut);
      const merged: string = tail + sep + first;
      total += countPiece(merged) - countPiece(tail) - countPiece(first) + own;
      tail = cut === text.length ? merged : lastPiece();
    }
  }
  return total;
}

/**
 * For each of `texts` joined by `sep`: the tokens of the joined text from where that text starts to
 * the end (0 for an empty text), exactly as the tokenizer counts that tail alone: what an edit to the
 * text resends. Where a text starts at a cut (after the blank line, a character other than whitespace
 * or "/"), its tail's count is the whole count less the head's, so one pass counts every tail.
 */
export function suffixTokens(texts: readonly string[], sep: string): number[] {
  const out = texts.map(() => 0);
  const lines = /^\n+$/.test(sep);
  const heads: Array<[number, number, string | null]> = [];
  const total = lines ? walkJoin(texts, sep, (i, head, tail) => heads.push([i, head, tail])) : countJoined(texts, sep);
  if (!lines) texts.forEach((t, i) => t !== '' && heads.push([i, 0, null]));
  for (const [i, head, tail] of heads) {
    const text = texts[i]!;
    if (tail === null && lines) out[i] = total;
    else if (lines && CUTTABLE.test(text[0]!)) out[i] = total - (head + countPiece(tail! + sep) - countPiece(tail!));
    // A text that does not start at a cut shares its first piece with the blank line before it: count its tail alone.
    else out[i] = countPieces(texts.slice(i).filter((t) => t !== '').join(sep));
  }
  return out;
}

/** Tokens of `head`, `sep`, then `texts` from `from` on joined by `sep`, given their suffixTokens: a tail with another text in front. */
export function headedTokens(head: string, sep: string, texts: readonly string[], suffixes: readonly number[], from: number): number {
  let next = from;
  while (next < texts.length && texts[next] === '') next++;
  if (next === texts.length) return countTokens(head);
  if (/^\n+$/.test(sep) && CUTTABLE.test(texts[next]![0]!)) {
    // `sep` starts no piece (whitespace is never cut before), so it only lengthens the head's last
    // piece: the head's own count, kept like any text's, with that piece counted again.
    const last = head.slice(lastCut(head, head.length));
    return countTokens(head) - countPiece(last) + countPiece(last + sep) + suffixes[next]!;
  }
  return countPieces([head, ...texts.slice(next).filter((t) => t !== '')].join(sep));
}

/** The last place before `end` (a UTF-16 index) where `text` may be cut: 0 when there is none. */
function lastCut(text: string, end: number): number {
  for (let i = Math.min(end, text.length - 1); i >= 1; i--) {
    if (text.charCodeAt(i - 1) === 10 && CUTTABLE.test(text[i]!)) return i;
  }
  return 0;
}

function nextCut(text: string, from: number): number {
  const m = CUT.exec(text.slice(from + 1));
  return m ? from + 1 + m.index : text.length;
}

export interface CacheBreak {
  /** Tokens of `to`. */
  tokens: number;
  /** Leading tokens `to` shares with `from`: what a provider's prefix cache can still serve. */
  cachedTokens: number;
  /** tokens - cachedTokens: what the first turn after the change sends uncached again. */
  resentTokens: number;
}

/**
 * What a change from prompt `from` to prompt `to` costs a prefix cache, in tokens: the tokens of
 * `to` from the first token that differs on. Both prompts' tokens agree up to the last cut
 * before the first differing character; within the piece that holds it, both are encoded and
 * compared token by token. History entries and the site's preset comparison call this. `tokens` is
 * `to`'s count where the caller has it (a bundle's prompt is counted from its documents): counting
 * the whole prompt again hashed it and looked up every line of it (about 0.3 s of a 5k-note build's
 * preset comparisons).
 */
export function cacheBreakTokens(from: string, to: string, tokens: number = countTokens(to)): CacheBreak {
  const i = commonPrefixLength(from, to);
  if (i === to.length && i === from.length) return { tokens, cachedTokens: tokens, resentTokens: 0 };
  // A cut before i is a cut in both prompts: the characters before it, and the one after, are shared.
  let cut = lastCut(to, i - 1);
  // Counting is additive over cuts: count whichever side of the cut is shorter.
  let cachedTokens = cut <= to.length / 2 ? countPieces(to.slice(0, cut)) : tokens - countPieces(to.slice(cut));
  for (;;) {
    const [toEnd, fromEnd] = [nextCut(to, cut), nextCut(from, cut)];
    const a = encode(to.slice(cut, toEnd), PLAIN);
    const b = encode(from.slice(cut, fromEnd), PLAIN);
    let same = 0;
    while (same < a.length && same < b.length && a[same] === b[same]) same++;
    cachedTokens += same;
    // Two pieces that encode alike end at a cut of both (a difference inside a character's bytes can lie just past it).
    if (same < a.length || same < b.length || toEnd !== fromEnd || toEnd >= to.length) break;
    cut = toEnd;
  }
  return { tokens, cachedTokens, resentTokens: tokens - cachedTokens };
}

/** A prompt as the loader made it: its text, its revision (the SHA-256 of its bytes) and its tokens as counted. */
export interface RevisedPrompt {
  promptText: string;
  revision: string;
  promptTokens: { tokens: number; estimated: boolean };
}

/** cacheBreakTokens between two prompts, kept between builds by their revisions (a rebuild compares only the prompts an edit changed). */
export function promptBreakTokens(from: RevisedPrompt, to: RevisedPrompt): CacheBreak {
  const [tokens, cachedTokens] = kept(`break\0${from.revision}\0${to.revision}`, () => {
    // An estimate (a counter other than this one) is not the tokenizer's count: count the prompt then.
    const b = cacheBreakTokens(from.promptText, to.promptText, to.promptTokens.estimated ? countTokens(to.promptText) : to.promptTokens.tokens);
    return [b.tokens, b.cachedTokens];
  });
  return { tokens: tokens!, cachedTokens: cachedTokens!, resentTokens: tokens! - cachedTokens! };
}

/**
 * A prompt's tails by tailsKey, as this process counted them. A bundle's view asks for its prompt's
 * count and its impacts for the prompt's tails, and the first tail is the whole count: one walk over
 * the joins serves both (two walks were ~0.3 s of a 5k-note build). Bounded, as the piece cache is.
 */
const tails = new Map<string, number[]>();
const TAILS_LIMIT = 4096;

/**
 * The tails of a prompt; `keep` also keeps them for the next build (the impacts' figures). A count
 * alone (a history state's prompt) keeps only its total: every state's tails would fill the store.
 */
function promptTails(revision: string, texts: readonly string[], sep: string, keep: boolean): number[] {
  const key = tailsKey(revision, texts, sep);
  // This process's walk, else the last build's: a bundle's impacts keep its tails in every build, but its
  // prompt's own count only in a build that loaded it, and a member kept from the build before is not
  // loaded. Loaded again later (a shared note it carries changed), its unchanged prompt was counted anew.
  const known = tails.get(key) ?? (store?.kept.get(key) as number[] | undefined);
  if (known !== undefined) return keep ? kept(key, () => known) : known;
  const made = keep ? kept(key, () => suffixTokens(texts, sep)) : suffixTokens(texts, sep);
  if (tails.size >= TAILS_LIMIT) tails.clear();
  tails.set(key, made);
  return made;
}

/** The build's and the CLI's counter: every text counted by the tokenizer, nothing estimated; a prompt's count is kept by its revision. */
export const exactTokens: TokenCounter = {
  document: (doc) => ({ tokens: countTokens(doc.text), estimated: false }),
  prompt: (_text, revision, _documents, texts) => ({
    // The tail from the first text that is in the prompt is the whole prompt.
    tokens: kept(`prompt\0${revision}`, () => {
      const first = texts.findIndex((t) => t !== '');
      return first < 0 ? 0 : promptTails(revision, texts, PROMPT_SEPARATOR, false)[first]!;
    }),
    estimated: false,
  }),
};

/** The build's and the CLI's counter of what an edit resends; a prompt's tails are kept by its revision. */
export const impactTokens: ImpactCounter = {
  suffixes: (texts, sep, revision) => (revision === undefined ? suffixTokens(texts, sep) : promptTails(revision, texts, sep, true)),
  headed: headedTokens,
};
