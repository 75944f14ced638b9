// A small, strict YAML parser for frontmatter: the YAML 1.2 core schema over block and flow
// collections, every scalar style, anchors and aliases. It returns what the `yaml` package's
// parse(src, { maxAliasCount: 100, uniqueKeys: true }) returns, or throws YamlError. YAML outside
// this subset (tags, ? keys, directives, --- and ... markers, anchors on keys, non-scalar keys) is an
// error, never a different value. It exists because `yaml` alone is ~30 KB gzipped, over the
// browser budget of the core; docs/decisions.md ("Frontmatter YAML") has the details.
//
// One reader per construct (the document, block mappings and sequences, flow collections, plain,
// quoted and block scalars, anchors and aliases), each taking the Cursor: where it stands and what
// the document has seen so far.

/** Invalid YAML, or YAML outside the subset; `line` is 1-based within the parsed source. */
export class YamlError extends Error {
  line: number;
  reason: string;
  constructor(line: number, reason: string) {
    super(`line ${line}: ${reason}`);
    this.line = line;
    this.reason = reason;
  }
}

/** The `yaml` package's maxAliasCount as frontmatter used it, with the same arithmetic. */
const MAX_ALIASES = 100;
/** Collections nested deeper than this are refused rather than risking the stack. */
const MAX_DEPTH = 64;
/** YAML's limit on an implicit key. */
const MAX_KEY = 1024;
const BAD_INDENT = 'bad indentation';
const TAB = 'a tab in indentation';
const TWO_ANCHORS = 'two anchors on one node';
/** What a character that starts no node in the subset would have started. */
const REFUSED: Record<string, string> = { '!': 'tags', '%': 'directives', '?': 'complex keys (?)', '&': 'anchors here' };

/** An anchored node, with what `yaml` counts to judge alias expansion (its Alias.resolve). */
interface Anchor {
  value: unknown;
  /** 1 for the anchor itself, plus 1 per alias to it so far. */
  count: number;
  /**
   * yaml's getAliasCount of the node, computed at its first alias; taken as at least 1 even for an
   * empty collection (yaml says 0), which can only refuse more, never less, than yaml.
   */
  weight: number;
  /** The anchors aliased anywhere inside the node. */
  refs: Set<Anchor>;
}

/** One document being read: the position in it and what limits and anchors have counted so far. */
class Cursor {
  readonly src: string;
  readonly len: number;
  /** The next character to read. */
  i = 0;
  /** Collections open around `i` (MAX_DEPTH), and how many of them are [ ] or { }. */
  depth = 0;
  flowDepth = 0;
  /** Aliases read so far (MAX_ALIASES). */
  aliases = 0;
  /** Anchor name to its node; null while that node is still being parsed. */
  readonly anchors = new Map<string, Anchor | null>();
  /** The innermost anchored node being parsed. */
  frame: Anchor | undefined = undefined;

  /** A plain scalar's value: the core schema's, or the caller's (YamlOptions.resolve). */
  readonly resolve: (plain: string) => unknown;
  readonly maxDepth: number;
  readonly lastKeyWins: boolean;

  constructor(src: string, options: YamlOptions) {
    this.src = src;
    this.len = src.length;
    this.resolve = options.resolve ?? resolve;
    this.maxDepth = options.maxDepth ?? MAX_DEPTH;
    this.lastKeyWins = options.lastKeyWins ?? false;
  }
}

/** A key already in the map, where that is an error (not when the last of equal keys wins). */
function repeated(cur: Cursor, map: Record<string, unknown>, key: string): boolean {
  return !cur.lastKeyWins && Object.hasOwn(map, key);
}

/**
 * Where a block node may start a block collection: 0 anywhere, 1 right after "key:" (never on the
 * key's line), 2 right after an anchor on the line (that would be an anchor on a key).
 */
type Place = 0 | 1 | 2;

