// A small strict JSON reader. JSON.parse cannot do what the owner document needs: it keeps the
// last of two equal keys without a word, and it reads `1`, `1.0` and `1e0` as the same number.
// LingTai's reader (Python's json with a closing hook) raises on a repeated key when the object
// that holds it closes, and tells an integer from a float by its spelling; this does the same.

/** A number as written: `integer` is true only for a plain integer literal (no fraction, no exponent). */
export class JsonNumber {
  readonly value: number;
  readonly integer: boolean;
  constructor(value: number, integer: boolean) {
    this.value = value;
    this.integer = integer;
  }
}

export type JsonValue = null | boolean | string | JsonNumber | JsonValue[] | JsonObject;
/** Keys in document order, on a null prototype (a `__proto__` key is just a key). */
export type JsonObject = { [key: string]: JsonValue };

export class JsonSyntaxError extends Error {}
/** Raised when an object closes holding a key twice. */
export class JsonDuplicateKey extends Error {
  readonly key: string;
  constructor(key: string) {
    super('a key appears twice in one object');
    this.key = key;
  }
}

export interface JsonReadOptions {
  /** LingTai's init.json reader strips `//` comments and trailing commas first; the owner document's does not. */
  jsonc?: boolean;
  /** Refuse a repeated key (owner document); otherwise the last one wins, as Python's default does. */
  duplicates?: 'reject' | 'last';
}

const MAX_DEPTH = 512;
const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;

export function readJson(source: string, options: JsonReadOptions = {}): JsonValue {
  const text = options.jsonc ? stripJsonc(source) : source;
  const reject = options.duplicates === 'reject';
  let i = 0;
  const fail = (what: string): never => {
    throw new JsonSyntaxError(`${what} at character ${i + 1}`);
  };
  const space = (): void => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
      else break;
    }
  };
  const string = (): string => {
    i++; // the opening quote
    let out = '';
    let start = i;
    for (;;) {
      if (i >= text.length) fail('an unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        out += text.slice(start, i++);
        return out;
      }
      if (c < 0x20) fail('a control character in a string');
      if (c !== 0x5c) {
        i++;
        continue;
      }
      out += text.slice(start, i);
      const e = text[i + 1];
      i += 2;
      if (e === 'u') {
        const hex = text.slice(i, i + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('a bad \\u escape');
        out += String.fromCharCode(parseInt(hex, 16));
        i += 4;
      } else {
        const plain = ({ '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' } as Record<string, string>)[e ?? ''];
        if (plain === undefined) fail('a bad escape');
        out += plain;
      }
      start = i;
    }
  };
  const value = (depth: number): JsonValue => {
    if (depth > MAX_DEPTH) fail('nesting too deep');
    space();
    const c = text[i];
    if (c === '{') {
      i++;
      const obj = Object.create(null) as JsonObject;
      let repeated: string | null = null;
      space();
      if (text[i] === '}') {
        i++;
        return obj;
      }
      for (;;) {
        space();
        if (text[i] !== '"') fail('a key that is not a string');
        const key = string();
        space();
        if (text[i] !== ':') fail("a missing ':'");
        i++;
        const v = value(depth + 1);
        if (Object.prototype.hasOwnProperty.call(obj, key)) repeated ??= key;
        obj[key] = v;
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          // Python's hook sees the pairs when the object closes, so a later syntax error wins over this.
          if (reject && repeated !== null) throw new JsonDuplicateKey(repeated);
          return obj;
        }
        fail("a missing ',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      const arr: JsonValue[] = [];
      space();
      if (text[i] === ']') {
        i++;
        return arr;
      }
      for (;;) {
        arr.push(value(depth + 1));
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return arr;
        }
        fail("a missing ',' or ']'");
      }
    }
    if (c === '"') return string();
    for (const [word, v] of WORDS) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) return fail('an unexpected character');
    i += m[0].length;
    return new JsonNumber(Number(m[0]), m[1] === undefined && m[2] === undefined);
  };
  const result = value(0);
  space();
  if (i < text.length) fail('extra text after the value');
  return result;
}

// Python's json also reads NaN and the infinities; they are numbers, never integers.
const WORDS: Array<[string, JsonValue]> = [
  ['true', true],
  ['false', false],
  ['null', null],
  ['NaN', new JsonNumber(NaN, false)],
  ['Infinity', new JsonNumber(Infinity, false)],
  ['-Infinity', new JsonNumber(-Infinity, false)],
];

/** `//` comments and trailing commas out, string literals untouched (LingTai's JSONC for init.json). */
export function stripJsonc(text: string): string {
  let out = '';
  let i = 0;
  let pending = ''; // text since the last token that may hold a trailing comma
  const flush = (closing: boolean): void => {
    out += closing ? pending.replace(/,(\s*)$/, '$1') : pending;
    pending = '';
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"') {
      flush(false);
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (ch === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else {
      if (ch === '}' || ch === ']') flush(true);
      pending += ch;
      i++;
    }
  }
  flush(false);
  return out;
}

export function isObject(value: JsonValue): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof JsonNumber);
}
