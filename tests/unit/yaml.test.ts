// The frontmatter YAML parser, feature by feature: each construct of the subset gives the value
// the YAML 1.2 core schema gives, and each construct outside it fails with its own message.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { YamlError, parseYaml } from '../../src/core/yaml.ts';

/**
 * Assert a parse result, compared strictly (prototypes, -0 and NaN included); the `yaml` package,
 * as the loader used to call it, must agree, so each expectation is checked against the reference too.
 */
function parses(source: string, expected: unknown): void {
  assert.deepStrictEqual(parseYaml(source), expected, JSON.stringify(source));
  assert.deepStrictEqual(parse(source, { maxAliasCount: 100, uniqueKeys: true }), expected, `yaml package: ${JSON.stringify(source)}`);
}

/** Assert a failure with exactly this message (line number included). */
function fails(source: string, message: string): void {
  assert.throws(() => parseYaml(source), (error: unknown) => {
    assert.ok(error instanceof YamlError, `${JSON.stringify(source)} threw ${String(error)}`);
    assert.equal(error.message, message, JSON.stringify(source));
    assert.equal(error.message, `line ${error.line}: ${error.reason}`);
    return true;
  });
}

describe('documents, comments and blank lines', () => {
  test('the empty document, blanks only, comments only: null', () => {
    for (const source of ['', '\n', '   \n\n', '# only a comment\n', '\n  # indented comment\n\t\n']) parses(source, null);
  });

  test('comments and blank lines around and between entries', () => {
    parses('# head\n\na: 1 # trailing\n\n# between\n  # indented\nb: x#not-a-comment\n', { a: 1, b: 'x#not-a-comment' });
  });

  test('a BOM at the start and CRLF line ends are read like plain LF text', () => {
    parses('\uFEFFa: 1\r\nb: "x\r\n  y"\r\n', { a: 1, b: 'x y' });
  });

  test('top-level scalars and collections', () => {
    parses('hello', 'hello');
    parses('"quoted"', 'quoted');
    parses('[1, 2]', [1, 2]);
    parses('- a\n- b\n', ['a', 'b']);
    parses('  a: 1\n  b: 2\n', { a: 1, b: 2 });
  });
});

describe('block collections', () => {
  test('mappings nested by indentation', () => {
    parses('a:\n  b:\n    c: 1\n  d: 2\ne: 3\n', { a: { b: { c: 1 }, d: 2 }, e: 3 });
  });

  test('sequences, nested and compact', () => {
    parses('- a\n-\n  - b\n  - c\n- - d\n  - e\n', ['a', ['b', 'c'], ['d', 'e']]);
  });

  test('"- key: v" compact mappings', () => {
    parses('- a: 1\n  b: 2\n- c: 3\n', [{ a: 1, b: 2 }, { c: 3 }]);
    parses('- a:\n  - x\n  b: 1\n', [{ a: ['x'], b: 1 }]);
  });

  test('a sequence at the same indentation as its key', () => {
    parses('tags:\n- a\n- b\nnext: 1\n', { tags: ['a', 'b'], next: 1 });
  });

  test('empty values are null', () => {
    parses('a:\nb: # comment\nc:\n', { a: null, b: null, c: null });
    parses('-\n- \n-  # c\n', [null, null, null]);
  });

  test('quoted keys, keys with colons and dashes, "key :" with space', () => {
    parses('"a b": 1\n\'c\': 2\nd:e: 3\n-f: 4\n:g: 5\nh : 6\n', { 'a b': 1, c: 2, 'd:e': 3, '-f': 4, ':g': 5, h: 6 });
  });

  test('plain keys are resolved then turned into property names, as the yaml package does', () => {
    parses('1: a\n0x10: b\n1.50: c\ntrue: d\n~: e\n.inf: f\n', { '1': 'a', '16': 'b', '1.5': 'c', true: 'd', '': 'e', Infinity: 'f' });
  });

  test('separation by tabs after the indicator', () => {
    parses('a:\tb\n', { a: 'b' });
    parses('-\tc\n', ['c']);
  });
});

describe('flow collections', () => {
  test('nested sequences and mappings', () => {
    parses('a: [1, [2, 3], {b: c, d: [e]}, "f", \'g\']', { a: [1, [2, 3], { b: 'c', d: ['e'] }, 'f', 'g'] });
  });

  test('over several lines, with comments and trailing commas', () => {
    parses('a: [\n  1, # one\n  2,\n]\nb: {\n  x: 1,\n  y: 2\n}\n', { a: [1, 2], b: { x: 1, y: 2 } });
  });

  test('empty collections, keys without values, JSON style', () => {
    parses('a: []\nb: {}\nc: {x, y: , z: 1}\nd: {"k":"v"}\n', { a: [], b: {}, c: { x: null, y: null, z: 1 }, d: { k: 'v' } });
  });

  test('plain scalars inside flow stop at , [ ] { } but keep : and # inside words', () => {
    parses('[a:b, c#d, -e, :f, g h]', ['a:b', 'c#d', '-e', ':f', 'g h']);
    parses('{a:1}', { 'a:1': null });
  });

  test('the closing bracket may sit at the parent indentation', () => {
    parses('a: [\n  1\n]\n', { a: [1] });
  });
});

