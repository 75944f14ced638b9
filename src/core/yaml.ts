// A small, strict YAML parser for frontmatter: the YAML 1.2 core schema over block and flow
// collections, every scalar style, anchors and aliases. It returns what the `yaml` package's
// parse(src, { maxAliasCount: 100, uniqueKeys: true }) returns, or throws YamlError. YAML outside
// this subset (tags, ? keys, directives, --- and ... markers, anchors on keys, non-scalar keys) is an
// error, never a different value. It exists because `yaml` alone is ~30 KB gzipped, over the
// browser budget of the core; docs/decisions.md ("Frontmatter YAML") has the details.
//
// One reader per construct (the document, block mappings and sequences, flow collections, plain,
// quoted and block scalars, anchors and aliases), each reading the document's state below: where it
// stands and what the document has seen so far.

/** Invalid YAML, or YAML outside the subset; `line` is 1-based within the parsed source. */
export class YamlError extends Error {
  declare line: number;
  declare reason: string;
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

/**
 * The one document being read (parseYaml and parseYamlWith set these; no reader runs two documents at once): the
 * position in it and what limits and anchors have counted so far. Module state rather than a cursor
 * object, so the readers' accesses minify to single names (the preview ships this reader).
 */
let src = '';
let len = 0;
/** The next character to read. */
let pos = 0;
/** Collections open around `pos` (maxDepth), and how many of them are [ ] or { }. */
let depth = 0;
let flowDepth = 0;
/** Aliases read so far (MAX_ALIASES). */
let aliases = 0;
/** Anchor name to its node; null while that node is still being parsed. */
let anchors = new Map<string, Anchor | null>();
/** The innermost anchored node being parsed. */
let frame: Anchor | undefined;
/** A plain scalar's value: the core schema's, or the caller's (YamlOptions.resolve). */
let resolvePlain: (plain: string) => unknown = resolve;
let maxDepth = MAX_DEPTH;
let lastKeyWins = false;

/** A key already in the map, where that is an error (not when the last of equal keys wins). */
function repeated(map: Record<string, unknown>, key: string): boolean {
  return !lastKeyWins && Object.hasOwn(map, key);
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
 * character PyYAML's reader refuses), through parseYamlWith. The loader calls parseYaml and keeps the core schema above.
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

/** Parse one YAML document (frontmatter) into plain JS values, with the core schema; the empty document is null. */
export function parseYaml(source: string): unknown {
  begin(source);
  return yamlDocument();
}

/**
 * parseYaml with a caller's options. They hold for this document only: the defaults are back when it
 * returns or throws, so parseYaml (the loader's) never reads with them. A separate function, so a
 * bundle with only the loader in it (the soul preview) carries none of the options' code.
 */
export function parseYamlWith(source: string, options: YamlOptions): unknown {
  try {
    begin(source);
    resolvePlain = options.resolve ?? resolve;
    maxDepth = options.maxDepth ?? MAX_DEPTH;
    lastKeyWins = options.lastKeyWins ?? false;
    const bad = options.refuse?.exec(src);
    if (bad) fail(`the character U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} is not allowed`, bad.index);
    return yamlDocument();
  } finally {
    resolvePlain = resolve;
    maxDepth = MAX_DEPTH;
    lastKeyWins = false;
  }
}

/** Start reading `source`: the cursor at its start, and no anchors; a lone carriage return is refused at once. */
function begin(source: string): void {
  src = source.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  len = src.length;
  pos = depth = flowDepth = aliases = 0;
  anchors = new Map();
  frame = undefined;
  if (src.includes('\r')) fail('a lone carriage return', src.indexOf('\r'));
}

// --- The cursor: failing, spaces, lines ---

function fail(reason: string, at = pos): never {
  throw new YamlError(src.slice(0, at).split('\n').length, reason);
}

/** The error for the character at the cursor, naming the construct it would start when that is outside the subset. */
function unexpected(): never {
  const c = src[pos] as string;
  const what = REFUSED[c];
  return fail(what ? `${what} are not supported` : c ? `unexpected "${c}"` : 'unexpected end');
}

function skipSpace(): void {
  let i = pos;
  while (space(src[i])) i++;
  pos = i;
}

/** Skip the spaces (not tabs) at the cursor; return how many. */
function spaces(): number {
  const start = pos;
  let i = start;
  while (src[i] === ' ') i++;
  pos = i;
  return i - start;
}

function toLineEnd(): void {
  let i = pos;
  while (i < len && src[i] !== '\n') i++;
  pos = i;
}

/** Finish the current line: only spaces and a comment may follow a value. */
function lineEnd(): void {
  if (pos && src[pos - 1] !== '\n') {
    skipSpace();
    if (src[pos] === '#' && blank(src[pos - 1])) toLineEnd();
    if (pos < len && src[pos] !== '\n') unexpected();
    if (pos < len) pos++;
  }
}

/** Move to the start of the next line with content; return its indentation, or -1 at the end. */
function nextLine(): number {
  lineEnd();
  for (;;) {
    const start = pos;
    const indent = spaces();
    skipSpace();
    const blanks = pos;
    if (src[pos] === '#') toLineEnd();
    if (src[pos] === '\n') pos++;
    else if (pos < len) {
      if (src[start + indent] === '\t') fail(TAB);
      refuseMarker(start);
      pos = start;
      return indent;
    } else {
      // yaml refuses some blank last lines with a tab and no line break; refuse them all.
      if (src.slice(start, blanks).includes('\t')) fail(TAB, start);
      return -1;
    }
  }
}

/** A key spans from `start` to the cursor: one line, at most MAX_KEY long. */
function checkKey(start: number): void {
  if (src.slice(start, pos).includes('\n') || pos - start > MAX_KEY) fail(`a key must be one line of at most ${MAX_KEY} characters`, start);
}

/** One more collection open, refused past MAX_DEPTH; its reader closes it with `depth--`. */
function enter(): void {
  if (++depth > maxDepth) fail(`nested deeper than ${maxDepth} levels`);
}

// --- The document and its markers ---

/** The one document: a block value at the top (null when there is none), then nothing but blanks and comments. */
function yamlDocument(): unknown {
  // nextLine first: it refuses a tab or a document marker before the first content.
  const doc = nextLine() < 0 ? null : blockValue(-1, false);
  const rest = nextLine();
  if (rest >= 0) {
    pos += rest;
    unexpected();
  }
  return doc;
}

/** A --- or ... document marker at `p`. */
const documentMarker = (src: string, p: number): boolean => (src.startsWith('---', p) || src.startsWith('...', p)) && blank(src[p + 3]);

/** Frontmatter is one document: a marker inside it is refused. */
function refuseMarker(p: number): void {
  if (documentMarker(src, p)) fail('--- and ... markers are not supported', p);
}

// --- Anchors and aliases ---

function anchorName(): string {
  const start = ++pos;
  let i = start;
  while (!blank(src[i]) && !flowChar(src[i])) i++;
  pos = i;
  return i > start ? src.slice(start, i) : fail('empty anchor or alias name');
}

/** Read a node (through `read`) under the anchor `name`. */
function anchored(name: string, read: () => unknown): unknown {
  const anchor: Anchor = { value: null, count: 1, weight: 0, refs: new Set() };
  const outer = frame;
  anchors.set(name, null);
  frame = anchor;
  anchor.value = read();
  frame = outer;
  anchors.set(name, anchor);
  for (const ref of anchor.refs) outer?.refs.add(ref);
  return anchor.value;
}

/** An alias is the anchored value itself, never a copy, counted as `yaml` counts it. */
function alias(): unknown {
  const at = pos;
  const name = anchorName();
  const anchor = anchors.get(name);
  if (!anchor) return fail(`undefined alias *${name}`, at);
  // At most MAX_ALIASES refs: the spread stays small.
  anchor.weight ||= Math.max(1, ...[...anchor.refs].map((ref) => ref.count * ref.weight));
  if (++aliases > MAX_ALIASES || ++anchor.count * anchor.weight > MAX_ALIASES) fail(`over ${MAX_ALIASES} aliases expanded`, at);
  if (frame) frame.refs.add(anchor);
  return anchor.value;
}

// --- Scalars: plain and quoted ---

/** A quoted or plain scalar's value; `flow` inside [ ] or { }. */
function scalar(n: number, flow: boolean): unknown {
  return atQuote() ? quoted(n) : resolvePlain(plain(n, flow));
}

const atQuote = (): boolean => src[pos] === '"' || src[pos] === "'";

/** Whether a plain scalar may start at the cursor; `flow` inside [ ] or { }. */
function plainStart(flow: boolean): boolean {
  const i = pos;
  const c = src[i] as string;
  if (c === '-' || c === '?' || c === ':') return !blank(src[i + 1]) && !(flow && flowChar(src[i + 1]));
  return !blank(c) && !'#,[]{}&*!|>\'"%@`'.includes(c);
}

/** Scan one line of a plain scalar; return where its text ends (trailing blanks excluded). */
function plainLine(flow: boolean): number {
  let i = pos;
  let end = i;
  for (;;) {
    const c = src[i];
    if (c === undefined || c === '\n' || (flow && flowChar(c)) || (space(c) && src[i + 1] === '#')) break;
    if (c === ':' && (blank(src[i + 1]) || (flow && flowChar(src[i + 1])))) break;
    i++;
    if (!space(c)) end = i;
  }
  pos = i;
  return end;
}

/** A plain scalar, folded over the following lines indented deeper than `n`. */
function plain(n: number, flow: boolean): string {
  if (!plainStart(flow)) unexpected();
  const first = pos;
  let text = src.slice(first, plainLine(flow));
  for (;;) {
    const save = pos;
    skipSpace();
    let breaks = 0;
    let found = false;
    let more = src[pos] === '\n';
    while (more) {
      pos++;
      const indent = spaces();
      more = src[pos] === '\n';
      // As in yaml: only a line indented deeper than the parent goes on (blank lines aside).
      if (!more && indent > n && !documentMarker(src, pos - indent)) {
        skipSpace();
        more = src[pos] === '\n';
        found = !more && pos < len && src[pos] !== '#';
      }
      if (more) breaks++;
    }
    const start = pos;
    const end = found ? plainLine(flow) : pos;
    if (end === start) {
      pos = save;
      return text;
    }
    text += (breaks ? '\n'.repeat(breaks) : ' ') + src.slice(start, end);
  }
}

/** A quoted scalar; its continuation lines must be indented deeper than `n`. */
function quoted(n: number): string {
  const quote = src[pos];
  const start = ++pos;
  let i = start;
  for (;;) {
    const c = src[i];
    if (c === undefined) fail('unclosed quote', start - 1);
    if (c === quote) {
      if (quote === '"' || src[i + 1] !== "'") break;
      i++;
    } else if (c === '\\' && quote === '"' && src[i + 1] !== '\n') i++;
    else if (c === '\n') {
      const line = ++i;
      refuseMarker(line);
      pos = i;
      if (spaces() <= n && pos < len && src[pos] !== '\n') fail(BAD_INDENT, line);
      i = pos - 1;
    }
    i++;
  }
  pos = i + 1;
  const raw = src.slice(start, i);
  return quote === '"' ? quotedText(raw, start, true) : quotedText(raw, start, false).replace(/''/g, "'");
}

/**
 * Line folding of a quoted scalar, and the escapes when `double`, as `yaml` does them (its
 * unfoldLines for single quotes gives the same folding).
 */
function quotedText(raw: string, offset: number, double: boolean): string {
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
      } else fail(`invalid escape \\${e}`, offset + k);
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
function blockScalar(n: number): string {
  const header = blockScalarHeader();
  return blockScalarText(blockScalarLines(n, header.explicit), header);
}

/** The indicator and its chomping and indentation digits, up to the end of the line. */
function blockScalarHeader(): BlockHeader {
  const folded = src[pos++] === '>';
  let chomp = '';
  let explicit = 0;
  for (;;) {
    const c = src[pos] as string;
    if (!chomp && (c === '-' || c === '+')) chomp = c;
    else if (!explicit && c >= '1' && c <= '9') explicit = +c;
    else break;
    pos++;
  }
  if (!blank(src[pos])) fail('bad block scalar header');
  lineEnd();
  return { folded, chomp, explicit };
}

/** The lines of the block, up to the first one indented too little; the cursor ends at that line's start. */
function blockScalarLines(n: number, explicit: number): BlockLines {
  let indent = explicit ? Math.max(n, 0) + explicit : -1;
  let lead = 0;
  let first = -1;
  let open = false;
  const lines: string[] = [];
  const white: number[] = [];
  while (pos < len) {
    const start = pos;
    const count = spaces();
    let end = src.indexOf('\n', pos);
    if (end < 0) end = len;
    const empty = pos === end;
    // yaml leaves out a last, unterminated blank line that is not indented enough.
    if (empty && end === len && count < (indent < 0 ? n + 1 : indent)) break;
    if (!empty) {
      if ((indent < 0 && count <= n) || count < indent || documentMarker(src, start)) {
        if (src[pos] === '\t') fail(TAB);
        break;
      }
      if (indent < 0) {
        if (count < lead) fail(BAD_INDENT, start);
        indent = count;
      }
      if (first < 0) first = count;
    } else if (indent < 0) lead = Math.max(lead, count);
    white.push(empty ? count : -1);
    lines.push(indent < 0 ? '' : src.slice(start + indent, end));
    open = end === len;
    pos = open ? end : end + 1;
  }
  if (pos < len && src[pos - 1] !== '\n') pos = src.lastIndexOf('\n', pos - 1) + 1;
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
function flowSpace(n: number): void {
  for (;;) {
    const c = src[pos];
    if (space(c)) pos++;
    else if (c === '#') {
      if (!blank(src[pos - 1])) unexpected();
      toLineEnd();
    } else if (c === '\n') {
      const start = ++pos;
      const indent = spaces();
      skipSpace();
      const d = src[pos];
      if (!indent) refuseMarker(start);
      // yaml lets the outermost closing bracket sit at the parent's indentation.
      if (!blank(d) && d !== '#' && indent <= n && !(indent === n && flowDepth === 1 && (d === ']' || d === '}'))) fail(BAD_INDENT, start);
    } else return;
  }
}

/** A [ ] or { } collection, possibly over several lines; the cursor is at its bracket. */
function flowCollection(n: number): unknown[] | Record<string, unknown> {
  enter();
  flowDepth++;
  const value = src[pos++] === '{' ? flowMapping(n) : flowSequence(n);
  pos++;
  flowDepth--;
  depth--;
  return value;
}

/** The entries of a { } up to its closing brace. */
function flowMapping(n: number): Record<string, unknown> {
  const map: Record<string, unknown> = {};
  for (;;) {
    flowSpace(n);
    if (src[pos] === '}') return map;
    flowPair(n, map);
    flowSeparator(n, '}');
  }
}

/** One `key`, `key:` or `key: value` of a { }. */
function flowPair(n: number, map: Record<string, unknown>): void {
  const start = pos;
  const c = src[start];
  if (c === '[' || c === '{' || c === '*' || c === '&' || (c === ':' && blank(src[start + 1]))) fail('a key must be a plain or quoted scalar');
  const key = atQuote() ? quoted(n) : keyString(resolvePlain(plain(n, true)));
  checkKey(start);
  if (repeated(map, key)) fail(`duplicate key "${key}"`, start);
  flowSpace(n);
  let value: unknown = null;
  if (src[pos] === ':') {
    pos++;
    flowSpace(n);
    if (src[pos] !== ',' && src[pos] !== '}') value = flowNode(n);
  }
  define(map, key, value);
}

/** The items of a [ ] up to its closing bracket. */
function flowSequence(n: number): unknown[] {
  const list: unknown[] = [];
  for (;;) {
    flowSpace(n);
    if (src[pos] === ']') return list;
    list.push(flowNode(n));
    flowSpace(n);
    if (src[pos] === ':') fail('key: value inside [ ] is not supported');
    flowSeparator(n, ']');
  }
}

/** After an entry: a comma, or the collection's `close` (left for the collection to read). */
function flowSeparator(n: number, close: string): void {
  flowSpace(n);
  if (src[pos] === ',') pos++;
  else if (src[pos] !== close) fail(`expected , or ${close}`);
}

/** A node inside [ ] or { }; `anchor` says an anchor for it is read already. */
function flowNode(n: number, anchor = false): unknown {
  const c = src[pos];
  if (c === '&') {
    if (anchor) fail(TWO_ANCHORS);
    return anchored(anchorName(), () => {
      flowSpace(n);
      const d = src[pos];
      return d === ',' || d === ']' || d === '}' ? null : flowNode(n, true);
    });
  }
  if (c === '[' || c === '{') return flowCollection(n);
  if (c === '*') return alias();
  return scalar(n, true);
}

// --- Block collections: mappings and sequences ---

/**
 * The value after "key:" (`afterKey`), after "- ", or of the document; the parent is indented `n`.
 * `anchor` says an anchor alone on the line before is read already.
 */
function blockValue(n: number, afterKey: boolean, anchor = false): unknown {
  const from = pos;
  skipSpace();
  const tab = src.slice(from, pos).includes('\t');
  if (src[pos] !== '&') return blockValueNode(n, afterKey, afterKey ? 1 : 0, tab);
  if (anchor) fail(TWO_ANCHORS);
  const name = anchorName();
  skipSpace();
  const c = src[pos];
  // yaml refuses a tab before an anchor after "- " (and after "key:" when the node is on the next lines).
  if (tab && (!afterKey || pos >= len || c === '\n' || c === '#')) fail(TAB);
  return anchored(name, () => blockValueNode(n, afterKey, 2, tab));
}

/** A block value's node: here on its line, else on the next line with content when that is indented for it, else null. */
function blockValueNode(n: number, afterKey: boolean, place: Place, tab: boolean): unknown {
  if (pos < len && src[pos] !== '\n' && src[pos] !== '#') return blockNode(n, place, tab);
  const indent = nextLine();
  if (indent > n || (afterKey && indent === n && dash(src, pos + indent))) {
    pos += indent;
    return blockValue(n, false, place === 2);
  }
  return null;
}

/** A "- " at `p`: a block sequence entry. */
const dash = (src: string, p: number): boolean => src[p] === '-' && blank(src[p + 1]);

/** A node starting at the cursor, its parent collection indented `n`; `tab` says a tab came before it on the line. */
function blockNode(n: number, place: Place, tab: boolean): unknown {
  const at = pos;
  const col = at - src.lastIndexOf('\n', at - 1) - 1;
  const c = src[at];
  if (dash(src, at)) {
    compactCollection(place, tab);
    return blockSequence(col);
  }
  if (c === '|' || c === '>') return blockScalar(n);
  if (c === '[' || c === '{' || c === '*') {
    const value = c === '*' ? alias() : flowCollection(n);
    skipSpace();
    if (src[pos] === ':' && blank(src[pos + 1])) fail('a key must be a plain or quoted scalar');
    return value;
  }
  const key = blockKey(n);
  if (key === undefined) return scalar(n, false);
  compactCollection(place, tab);
  return blockMapping(col, key);
}

/** Refuse a block collection that starts where `place` allows none, or after a tab. */
function compactCollection(place: Place, tab: boolean): void {
  if (place) fail(place === 1 ? 'a block collection cannot start on its key\'s line' : 'anchors on keys are not supported');
  if (tab) fail(TAB);
}

/** If a block mapping key and its ":" start at the cursor, read them and return the key; else move nothing. */
function blockKey(n: number): string | undefined {
  const start = pos;
  let key: string;
  if (atQuote()) key = quoted(n);
  else if (plainStart(false)) key = keyString(resolvePlain(src.slice(start, plainLine(false))));
  else return undefined;
  skipSpace();
  if (src[pos] !== ':' || !blank(src[pos + 1])) {
    pos = start;
    return undefined;
  }
  checkKey(start);
  pos++;
  return key;
}

/** A block mapping at column `col`; its first key and ":" are read already. */
function blockMapping(col: number, first: string): Record<string, unknown> {
  enter();
  const map: Record<string, unknown> = {};
  let key = first;
  for (;;) {
    if (repeated(map, key)) fail(`duplicate key "${key}"`);
    define(map, key, blockValue(col, true));
    const indent = nextLine();
    if (indent < col) break;
    if (indent > col) fail(BAD_INDENT);
    pos += indent;
    key = blockKey(col) ?? fail('expected "key: value"');
  }
  depth--;
  return map;
}

/** A block sequence at column `col`; the cursor is at its first "-". */
function blockSequence(col: number): unknown[] {
  enter();
  const list: unknown[] = [];
  for (;;) {
    pos++;
    list.push(blockValue(col, false));
    const indent = nextLine();
    if (indent > col) fail(BAD_INDENT);
    if (indent < col || !dash(src, pos + indent)) break;
    pos += indent;
  }
  depth--;
  return list;
}
