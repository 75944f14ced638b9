// A small, strict YAML parser for frontmatter: the YAML 1.2 core schema over block and flow
// collections, every scalar style, anchors and aliases. It returns what the `yaml` package's
// parse(src, { maxAliasCount: 100, uniqueKeys: true }) returns, or throws YamlError. YAML outside
// this subset (tags, ? keys, directives, --- and ... markers, anchors on keys, non-scalar keys) is an
// error, never a different value. It exists because `yaml` alone is ~30 KB gzipped, over the
// browser budget of the core; docs/decisions.md ("Frontmatter YAML") has the details.

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

const blank = (c?: string): boolean => c === undefined || c === ' ' || c === '\t' || c === '\n';
const space = (c?: string): boolean => c === ' ' || c === '\t';
const flowChar = (c?: string): boolean => !!c && ',[]{}'.includes(c);

/** Double-quoted escapes: the letter after \ and, at the same index, what it stands for. */
const ESCAPE_KEYS = '0abefnrtvN_LP "/\\\t';
const ESCAPE_VALUES = '\0\x07\b\x1b\f\n\r\t\v\x85\xa0\u2028\u2029 "/\\\t';

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
  const src = source.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  const resolveNode = options.resolve ?? resolve;
  const maxDepth = options.maxDepth ?? MAX_DEPTH;
  const repeated = (map: Record<string, unknown>, key: string): boolean => !options.lastKeyWins && Object.hasOwn(map, key);
  const len = src.length;
  let i = 0;
  let depth = 0;
  let flowDepth = 0;
  let aliases = 0;
  /** Anchor name to its node; null while that node is still being parsed. */
  const anchors = new Map<string, Anchor | null>();
  /** The innermost anchored node being parsed. */
  let frame: Anchor | undefined;

  const fail = (reason: string, at = i): never => {
    throw new YamlError(src.slice(0, at).split('\n').length, reason);
  };
  const skipSpace = (): void => {
    while (space(src[i])) i++;
  };
  /** Skip the spaces (not tabs) at `i`; return how many. */
  const spaces = (): number => {
    const start = i;
    while (src[i] === ' ') i++;
    return i - start;
  };
  const toLineEnd = (): void => {
    while (i < len && src[i] !== '\n') i++;
  };
  const quote = (): boolean => src[i] === '"' || src[i] === "'";
  const dash = (p: number): boolean => src[p] === '-' && blank(src[p + 1]);
  const marker = (p: number): boolean => (src.startsWith('---', p) || src.startsWith('...', p)) && blank(src[p + 3]);
  const noMarker = (p: number): void => {
    if (marker(p)) fail('--- and ... markers are not supported', p);
  };
  /** Parse a collection, refusing to nest deeper than MAX_DEPTH. */
  const nest = <T>(parse: () => T): T => {
    if (++depth > maxDepth) fail(`nested deeper than ${maxDepth} levels`);
    const value = parse();
    depth--;
    return value;
  };
  /** A key spans from `start` to `i`: one line, at most MAX_KEY long. */
  const checkKey = (start: number): void => {
    if (src.slice(start, i).includes('\n') || i - start > MAX_KEY) fail(`a key must be one line of at most ${MAX_KEY} characters`, start);
  };

  if (src.includes('\r')) fail('a lone carriage return', src.indexOf('\r'));
  if (options.refuse) {
    const bad = options.refuse.exec(src);
    if (bad) fail(`the character U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} is not allowed`, bad.index);
  }

  function unexpected(): never {
    const c = src[i] as string;
    const what = ({ '!': 'tags', '%': 'directives', '?': 'complex keys (?)', '&': 'anchors here' } as Record<string, string>)[c];
    return fail(what ? `${what} are not supported` : c ? `unexpected "${c}"` : 'unexpected end');
  }

  /** Finish the current line: only spaces and a comment may follow a value. */
  function lineEnd(): void {
    if (i && src[i - 1] !== '\n') {
      skipSpace();
      if (src[i] === '#' && blank(src[i - 1])) toLineEnd();
      if (i < len && src[i] !== '\n') unexpected();
      if (i < len) i++;
    }
  }

  /** Move to the start of the next line with content; return its indentation, or -1 at the end. */
  function nextLine(): number {
    lineEnd();
    for (;;) {
      const start = i;
      const indent = spaces();
      skipSpace();
      const blanks = i;
      if (src[i] === '#') toLineEnd();
      if (src[i] === '\n') i++;
      else if (i < len) {
        if (src[start + indent] === '\t') fail(TAB);
        noMarker(start);
        i = start;
        return indent;
      } else {
        // yaml refuses some blank last lines with a tab and no line break; refuse them all.
        if (src.slice(start, blanks).includes('\t')) fail(TAB, start);
        return -1;
      }
    }
  }

  function anchorName(): string {
    const start = ++i;
    while (!blank(src[i]) && !flowChar(src[i])) i++;
    return i > start ? src.slice(start, i) : fail('empty anchor or alias name');
  }

  /** Parse a node (via `parse`) under the anchor `name`. */
  function anchored(name: string, parse: () => unknown): unknown {
    const anchor: Anchor = { value: null, count: 1, weight: 0, refs: new Set() };
    const outer = frame;
    anchors.set(name, null);
    frame = anchor;
    anchor.value = parse();
    frame = outer;
    anchors.set(name, anchor);
    for (const ref of anchor.refs) outer?.refs.add(ref);
    return anchor.value;
  }

  /** An alias is the anchored value itself, never a copy, counted as `yaml` counts it. */
  function alias(): unknown {
    const at = i;
    const name = anchorName();
    const anchor = anchors.get(name);
    if (!anchor) return fail(`undefined alias *${name}`, at);
    // At most MAX_ALIASES refs: the spread stays small.
    anchor.weight ||= Math.max(1, ...[...anchor.refs].map((ref) => ref.count * ref.weight));
    if (++aliases > MAX_ALIASES || ++anchor.count * anchor.weight > MAX_ALIASES) fail(`over ${MAX_ALIASES} aliases expanded`, at);
    if (frame) frame.refs.add(anchor);
    return anchor.value;
  }

  /** Whether a plain scalar may start at `i`; `flow` inside [ ] or { }. */
  function plainStart(flow: boolean): boolean {
    const c = src[i] as string;
    if (c === '-' || c === '?' || c === ':') return !blank(src[i + 1]) && !(flow && flowChar(src[i + 1]));
    return !blank(c) && !'#,[]{}&*!|>\'"%@`'.includes(c);
  }

  /** Scan one line of a plain scalar; return where its text ends (trailing blanks excluded). */
  function plainLine(flow: boolean): number {
    let end = i;
    for (;;) {
      const c = src[i];
      if (c === undefined || c === '\n' || (flow && flowChar(c)) || (space(c) && src[i + 1] === '#')) return end;
      if (c === ':' && (blank(src[i + 1]) || (flow && flowChar(src[i + 1])))) return end;
      i++;
      if (!space(c)) end = i;
    }
  }

  /** A plain scalar, folded over the following lines indented deeper than `n`. */
  function plain(n: number, flow: boolean): string {
    if (!plainStart(flow)) unexpected();
    let text = src.slice(i, plainLine(flow));
    for (;;) {
      const save = i;
      skipSpace();
      let breaks = 0;
      let found = false;
      let more = src[i] === '\n';
      while (more) {
        i++;
        const indent = spaces();
        more = src[i] === '\n';
        // As in yaml: only a line indented deeper than the parent goes on (blank lines aside).
        if (!more && indent > n && !marker(i - indent)) {
          skipSpace();
          more = src[i] === '\n';
          found = !more && i < len && src[i] !== '#';
        }
        if (more) breaks++;
      }
      const start = i;
      const end = found ? plainLine(flow) : i;
      if (end === start) {
        i = save;
        return text;
      }
      text += (breaks ? '\n'.repeat(breaks) : ' ') + src.slice(start, end);
    }
  }

  /** A quoted scalar; its continuation lines must be indented deeper than `n`. */
  function quoted(n: number): string {
    const quote = src[i];
    const start = ++i;
    for (;;) {
      const c = src[i];
      if (c === undefined) fail('unclosed quote', start - 1);
      if (c === quote) {
        if (quote === '"' || src[i + 1] !== "'") break;
        i++;
      } else if (c === '\\' && quote === '"' && src[i + 1] !== '\n') i++;
      else if (c === '\n') {
        const line = ++i;
        noMarker(line);
        if (spaces() <= n && i < len && src[i] !== '\n') fail(BAD_INDENT, line);
        i--;
      }
      i++;
    }
    const raw = src.slice(start, i++);
    return quote === '"' ? quotedText(raw, start, true) : quotedText(raw, start, false).replace(/''/g, "'");
  }

  /** A quoted or plain scalar's value; `flow` inside [ ] or { }. */
  function scalar(n: number, flow: boolean): unknown {
    return quote() ? quoted(n) : resolveNode(plain(n, flow));
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
        const size = ({ x: 2, u: 4, U: 8 } as Record<string, number>)[e] ?? 0;
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

  /** A | or > block scalar whose parent collection is indented `n`. */
  function blockScalar(n: number): string {
    const folded = src[i++] === '>';
    let chomp = '';
    let explicit = 0;
    for (;;) {
      const c = src[i] as string;
      if (!chomp && (c === '-' || c === '+')) chomp = c;
      else if (!explicit && c >= '1' && c <= '9') explicit = +c;
      else break;
      i++;
    }
    if (!blank(src[i])) fail('bad block scalar header');
    lineEnd();
    let indent = explicit ? Math.max(n, 0) + explicit : -1;
    let lead = 0;
    let first = -1;
    let open = false;
    // Each line's text past the indentation, and its spaces when it holds nothing else (else -1).
    const lines: string[] = [];
    const white: number[] = [];
    while (i < len) {
      const start = i;
      const count = spaces();
      let end = src.indexOf('\n', i);
      if (end < 0) end = len;
      const empty = i === end;
      // yaml leaves out a last, unterminated blank line that is not indented enough.
      if (empty && end === len && count < (indent < 0 ? n + 1 : indent)) break;
      if (!empty) {
        if ((indent < 0 && count <= n) || count < indent || marker(start)) {
          if (src[i] === '\t') fail(TAB);
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
      i = open ? end : end + 1;
    }
    if (i < len && src[i - 1] !== '\n') i = src.lastIndexOf('\n', i - 1) + 1;
    // A last line with no line break (end of input) adds no line break.
    const breaks = lines.length - (open ? 1 : 0);
    if (first < 0) return chomp === '+' && lines.length ? '\n'.repeat(Math.max(1, breaks)) : '';
    // Trailing blank lines are cut as in yaml: up to the first content line's indentation when an
    // explicit indicator does not keep them, else up to the block's own indentation.
    const limit = explicit && chomp !== '+' ? first : indent;
    let last = lines.length;
    while ((white[last - 1] as number) >= 0 && (white[last - 1] as number) <= limit) last--;
    let text = '';
    if (folded) {
      let k = 0;
      while (!lines[k]) k++;
      text = '\n'.repeat(k);
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
    } else text = lines.slice(0, last).join('\n');
    return chomp === '-' ? text : text + '\n'.repeat(chomp === '+' ? Math.max(1, breaks - last + 1) : 1);
  }

  /** Skip blanks, line breaks and comments inside [ ] or { } whose block parent is indented `n`. */
  function flowSpace(n: number): void {
    for (;;) {
      const c = src[i];
      if (space(c)) i++;
      else if (c === '#') {
        if (!blank(src[i - 1])) unexpected();
        toLineEnd();
      } else if (c === '\n') {
        const start = ++i;
        const indent = spaces();
        skipSpace();
        const d = src[i];
        if (!indent) noMarker(start);
        // yaml lets the outermost closing bracket sit at the parent's indentation.
        if (!blank(d) && d !== '#' && indent <= n && !(indent === n && flowDepth === 1 && (d === ']' || d === '}'))) fail(BAD_INDENT, start);
      } else return;
    }
  }

  /** A [ ] or { } collection, possibly over several lines. */
  function flow(n: number): unknown[] | Record<string, unknown> {
    flowDepth++;
    const close = src[i++] === '{' ? '}' : ']';
    const list: unknown[] = [];
    const map: Record<string, unknown> = {};
    for (;;) {
      flowSpace(n);
      if (src[i] === close) break;
      if (close === '}') {
        const start = i;
        const c = src[i];
        if (c === '[' || c === '{' || c === '*' || c === '&' || (c === ':' && blank(src[i + 1]))) fail('a key must be a plain or quoted scalar');
        const key = quote() ? quoted(n) : keyString(resolveNode(plain(n, true)));
        checkKey(start);
        if (repeated(map, key)) fail(`duplicate key "${key}"`, start);
        flowSpace(n);
        let value: unknown = null;
        if (src[i] === ':') {
          i++;
          flowSpace(n);
          if (src[i] !== ',' && src[i] !== close) value = flowNode(n);
        }
        define(map, key, value);
      } else {
        list.push(flowNode(n));
        flowSpace(n);
        if (src[i] === ':') fail('key: value inside [ ] is not supported');
      }
      flowSpace(n);
      if (src[i] === ',') i++;
      else if (src[i] !== close) fail(`expected , or ${close}`);
    }
    i++;
    flowDepth--;
    return close === '}' ? map : list;
  }

  /** A node inside [ ] or { }; `anchor` says an anchor for it is read already. */
  function flowNode(n: number, anchor = false): unknown {
    const c = src[i];
    if (c === '&') {
      if (anchor) fail(TWO_ANCHORS);
      return anchored(anchorName(), () => {
        flowSpace(n);
        return src[i] === ',' || src[i] === ']' || src[i] === '}' ? null : flowNode(n, true);
      });
    }
    if (c === '[' || c === '{') return nest(() => flow(n));
    if (c === '*') return alias();
    return scalar(n, true);
  }

  /** If a block mapping key and its ":" start at `i`, read them and return the key; else move nothing. */
  function tryKey(n: number): string | undefined {
    const start = i;
    let key: string;
    if (quote()) key = quoted(n);
    else if (plainStart(false)) key = keyString(resolveNode(src.slice(start, plainLine(false))));
    else return undefined;
    skipSpace();
    if (src[i] !== ':' || !blank(src[i + 1])) {
      i = start;
      return undefined;
    }
    checkKey(start);
    i++;
    return key;
  }

  /** A block mapping at column `col`; its first key and ":" are read already. */
  function mapping(col: number, key: string): Record<string, unknown> {
    const map: Record<string, unknown> = {};
    for (;;) {
      if (repeated(map, key)) fail(`duplicate key "${key}"`);
      define(map, key, blockValue(col, true));
      const indent = nextLine();
      if (indent < col) break;
      if (indent > col) fail(BAD_INDENT);
      i += indent;
      key = tryKey(col) ?? fail('expected "key: value"');
    }
    return map;
  }

  /** A block sequence at column `col`; `i` is at its first "-". */
  function sequence(col: number): unknown[] {
    const list: unknown[] = [];
    for (;;) {
      i++;
      list.push(blockValue(col, false));
      const indent = nextLine();
      if (indent > col) fail(BAD_INDENT);
      if (indent < col || !dash(i + indent)) break;
      i += indent;
    }
    return list;
  }

  /**
   * A node starting at `i`, its parent collection indented `n`. `mode` 0 lets a block collection
   * start here; 1 (right after "key:") and 2 (right after an anchor) do not.
   */
  function blockNode(n: number, mode: number, tab: boolean): unknown {
    const col = i - src.lastIndexOf('\n', i - 1) - 1;
    const c = src[i];
    const compact = (): void => {
      if (mode) fail(mode === 1 ? 'a block collection cannot start on its key\'s line' : 'anchors on keys are not supported');
      if (tab) fail(TAB);
    };
    if (dash(i)) {
      compact();
      return nest(() => sequence(col));
    }
    if (c === '|' || c === '>') return blockScalar(n);
    if (c === '[' || c === '{' || c === '*') {
      const value = c === '*' ? alias() : nest(() => flow(n));
      skipSpace();
      if (src[i] === ':' && blank(src[i + 1])) fail('a key must be a plain or quoted scalar');
      return value;
    }
    const key = tryKey(n);
    if (key === undefined) return scalar(n, false);
    compact();
    return nest(() => mapping(col, key));
  }

  /**
   * The value after "key:" (`afterKey`), after "- ", or of the document; the parent is indented `n`.
   * `anchor` says an anchor alone on the line before is read already.
   */
  function blockValue(n: number, afterKey: boolean, anchor = false): unknown {
    const from = i;
    skipSpace();
    const tab = src.slice(from, i).includes('\t');
    const value = (mode: number): unknown => {
      if (i < len && src[i] !== '\n' && src[i] !== '#') return blockNode(n, mode, tab);
      const indent = nextLine();
      if (indent > n || (afterKey && indent === n && dash(i + indent))) {
        i += indent;
        return blockValue(n, false, mode === 2);
      }
      return null;
    };
    if (src[i] !== '&') return value(afterKey ? 1 : 0);
    if (anchor) fail(TWO_ANCHORS);
    const name = anchorName();
    skipSpace();
    // yaml refuses a tab before an anchor after "- " (and after "key:" when the node is on the next lines).
    if (tab && (!afterKey || i >= len || src[i] === '\n' || src[i] === '#')) fail(TAB);
    return anchored(name, () => value(2));
  }

  // nextLine first: it refuses a tab or a document marker before the first content.
  const doc = nextLine() < 0 ? null : blockValue(-1, false);
  const rest = nextLine();
  if (rest >= 0) {
    i += rest;
    unexpected();
  }
  return doc;
}
