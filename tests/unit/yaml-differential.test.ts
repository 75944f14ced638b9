// Our frontmatter YAML parser against the `yaml` package (a devDependency kept as the reference):
// the same value for every document in the subset, an error wherever `yaml` has one.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import type { ToStringOptions } from 'yaml';
import { YamlError, parseYaml } from '../../src/core/yaml.ts';
import { SAMPLE } from './helpers.ts';

/** The reference: the call the loader made before it had its own parser. */
function reference(source: string): { value: unknown } | { error: string } {
  try {
    return { value: parse(source, { maxAliasCount: 100, uniqueKeys: true, logLevel: 'error' }) };
  } catch (error) {
    return { error: String((error as Error).message) };
  }
}

function ours(source: string): { value: unknown } | { error: string } {
  try {
    return { value: parseYaml(source) };
  } catch (error) {
    if (!(error instanceof YamlError)) throw error;
    return { error: error.message };
  }
}

/** Where `yaml` fails we fail; where it succeeds we give its value or (outside the subset) fail. */
function agreesOrRefuses(source: string): boolean {
  const want = reference(source);
  const got = ours(source);
  if ('error' in want) return 'error' in got;
  return 'error' in got || isDeepStrictEqual(got.value, want.value);
}

/** Text with the characters that steer a YAML serialiser into its quoting and folding corners. */
const TRICKY = [...': # - \' " { } [ ] , & * ! | > % @ ` ? ~ \\ . e E + _ / 0 1 9 a z é 灵 😀'.split(' '), ' ', '  ', '\t', '\n', '\n\n',
  '\u00a0', '\u2028', '\u0085', '\u0000', '\u0007', '\ufeff', 'null', 'true', '1.5', '0x1F', '.inf', '---', '...', '- ', ': ', ' #'];
const text = fc.oneof(fc.string({ unit: fc.constantFrom(...TRICKY), maxLength: 12 }), fc.string({ maxLength: 8 }), fc.string({ unit: 'grapheme', maxLength: 6 }));
const leaf = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom(0, -0, 1e21, 2 ** 53, NaN, Infinity, -Infinity));
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('list'), tie('map')),
  list: fc.array(tie('value'), { maxLength: 4 }),
  map: fc.dictionary(text, tie('value'), { maxKeys: 4, noNullPrototype: true }),
}));
/** The same collection in several places, which `stringify` writes as an anchor and aliases. */
const shared = fc
  .tuple(fc.oneof(fc.array(value, { minLength: 1, maxLength: 3 }), fc.dictionary(text, value, { minKeys: 1, maxKeys: 3, noNullPrototype: true })), value)
  .map(([repeated, other]) => ({ first: repeated, other, again: repeated, list: [repeated, [repeated]] }));
const documentValue = fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: shared });

const STYLES: Array<[string, ToStringOptions]> = [
  ['default', {}],
  ['double-quoted strings', { defaultStringType: 'QUOTE_DOUBLE' }],
  ['single-quoted strings', { defaultStringType: 'QUOTE_SINGLE' }],
  ['flow collections', { collectionStyle: 'flow' }],
  ['literal block scalars', { blockQuote: 'literal' }],
  ['folded block scalars', { blockQuote: 'folded' }],
  ['narrow lines (folded plain and quoted scalars)', { lineWidth: 20, minContentWidth: 5 }],
  ['double-quoted keys, narrow', { defaultKeyType: 'QUOTE_DOUBLE', defaultStringType: 'QUOTE_DOUBLE', lineWidth: 15, minContentWidth: 0 }],
  ['indent 4, sequences not indented', { indent: 4, indentSeq: false }],
  ['narrow flow collections', { collectionStyle: 'flow', lineWidth: 20 }],
];

describe('differential: documents written by yaml.stringify', () => {
  for (const [name, options] of STYLES) {
    test(name, () => {
      fc.assert(
        fc.property(documentValue, (input) => {
          const source = stringify(input, options);
          const want = reference(source);
          // yaml's writer has corner cases its own reader refuses or reads back as another value
          // (a key that starts with a BOM): there, ours must refuse or agree. Elsewhere, agree.
          if ('value' in want && isDeepStrictEqual(want.value, input)) assert.deepStrictEqual(ours(source), want, JSON.stringify(source));
          else assert.ok(agreesOrRefuses(source), JSON.stringify(source));
        }),
        { numRuns: 400 },
      );
    });
  }
});

/** Every note of the sample family, with the frontmatter between its fences. */
function sampleFrontmatter(): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const entry of readdirSync(SAMPLE, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const match = /^\uFEFF?---\r?\n([\s\S]*?)^---\r?$/m.exec(readFileSync(file, 'utf8'));
    if (match) found.push([path.relative(SAMPLE, file), match[1] as string]);
  }
  return found;
}

/** Frontmatter as people write it by hand, beyond what the sample family uses. */
const HANDWRITTEN = [
  'title: Voice\nsummary: "How every soul sounds: plain, specific, warm."\ntags: [voice, writing, family]\nprompt_loading: inline\n',
  "title: It's mine\nsummary: 'Quoted with ''single'' quotes'\ndate: 2026-03-14\n",
  'date: "2026-02-11T21:40:00+08:00"\nborn: 2025-09-02\npronouns: she/her\nreading: líng tái\n',
  'title: Long summary\nsummary: >-\n  A summary folded over\n  several lines, with a colon: here.\n',
  'notes: |\n  Line one\n    indented\n\n  Line three\n',
  'tags:\n  - craft\n  - review # why\n  - "#hash"\nauthors:\n- name: Ines\n  role: editor\n- name: Wen\n',
  '# leading comment\ntitle: x   # trailing comment\n\nempty:\nnull_value: ~\nflag: true\ncount: 3\nratio: 0.75\n',
  'defaults: &defaults\n  tone: warm\n  length: short\nreview: *defaults\nsummary: "Tabs\\tand \\"quotes\\" and \\u00e9"\n',
  'title: 灵台\nsummary: 灵台 waits before answering; the first reading is rarely the whole of it.\nlinks: {home: "soul://lingtai/灵台.md", ledger: soul://lingtai/ledger.md}\n',
  'summary: A plain summary\n  that carries on\n  on more lines\nversion: 1.2.3\nhex: 0x1F\nplus: +1\n',
];