const blank = (c?: string): boolean => c === undefined || c === ' ' || c === '\t' || c === '\n';
const space = (c?: string): boolean => c === ' ' || c === '\t';
const flowChar = (c?: string): boolean => !!c && ',[]{}'.includes(c);

/** Double-quoted escapes: the letter after \ and, at the same index, what it stands for. */
const ESCAPE_KEYS = '0abefnrtvN_LP "/\\\t';
const ESCAPE_VALUES = '\0\x07\b\x1b\f\n\r\t\v\x85\xa0\u2028\u2029 "/\\\t';
/** The hex digits after \x, \u and \U. */
const ESCAPE_HEX: Record<string, number> = { x: 2, u: 4, U: 8 };

/** Core schema resolution of a plain scalar, with the `yaml` package's patterns and number parsing. */
function resolve(s: string): unknown {
  if (/^(~|[Nn]ull|NULL)?$/.test(s)) return null;
  if (/^([Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(s)) return /^[Tt]/.test(s);
  if (/^0(o[0-7]+|x[\da-fA-F]+)$/.test(s)) return parseInt(s.slice(2), s[1] === 'o' ? 8 : 16);
  if (/^[-+]?\d+$/.test(s)) return parseInt(s, 10);
  if (/^[-+]?\.(inf|Inf|INF)$/.test(s)) return s[0] === '-' ? -Infinity : Infinity;
  if (/^\.(nan|NaN|NAN)$/.test(s)) return NaN;
  return /^[-+]?(\.\d+|\d+(\.\d*)?)([eE][-+]?\d+)?$/.test(s) ? parseFloat(s) : s;
}

/** A plain key as a property name, as `yaml` makes it: null is "", a number String(n). */
const keyString = (value: unknown): string => (value === null ? '' : String(value));

/** An own data property, so keys like `__proto__` never reach a prototype. */
function define(map: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(map, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * How a caller other than the loader reads YAML: the LingTai catalog reads entry frontmatter as
 * PyYAML's safe_load does (YAML 1.1 scalars, the last of two equal keys, deeper nesting, and no
 * character PyYAML's reader refuses). The loader passes none and keeps the core schema above.
 */
export interface YamlOptions {
  /** A plain scalar's value, in place of the core schema's. */
  resolve?: (plain: string) => unknown;
  /** A repeated key keeps its last value instead of being an error. */
  lastKeyWins?: boolean;
  /** Collections nested deeper than this are refused. Default 64. */
  maxDepth?: number;
  /** Characters that make the whole document an error (PyYAML's reader refuses the non-printable). */
  refuse?: RegExp;
}

/** Parse one YAML document (frontmatter) into plain JS values; the empty document is null. */
export function parseYaml(source: string, options: YamlOptions = {}): unknown {
  const cur = new Cursor(source.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n'), options);
  if (cur.src.includes('\r')) fail(cur, 'a lone carriage return', cur.src.indexOf('\r'));
  if (options.refuse) {
    const bad = options.refuse.exec(cur.src);
    if (bad) fail(cur, `the character U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} is not allowed`, bad.index);
  }
  return yamlDocument(cur);
}

// --- The cursor: failing, spaces, lines ---

function fail(cur: Cursor, reason: string, at = cur.i): never {
  throw new YamlError(cur.src.slice(0, at).split('\n').length, reason);
}

/** The error for the character at the cursor, naming the construct it would start when that is outside the subset. */
function unexpected(cur: Cursor): never {
  const c = cur.src[cur.i] as string;
  const what = REFUSED[c];
  return fail(cur, what ? `${what} are not supported` : c ? `unexpected "${c}"` : 'unexpected end');
}

function skipSpace(cur: Cursor): void {
  const { src } = cur;
  let i = cur.i;
  while (space(src[i])) i++;
  cur.i = i;
}

/** Skip the spaces (not tabs) at the cursor; return how many. */
function spaces(cur: Cursor): number {
  const { src } = cur;
  const start = cur.i;
  let i = start;
  while (src[i] === ' ') i++;
  cur.i = i;
  return i - start;
}

function toLineEnd(cur: Cursor): void {
  const { src, len } = cur;
  let i = cur.i;
  while (i < len && src[i] !== '\n') i++;
  cur.i = i;
}

/** Finish the current line: only spaces and a comment may follow a value. */
function lineEnd(cur: Cursor): void {
  const { src, len } = cur;
  if (cur.i && src[cur.i - 1] !== '\n') {
    skipSpace(cur);
    if (src[cur.i] === '#' && blank(src[cur.i - 1])) toLineEnd(cur);
    if (cur.i < len && src[cur.i] !== '\n') unexpected(cur);
    if (cur.i < len) cur.i++;
  }
}

/** Move to the start of the next line with content; return its indentation, or -1 at the end. */
function nextLine(cur: Cursor): number {
  lineEnd(cur);
  const { src, len } = cur;
  for (;;) {
    const start = cur.i;
    const indent = spaces(cur);
    skipSpace(cur);
    const blanks = cur.i;
    if (src[cur.i] === '#') toLineEnd(cur);
    if (src[cur.i] === '\n') cur.i++;
    else if (cur.i < len) {
      if (src[start + indent] === '\t') fail(cur, TAB);
      refuseMarker(cur, start);
      cur.i = start;
      return indent;
    } else {
      // yaml refuses some blank last lines with a tab and no line break; refuse them all.
      if (src.slice(start, blanks).includes('\t')) fail(cur, TAB, start);
      return -1;
    }
  }
}

/** A key spans from `start` to the cursor: one line, at most MAX_KEY long. */
function checkKey(cur: Cursor, start: number): void {
  if (cur.src.slice(start, cur.i).includes('\n') || cur.i - start > MAX_KEY) fail(cur, `a key must be one line of at most ${MAX_KEY} characters`, start);
}

/** One more collection open, refused past MAX_DEPTH; its reader closes it with `cur.depth--`. */
function enter(cur: Cursor): void {
  if (++cur.depth > cur.maxDepth) fail(cur, `nested deeper than ${cur.maxDepth} levels`);
}

// --- The document and its markers ---

/** The one document: a block value at the top (null when there is none), then nothing but blanks and comments. */
function yamlDocument(cur: Cursor): unknown {
  // nextLine first: it refuses a tab or a document marker before the first content.
  const doc = nextLine(cur) < 0 ? null : blockValue(cur, -1, false);
  const rest = nextLine(cur);
  if (rest >= 0) {
    cur.i += rest;
    unexpected(cur);
  }
  return doc;
}

/** A --- or ... document marker at `p`. */
const documentMarker = (src: string, p: number): boolean => (src.startsWith('---', p) || src.startsWith('...', p)) && blank(src[p + 3]);

/** Frontmatter is one document: a marker inside it is refused. */
function refuseMarker(cur: Cursor, p: number): void {
  if (documentMarker(cur.src, p)) fail(cur, '--- and ... markers are not supported', p);
}

// --- Anchors and aliases ---

function anchorName(cur: Cursor): string {
  const { src } = cur;
  const start = ++cur.i;
  let i = start;
  while (!blank(src[i]) && !flowChar(src[i])) i++;
  cur.i = i;
  return i > start ? src.slice(start, i) : fail(cur, 'empty anchor or alias name');
}

/** Read a node (through `read`) under the anchor `name`. */
function anchored(cur: Cursor, name: string, read: () => unknown): unknown {
  const anchor: Anchor = { value: null, count: 1, weight: 0, refs: new Set() };
  const outer = cur.frame;
  cur.anchors.set(name, null);
  cur.frame = anchor;
  anchor.value = read();
  cur.frame = outer;
  cur.anchors.set(name, anchor);
  for (const ref of anchor.refs) outer?.refs.add(ref);
  return anchor.value;
}

/** An alias is the anchored value itself, never a copy, counted as `yaml` counts it. */
function alias(cur: Cursor): unknown {
  const at = cur.i;
  const name = anchorName(cur);
  const anchor = cur.anchors.get(name);
  if (!anchor) return fail(cur, `undefined alias *${name}`, at);
  // At most MAX_ALIASES refs: the spread stays small.
  anchor.weight ||= Math.max(1, ...[...anchor.refs].map((ref) => ref.count * ref.weight));
  if (++cur.aliases > MAX_ALIASES || ++anchor.count * anchor.weight > MAX_ALIASES) fail(cur, `over ${MAX_ALIASES} aliases expanded`, at);
  if (cur.frame) cur.frame.refs.add(anchor);
  return anchor.value;
}

// --- Scalars: plain and quoted ---

/** A quoted or plain scalar's value; `flow` inside [ ] or { }. */
function scalar(cur: Cursor, n: number, flow: boolean): unknown {
  return atQuote(cur) ? quoted(cur, n) : cur.resolve(plain(cur, n, flow));
}

const atQuote = (cur: Cursor): boolean => cur.src[cur.i] === '"' || cur.src[cur.i] === "'";

/** Whether a plain scalar may start at the cursor; `flow` inside [ ] or { }. */
function plainStart(cur: Cursor, flow: boolean): boolean {
  const { src, i } = cur;
  const c = src[i] as string;
  if (c === '-' || c === '?' || c === ':') return !blank(src[i + 1]) && !(flow && flowChar(src[i + 1]));
  return !blank(c) && !'#,[]{}&*!|>\'"%@`'.includes(c);
}

/** Scan one line of a plain scalar; return where its text ends (trailing blanks excluded). */
function plainLine(cur: Cursor, flow: boolean): number {
  const { src } = cur;
  let i = cur.i;
  let end = i;
  for (;;) {
    const c = src[i];
    if (c === undefined || c === '\n' || (flow && flowChar(c)) || (space(c) && src[i + 1] === '#')) break;
    if (c === ':' && (blank(src[i + 1]) || (flow && flowChar(src[i + 1])))) break;
    i++;
    if (!space(c)) end = i;
  }
  cur.i = i;
  return end;
}

/** A plain scalar, folded over the following lines indented deeper than `n`. */
function plain(cur: Cursor, n: number, flow: boolean): string {
  const { src, len } = cur;
  if (!plainStart(cur, flow)) unexpected(cur);
  const first = cur.i;
  let text = src.slice(first, plainLine(cur, flow));
  for (;;) {
    const save = cur.i;
    skipSpace(cur);
    let breaks = 0;
    let found = false;
    let more = src[cur.i] === '\n';
    while (more) {
      cur.i++;
      const indent = spaces(cur);
      more = src[cur.i] === '\n';
      // As in yaml: only a line indented deeper than the parent goes on (blank lines aside).
      if (!more && indent > n && !documentMarker(src, cur.i - indent)) {
        skipSpace(cur);
        more = src[cur.i] === '\n';
        found = !more && cur.i < len && src[cur.i] !== '#';
      }
      if (more) breaks++;
    }
    const start = cur.i;
    const end = found ? plainLine(cur, flow) : cur.i;
    if (end === start) {
      cur.i = save;
      return text;
    }
    text += (breaks ? '\n'.repeat(breaks) : ' ') + src.slice(start, end);
  }
}

/** A quoted scalar; its continuation lines must be indented deeper than `n`. */
function quoted(cur: Cursor, n: number): string {
  const { src, len } = cur;
  const quote = src[cur.i];
  const start = ++cur.i;
  let i = start;
  for (;;) {
    const c = src[i];
    if (c === undefined) fail(cur, 'unclosed quote', start - 1);
    if (c === quote) {
      if (quote === '"' || src[i + 1] !== "'") break;
      i++;
    } else if (c === '\\' && quote === '"' && src[i + 1] !== '\n') i++;
    else if (c === '\n') {
      const line = ++i;
      refuseMarker(cur, line);
      cur.i = i;
      if (spaces(cur) <= n && cur.i < len && src[cur.i] !== '\n') fail(cur, BAD_INDENT, line);
      i = cur.i - 1;
    }
    i++;
  }
  cur.i = i + 1;
  const raw = src.slice(start, i);
  return quote === '"' ? quotedText(cur, raw, start, true) : quotedText(cur, raw, start, false).replace(/''/g, "'");
}

/**
 * Line folding of a quoted scalar, and the escapes when `double`, as `yaml` does them (its
 * unfoldLines for single quotes gives the same folding).
 */
function quotedText(cur: Cursor, raw: string, offset: number, double: boolean): string {
  // One line with no escapes (most summaries and titles) is its own text.
  if (!raw.includes('\n') && !(double && raw.includes('\\'))) return raw;
  let text = '';
  for (let k = 0; k < raw.length; k++) {
    const c = raw[k] as string;
    if (c === '\n') {
      let fold = '';
      while (k + 1 < raw.length && blank(raw[k + 1])) if (raw[++k] === '\n') fold += '\n';
      text += fold || ' ';
    } else if (c === '\\' && double) {
      const e = raw[++k] as string;
      const size = ESCAPE_HEX[e] ?? 0;
      const hex = raw.substr(k + 1, size);
      const code = parseInt(hex, 16);
      const known = ESCAPE_KEYS.indexOf(e);
      if (known >= 0) text += ESCAPE_VALUES[known];
      else if (e === '\n') while (space(raw[k + 1])) k++;
      else if (size && /^[\da-fA-F]+$/.test(hex) && hex.length === size && code < 0x110000) {
        text += String.fromCodePoint(code);
        k += size;
      } else fail(cur, `invalid escape \\${e}`, offset + k);
    } else if (space(c)) {
      // Spaces and tabs before a line break are dropped.
      let end = k;
      while (space(raw[end + 1])) end++;
      if (raw[end + 1] !== '\n') text += raw.slice(k, end + 1);
      k = end;
    } else text += c;
  }
  return text;
}

// --- Block scalars: | and > ---

interface BlockHeader {
  folded: boolean;
  /** '-' strip, '+' keep, '' clip. */
  chomp: string;
  /** The indentation indicator, 0 when there is none. */
  explicit: number;
}

/** A block scalar's lines, each past its indentation. */
interface BlockLines {
  lines: string[];
  /** Per line: its spaces when it holds nothing else, else -1. */
  white: number[];
  /** The block's indentation, and the first content line's (-1: no content line). */
  indent: number;
  first: number;
  /** The last line has no line break (the end of the input). */
  open: boolean;
}

/** A | or > block scalar whose parent collection is indented `n`. */
function blockScalar(cur: Cursor, n: number): string {
  const header = blockScalarHeader(cur);
  return blockScalarText(blockScalarLines(cur, n, header.explicit), header);
}

/** The indicator and its chomping and indentation digits, up to the end of the line. */
function blockScalarHeader(cur: Cursor): BlockHeader {
  const { src } = cur;
  const folded = src[cur.i++] === '>';
  let chomp = '';
  let explicit = 0;
  for (;;) {
    const c = src[cur.i] as string;
    if (!chomp && (c === '-' || c === '+')) chomp = c;
    else if (!explicit && c >= '1' && c <= '9') explicit = +c;
    else break;
    cur.i++;
  }
  if (!blank(src[cur.i])) fail(cur, 'bad block scalar header');
  lineEnd(cur);
  return { folded, chomp, explicit };
}

/** The lines of the block, up to the first one indented too little; the cursor ends at that line's start. */
function blockScalarLines(cur: Cursor, n: number, explicit: number): BlockLines {
  const { src, len } = cur;
  let indent = explicit ? Math.max(n, 0) + explicit : -1;
  let lead = 0;
  let first = -1;
  let open = false;
  const lines: string[] = [];
  const white: number[] = [];
  while (cur.i < len) {
    const start = cur.i;
    const count = spaces(cur);
    let end = src.indexOf('\n', cur.i);
    if (end < 0) end = len;
    const empty = cur.i === end;
    // yaml leaves out a last, unterminated blank line that is not indented enough.
    if (empty && end === len && count < (indent < 0 ? n + 1 : indent)) break;
    if (!empty) {
      if ((indent < 0 && count <= n) || count < indent || documentMarker(src, start)) {
        if (src[cur.i] === '\t') fail(cur, TAB);
        break;
      }
      if (indent < 0) {
        if (count < lead) fail(cur, BAD_INDENT, start);
        indent = count;
      }
      if (first < 0) first = count;
    } else if (indent < 0) lead = Math.max(lead, count);
    white.push(empty ? count : -1);
    lines.push(indent < 0 ? '' : src.slice(start + indent, end));
    open = end === len;
    cur.i = open ? end : end + 1;
  }
  if (cur.i < len && src[cur.i - 1] !== '\n') cur.i = src.lastIndexOf('\n', cur.i - 1) + 1;
  return { lines, white, indent, first, open };
}

/** The block's value: its lines kept or folded, and its trailing line breaks chomped. */
function blockScalarText({ lines, white, indent, first, open }: BlockLines, { folded, chomp, explicit }: BlockHeader): string {
  // A last line with no line break (end of input) adds no line break.
  const breaks = lines.length - (open ? 1 : 0);
  if (first < 0) return chomp === '+' && lines.length ? '\n'.repeat(Math.max(1, breaks)) : '';
  // Trailing blank lines are cut as in yaml: up to the first content line's indentation when an
  // explicit indicator does not keep them, else up to the block's own indentation.
  const limit = explicit && chomp !== '+' ? first : indent;
  let last = lines.length;
  while ((white[last - 1] as number) >= 0 && (white[last - 1] as number) <= limit) last--;
  const text = folded ? foldLines(lines, last) : lines.slice(0, last).join('\n');
  return chomp === '-' ? text : text + '\n'.repeat(chomp === '+' ? Math.max(1, breaks - last + 1) : 1);
}

/** The first `last` lines of a > scalar folded: lines join with a space, except around blank and more-indented ones. */
function foldLines(lines: readonly string[], last: number): string {
  let k = 0;
  while (!lines[k]) k++;
  let text = '\n'.repeat(k);
  let sep = '';
  let more = false;
  for (; k < last; k++) {
    const line = lines[k] as string;
    if (!line) {
      if (sep === '\n') text += sep;
      sep = '\n';
    } else {
      const indented = space(line[0]);
      if (indented) sep = sep === ' ' ? '\n' : !more && sep === '\n' ? '\n\n' : sep;
      text += sep + line;
      sep = indented ? '\n' : ' ';
      more = indented;
    }
  }
  return text;
}

// --- Flow collections: [ ] and { } ---

/** Skip blanks, line breaks and comments inside [ ] or { } whose block parent is indented `n`. */
function flowSpace(cur: Cursor, n: number): void {
  const { src } = cur;
  for (;;) {
    const c = src[cur.i];
    if (space(c)) cur.i++;
    else if (c === '#') {
      if (!blank(src[cur.i - 1])) unexpected(cur);
      toLineEnd(cur);
    } else if (c === '\n') {
      const start = ++cur.i;
      const indent = spaces(cur);
      skipSpace(cur);
      const d = src[cur.i];
      if (!indent) refuseMarker(cur, start);
      // yaml lets the outermost closing bracket sit at the parent's indentation.
      if (!blank(d) && d !== '#' && indent <= n && !(indent === n && cur.flowDepth === 1 && (d === ']' || d === '}'))) fail(cur, BAD_INDENT, start);
    } else return;
  }
}

/** A [ ] or { } collection, possibly over several lines; the cursor is at its bracket. */
function flowCollection(cur: Cursor, n: number): unknown[] | Record<string, unknown> {
  enter(cur);
  cur.flowDepth++;
  const value = cur.src[cur.i++] === '{' ? flowMapping(cur, n) : flowSequence(cur, n);
  cur.i++;
  cur.flowDepth--;
  cur.depth--;
  return value;
}

/** The entries of a { } up to its closing brace. */
function flowMapping(cur: Cursor, n: number): Record<string, unknown> {
  const map: Record<string, unknown> = {};
  for (;;) {
    flowSpace(cur, n);
    if (cur.src[cur.i] === '}') return map;
    flowPair(cur, n, map);
    flowSeparator(cur, n, '}');
  }
}

/** One `key`, `key:` or `key: value` of a { }. */
function flowPair(cur: Cursor, n: number, map: Record<string, unknown>): void {
  const { src } = cur;
  const start = cur.i;
  const c = src[start];
  if (c === '[' || c === '{' || c === '*' || c === '&' || (c === ':' && blank(src[start + 1]))) fail(cur, 'a key must be a plain or quoted scalar');
  const key = atQuote(cur) ? quoted(cur, n) : keyString(cur.resolve(plain(cur, n, true)));
  checkKey(cur, start);
  if (repeated(cur, map, key)) fail(cur, `duplicate key "${key}"`, start);
  flowSpace(cur, n);
  let value: unknown = null;
  if (src[cur.i] === ':') {
    cur.i++;
    flowSpace(cur, n);
    if (src[cur.i] !== ',' && src[cur.i] !== '}') value = flowNode(cur, n);
  }
  define(map, key, value);
}

/** The items of a [ ] up to its closing bracket. */
function flowSequence(cur: Cursor, n: number): unknown[] {
  const list: unknown[] = [];
  for (;;) {
    flowSpace(cur, n);
    if (cur.src[cur.i] === ']') return list;
    list.push(flowNode(cur, n));
    flowSpace(cur, n);
    if (cur.src[cur.i] === ':') fail(cur, 'key: value inside [ ] is not supported');
    flowSeparator(cur, n, ']');
  }
}

/** After an entry: a comma, or the collection's `close` (left for the collection to read). */
function flowSeparator(cur: Cursor, n: number, close: string): void {
  flowSpace(cur, n);
  if (cur.src[cur.i] === ',') cur.i++;
  else if (cur.src[cur.i] !== close) fail(cur, `expected , or ${close}`);
}

/** A node inside [ ] or { }; `anchor` says an anchor for it is read already. */
function flowNode(cur: Cursor, n: number, anchor = false): unknown {
  const c = cur.src[cur.i];
  if (c === '&') {
    if (anchor) fail(cur, TWO_ANCHORS);
    return anchored(cur, anchorName(cur), () => {
      flowSpace(cur, n);
      const d = cur.src[cur.i];
      return d === ',' || d === ']' || d === '}' ? null : flowNode(cur, n, true);
    });
  }
  if (c === '[' || c === '{') return flowCollection(cur, n);
  if (c === '*') return alias(cur);
  return scalar(cur, n, true);
}

// --- Block collections: mappings and sequences ---

/**
 * The value after "key:" (`afterKey`), after "- ", or of the document; the parent is indented `n`.
 * `anchor` says an anchor alone on the line before is read already.
 */
function blockValue(cur: Cursor, n: number, afterKey: boolean, anchor = false): unknown {
  const from = cur.i;
  skipSpace(cur);
  const tab = cur.src.slice(from, cur.i).includes('\t');
  if (cur.src[cur.i] !== '&') return blockValueNode(cur, n, afterKey, afterKey ? 1 : 0, tab);
  if (anchor) fail(cur, TWO_ANCHORS);
  const name = anchorName(cur);
  skipSpace(cur);
  const c = cur.src[cur.i];
  // yaml refuses a tab before an anchor after "- " (and after "key:" when the node is on the next lines).
  if (tab && (!afterKey || cur.i >= cur.len || c === '\n' || c === '#')) fail(cur, TAB);
  return anchored(cur, name, () => blockValueNode(cur, n, afterKey, 2, tab));
}

/** A block value's node: here on its line, else on the next line with content when that is indented for it, else null. */
function blockValueNode(cur: Cursor, n: number, afterKey: boolean, place: Place, tab: boolean): unknown {
  const { src, len } = cur;
  if (cur.i < len && src[cur.i] !== '\n' && src[cur.i] !== '#') return blockNode(cur, n, place, tab);
  const indent = nextLine(cur);
  if (indent > n || (afterKey && indent === n && dash(src, cur.i + indent))) {
    cur.i += indent;
    return blockValue(cur, n, false, place === 2);
  }
  return null;
}

/** A "- " at `p`: a block sequence entry. */
const dash = (src: string, p: number): boolean => src[p] === '-' && blank(src[p + 1]);

/** A node starting at the cursor, its parent collection indented `n`; `tab` says a tab came before it on the line. */
function blockNode(cur: Cursor, n: number, place: Place, tab: boolean): unknown {
  const { src } = cur;
  const at = cur.i;
  const col = at - src.lastIndexOf('\n', at - 1) - 1;
  const c = src[at];
  if (dash(src, at)) {
    compactCollection(cur, place, tab);
    return blockSequence(cur, col);
  }
  if (c === '|' || c === '>') return blockScalar(cur, n);
  if (c === '[' || c === '{' || c === '*') {
    const value = c === '*' ? alias(cur) : flowCollection(cur, n);
    skipSpace(cur);
    if (src[cur.i] === ':' && blank(src[cur.i + 1])) fail(cur, 'a key must be a plain or quoted scalar');
    return value;
  }
  const key = blockKey(cur, n);
  if (key === undefined) return scalar(cur, n, false);
  compactCollection(cur, place, tab);
  return blockMapping(cur, col, key);
}

/** Refuse a block collection that starts where `place` allows none, or after a tab. */
function compactCollection(cur: Cursor, place: Place, tab: boolean): void {
  if (place) fail(cur, place === 1 ? 'a block collection cannot start on its key\'s line' : 'anchors on keys are not supported');
  if (tab) fail(cur, TAB);
}

/** If a block mapping key and its ":" start at the cursor, read them and return the key; else move nothing. */
function blockKey(cur: Cursor, n: number): string | undefined {
  const { src } = cur;
  const start = cur.i;
  let key: string;
  if (atQuote(cur)) key = quoted(cur, n);
  else if (plainStart(cur, false)) key = keyString(cur.resolve(src.slice(start, plainLine(cur, false))));
  else return undefined;
  skipSpace(cur);
  if (src[cur.i] !== ':' || !blank(src[cur.i + 1])) {
    cur.i = start;
    return undefined;
  }
  checkKey(cur, start);
  cur.i++;
  return key;
}

/** A block mapping at column `col`; its first key and ":" are read already. */
function blockMapping(cur: Cursor, col: number, first: string): Record<string, unknown> {
  enter(cur);
  const map: Record<string, unknown> = {};
  let key = first;
  for (;;) {
    if (repeated(cur, map, key)) fail(cur, `duplicate key "${key}"`);
    define(map, key, blockValue(cur, col, true));
    const indent = nextLine(cur);
    if (indent < col) break;
    if (indent > col) fail(cur, BAD_INDENT);
    cur.i += indent;
    key = blockKey(cur, col) ?? fail(cur, 'expected "key: value"');
  }
  cur.depth--;
  return map;
}

/** A block sequence at column `col`; the cursor is at its first "-". */
function blockSequence(cur: Cursor, col: number): unknown[] {
  enter(cur);
  const list: unknown[] = [];
  for (;;) {
    cur.i++;
    list.push(blockValue(cur, col, false));
    const indent = nextLine(cur);
    if (indent > col) fail(cur, BAD_INDENT);
    if (indent < col || !dash(cur.src, cur.i + indent)) break;
    cur.i += indent;
  }
  cur.depth--;
  return list;
}