describe('plain scalars', () => {
  test('multi-line plain scalars fold with spaces; blank lines become line breaks', () => {
    parses('a: one\n  two\n\n  three\n\n\n  four\nb: 1\n', { a: 'one two\nthree\n\nfour', b: 1 });
    parses('- a\n  - b\n', ['a - b']);
  });

  test('trailing spaces and comments are not part of the value; inner ones are', () => {
    parses('a: x  y   # c\n', { a: 'x  y' });
  });

  test('Unicode, punctuation and indicators inside words', () => {
    parses('a: 灵台 é – x]\nb: Re:yes? -1-\nc: x, y\n', { a: '灵台 é – x]', b: 'Re:yes? -1-', c: 'x, y' });
  });
});

describe('quoted scalars', () => {
  test("single quotes: '' is a quote, nothing else escapes", () => {
    parses("a: 'it''s \\n'", { a: "it's \\n" });
  });

  test('double quotes: every YAML escape', () => {
    parses(
      'a: "\\n\\t\\\\\\"\\/\\0\\a\\b\\e\\f\\r\\v\\N\\_\\L\\P\\x41\\u00e9\\U0001F600\\ \\\t"',
      { a: '\n\t\\"/\0\x07\b\x1b\f\r\v\x85\xa0\u2028\u2029Aé😀 \t' },
    );
  });

  test('line folding in both quote styles', () => {
    parses("a: 'one  \n  two\n\n  three'\n", { a: 'one two\nthree' });
    parses('a: "one\n  two\n\n\n  three"\n', { a: 'one two\n\nthree' });
  });

  test('an escaped line break joins lines without a space', () => {
    parses('a: "one\\\n    two"\n', { a: 'onetwo' });
  });

  test('quoted scalars are always strings', () => {
    parses('a: "1"\nb: \'true\'\nc: "null"\nd: ""\n', { a: '1', b: 'true', c: 'null', d: '' });
  });
});

describe('block scalars', () => {
  test('literal keeps line breaks and extra indentation', () => {
    parses('a: |\n  x\n   y\n\n  z\nb: 1\n', { a: 'x\n y\n\nz\n', b: 1 });
  });

  test('folded joins lines, keeps more-indented lines and blank lines', () => {
    parses('a: >\n  a\n  b\n\n  c\n    d\n  e\n', { a: 'a b\nc\n  d\ne\n' });
  });

  test('chomping: clip, strip, keep', () => {
    parses('a: |\n  x\n\n\nb: 1\n', { a: 'x\n', b: 1 });
    parses('a: |-\n  x\n\n\nb: 1\n', { a: 'x', b: 1 });
    parses('a: |+\n  x\n\n\nb: 1\n', { a: 'x\n\n\n', b: 1 });
    parses('a: >-\n  x\n  y\n', { a: 'x y' });
  });

  test('an explicit indentation indicator, before or after the chomping indicator', () => {
    parses('a: |2\n   x\n', { a: ' x\n' });
    parses('a: |2-\n    x\n', { a: '  x' });
    parses('a: >-1\n  x\n', { a: ' x' });
    parses('- |1\n  x\n', [' x\n']);
  });

  test('a comment after the header; # inside the text is text', () => {
    parses('a: | # note\n  # not a comment\nb: 1\n', { a: '# not a comment\n', b: 1 });
  });

  test('empty block scalars', () => {
    parses('a: |\nb: >+\n\nc: 1\n', { a: '', b: '\n', c: 1 });
  });
});

describe('anchors and aliases', () => {
  test('an alias is the anchored value', () => {
    parses('a: &x 1\nb: *x\nc: &l [1, 2]\nd: *l\n', { a: 1, b: 1, c: [1, 2], d: [1, 2] });
  });

  test('an aliased collection is the same object, not a copy', () => {
    const value = parseYaml('a: &m\n  k: v\nb: *m\nc: [*m]\n') as Record<string, unknown>;
    assert.equal(value['a'], value['b']);
    assert.equal((value['c'] as unknown[])[0], value['a']);
  });

  test('anchors in flow collections and on empty nodes; the latest anchor wins', () => {
    parses('a: [&x 1, *x]\nb: &e\nc: *e\nd: &x 2\ne: *x\n', { a: [1, 1], b: null, c: null, d: 2, e: 2 });
  });
});