describe('differential: frontmatter corpus', () => {
  test('every note of the sample family parses exactly as yaml parses it', () => {
    const notes = sampleFrontmatter();
    assert.ok(notes.length >= 40, `only ${notes.length} notes with frontmatter`);
    for (const [name, source] of notes) {
      const want = reference(source);
      assert.ok('value' in want, `${name}: ${JSON.stringify(want)}`);
      assert.deepStrictEqual(ours(source), want, name);
    }
  });

  test('hand-written frontmatter parses exactly as yaml parses it', () => {
    for (const source of HANDWRITTEN) {
      const want = reference(source);
      assert.ok('value' in want, source);
      assert.deepStrictEqual(ours(source), want, source);
    }
  });
});

/** YAML that the `yaml` package refuses, inside our subset: ours must refuse it too. */
const INVALID: Record<string, string[]> = {
  'bad indentation': ['a:\n    b: 1\n  c: 2\n', 'a:\n  b: 1\n c: 2\n', 'a: 1\n b: 2\n', ' a: 1\nb: 2\n', 'a:\n  b: 1\n    c: 2\n', '- a\n - b: 1\n', 'a:\n  - b\n c: 1\n', 'a:\n  - x\n - y\n', 'a: |\n  x\n y\n', 'a: |\n    \n  x\n', 'a:\n\tb: 1\n'],
  'unclosed quotes': ['a: "x\n', "a: 'x\n", 'a: "x\\"\nb: 1\n', "a: 'it''s\n", 'a: "x\ny"\n', "- 'x\n'\n"],
  'unclosed flow': ['a: [x\n', 'a: {x: 1\n', 'a: [x, {y: 1]\n', 'a: [1,\n2]\n', 'a: {b: [\nc]}\n'],
  'duplicate keys': ['a: 1\na: 2\n', 'a:\n  b: 1\n  b: 2\n', '{a: 1, a: 2}\n', '1: a\n1.0: b\n', 'null: a\n~: b\n', '"a": 1\na: 2\n'],
  'alias bomb': [
    ['a: &a [x, x, x, x, x, x, x, x, x]', ...'bcdefghi'.split('').map((c, k) => `${c}: &${c} [${Array(9).fill(`*${'abcdefgh'[k]}`).join(', ')}]`)].join('\n'),
    'x: &a 1\ny: [' + '*a, '.repeat(100) + ']\n',
    't: &t x\nu: [' + '*t, '.repeat(10) + ']\ns: &s [*t]\nv: [' + '*s, '.repeat(8) + ']\n',
  ],
  'undefined alias': ['a: *x\n', 'a: *x\nb: &x 1\n', 'a: [*x]\n'],
  'other structure errors': ['a: b: c\n', 'a: - b\n', 'a: x\nb\n', '- a\nb: 1\n', 'a: [x]y\n', 'a: "x"y\n', 'a: "x"#c\n', 'a: |x\n  y\n', 'a: "\\q"\n', 'a: ]\n', 'a: ,x\n', 'a: @x\n', 'a: 1\n---\nb: 2\n'],
};

describe('differential: what yaml refuses, we refuse', () => {
  for (const [kind, sources] of Object.entries(INVALID)) {
    test(kind, () => {
      for (const source of sources) {
        assert.ok('error' in reference(source), `the reference accepts ${JSON.stringify(source)}`);
        assert.ok('error' in ours(source), `ours accepts ${JSON.stringify(source)}: ${JSON.stringify(ours(source))}`);
      }
    });
  }
});

/** Pieces of YAML syntax, glued at random: mostly invalid documents, in every corner of the grammar. */
const PIECES = ['a', 'b c', 'k: ', 'k:', '- ', '-', '? ', ':', ': ', '#', ' #c', ',', '[', ']', '{', '}', '"', "'", "''", '\\', '\\n', '\\x4',
  '&a ', '*a', '!', '%', '@', '|', '>', '|-', '>+', '|2', '1', '0x1F', '.nan', '~', 'null', 'é', '\n', '\n', '\n  ', '\n ', '\n    ', '\n- ',
  '  ', '\t', '---', '...', '"q"', "'s'", '[a, b]', '{a: 1}'];
const soup = fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }).map((pieces) => pieces.join(''));
/** Line-shaped documents: indentation, an optional dash and key, then pieces. */
const lines = fc
  .array(
    fc.tuple(fc.constantFrom('', '', ' ', '  ', '    '), fc.constantFrom('', '', '- ', '- - '), fc.constantFrom('', 'k: ', 'k:', '"q": ', 'j: '), fc.array(fc.constantFrom(...PIECES), { maxLength: 4 })),
    { minLength: 1, maxLength: 6 },
  )
  .map((rows) => rows.map(([indent, dash, key, rest]) => indent + dash + key + rest.join('')).join('\n') + '\n');

describe('differential: random YAML-like text', () => {
  test('never a different value, and an error wherever yaml has one', () => {
    fc.assert(fc.property(fc.oneof(soup, lines), (source) => agreesOrRefuses(source)), { numRuns: 4000 });
  });
});