describe('core schema scalars (like the yaml package)', () => {
  test('null and booleans', () => {
    parses('[null, Null, NULL, ~, nULL]', [null, null, null, null, 'nULL']);
    parses('a:\nb: ""\n', { a: null, b: '' });
    parses('[true, True, TRUE, false, False, FALSE, tRUE, yes, on]', [true, true, true, false, false, false, 'tRUE', 'yes', 'on']);
  });

  test('integers', () => {
    parses('[0, -0, +12, 007, 0o17, 0x1F, 0xff, 12345678901234567890]', [0, -0, 12, 7, 15, 31, 255, 12345678901234567890]);
  });

  test('floats, infinities and NaN', () => {
    parses('[1.5, .5, -1., 1e3, -1.5E-2, .inf, -.Inf, +.INF, .nan, .NaN, .NAN]', [1.5, 0.5, -1, 1000, -0.015, Infinity, -Infinity, Infinity, NaN, NaN, NaN]);
  });

  test('everything else is a string: dates, versions, other bases', () => {
    parses('[2026-03-14, 1.2.3, 0o8, 0x, -0x1, 1_000, 0b11, .5.5, 1e, inf, nan]', ['2026-03-14', '1.2.3', '0o8', '0x', '-0x1', '1_000', '0b11', '.5.5', '1e', 'inf', 'nan']);
  });
});

describe('errors name their line', () => {
  const cases: Array<[string, string]> = [
    ['a: 1\n---\nb: 2\n', 'line 2: --- and ... markers are not supported'],
    ['a: 1\n...\n', 'line 2: --- and ... markers are not supported'],
    ['a: "x\n---\n  y"', 'line 2: --- and ... markers are not supported'],
    ['a: ' + '['.repeat(65), 'line 1: nested deeper than 64 levels'],
    ['k'.repeat(1025) + ': 1', 'line 1: a key must be one line of at most 1024 characters'],
    ['a: 1\n"x\n y": 2', 'line 2: a key must be one line of at most 1024 characters'],
    ['a: 1\rb: 2', 'line 1: a lone carriage return'],
    ['a: !!str 1', 'line 1: tags are not supported'],
    ['%YAML 1.2\n---\n', 'line 1: directives are not supported'],
    ['? a\n: b\n', 'line 1: complex keys (?) are not supported'],
    ['a: &x &y 1', 'line 1: anchors here are not supported'],
    ['a: "x"y', 'line 1: unexpected "y"'],
    ['a: [1,', 'line 1: unexpected end'],
    ['a:\n\tb: 1\n', 'line 2: a tab in indentation'],
    ['- \ta: 1\n', 'line 1: a tab in indentation'],
    // Found by the differential test: yaml refuses a tab before an anchor after "-".
    ['-\t&a a\n', 'line 1: a tab in indentation'],
    ['a: & 1', 'line 1: empty anchor or alias name'],
    ['a: 1\nb: *nope', 'line 2: undefined alias *nope'],
    ['a: &x [*x]', 'line 1: undefined alias *x'],
    ['a: &x 1\nb: [' + '*x, '.repeat(101) + ']', 'line 2: over 100 aliases expanded'],
    ["a: 'x", 'line 1: unclosed quote'],
    ['a: "x\ny"', 'line 2: bad indentation'],
    ['a:\n  b: 1\n c: 2', 'line 3: bad indentation'],
    ['a: 1\n  b: 2', 'line 2: unexpected ":"'],
    ['a: |\n    \n  x\n', 'line 3: bad indentation'],
    ['a: [\nb]', 'line 2: bad indentation'],
    ['a: "\\q"', 'line 1: invalid escape \\q'],
    ['a: "\\x4"', 'line 1: invalid escape \\x'],
    ['a: |0\n  x', 'line 1: bad block scalar header'],
    ['[a]: 1', 'line 1: a key must be a plain or quoted scalar'],
    ['{[a]: 1}', 'line 1: a key must be a plain or quoted scalar'],
    ['a: 1\na: 2', 'line 2: duplicate key "a"'],
    ['{a: 1, a: 2}', 'line 1: duplicate key "a"'],
    ['[a: b]', 'line 1: key: value inside [ ] is not supported'],
    ['[a b c', 'line 1: expected , or ]'],
    ['a: 1\n- b', 'line 2: expected "key: value"'],
    ['a: b: c', "line 1: a block collection cannot start on its key's line"],
    ['a: - b', "line 1: a block collection cannot start on its key's line"],
    ['&x a: 1', 'line 1: anchors on keys are not supported'],
    ['a: &x\n  &y b', 'line 2: two anchors on one node'],
  ];
  for (const [source, message] of cases) test(message.replace(/^line \d+: /, '') + ` (${JSON.stringify(source).slice(0, 30)})`, () => fails(source, message));
});
