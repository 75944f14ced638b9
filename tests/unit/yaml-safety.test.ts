// The frontmatter YAML parser on hostile input: no prototype pollution, no stack overflow, no
// alias expansion, and time linear in the input (100 KB shapes that trip backtracking parsers).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { YamlError, parseYaml } from '../../src/core/yaml.ts';

const KB100 = 100_000;

describe('keys never reach a prototype', () => {
  test('__proto__, constructor and prototype keys are own data properties', () => {
    const value = parseYaml('__proto__: {polluted: 1}\nconstructor: 2\nprototype: 3\ntoString: x\nhasOwnProperty: y\n') as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(value), Object.prototype);
    assert.deepEqual(Object.keys(value), ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty']);
    assert.deepEqual(Object.getOwnPropertyDescriptor(value, '__proto__'), { value: { polluted: 1 }, writable: true, enumerable: true, configurable: true });
    assert.equal(value['constructor'], 2);
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
    assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted'), false);
  });

  test('the same in flow mappings and nested mappings', () => {
    const value = parseYaml('a: {__proto__: {x: 1}}\nb:\n  __proto__:\n    y: 2\n') as Record<string, Record<string, unknown>>;
    assert.deepEqual(Object.keys(value['a'] as object), ['__proto__']);
    assert.deepEqual(Object.keys(value['b'] as object), ['__proto__']);
    assert.equal(Object.getPrototypeOf(value['a']), Object.prototype);
    assert.equal(({} as Record<string, unknown>)['x'], undefined);
  });

  test('a duplicate __proto__ is a duplicate key', () => {
    assert.throws(() => parseYaml('__proto__: 1\n__proto__: 2\n'), /duplicate key "__proto__"/);
  });
});

describe('nesting is bounded', () => {
  const deep: Record<string, string> = {
    'flow sequences': '['.repeat(KB100),
    'flow mappings': '{a: '.repeat(KB100 / 4),
    'compact sequences': '- '.repeat(KB100 / 2) + 'x',
    'block mappings': Array.from({ length: 5000 }, (_, k) => ' '.repeat(k) + 'k:').join('\n'),
    'block sequences': Array.from({ length: 5000 }, (_, k) => ' '.repeat(k * 2) + '-').join('\n'),
  };
  for (const [name, source] of Object.entries(deep)) {
    test(`${name}: an error at level 65, not a stack overflow`, () => {
      assert.throws(() => parseYaml(source), (error: unknown) => error instanceof YamlError && error.reason === 'nested deeper than 64 levels');
    });
  }

  test('64 levels are fine', () => {
    assert.deepEqual(parseYaml('['.repeat(64) + ']'.repeat(64)), JSON.parse('['.repeat(64) + ']'.repeat(64)));
    const block = Array.from({ length: 64 }, (_, k) => ' '.repeat(k) + 'k:').join('\n');
    let expected: unknown = null;
    for (let k = 0; k < 64; k++) expected = { k: expected };
    assert.deepEqual(parseYaml(block), expected);
  });

  test('repeated anchors are refused, not nested', () => {
    assert.throws(() => parseYaml('a: &a\n' + '  &b\n'.repeat(KB100 / 5)), /two anchors on one node/);
    assert.throws(() => parseYaml('[' + '&a '.repeat(KB100 / 3) + ']'), /two anchors on one node/);
    assert.throws(() => parseYaml('{k: ' + '&a\n '.repeat(KB100 / 4) + '}'), /two anchors on one node/);
    assert.throws(() => parseYaml('a: ' + '&a '.repeat(KB100 / 3)), /anchors here are not supported/);
  });
});

describe('aliases are shared, counted and capped', () => {
  test('a billion laughs fails fast without expanding', () => {
    const rows = ['a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let k = 1; k < 20; k++) rows.push(`l${k}: &l${k} [${Array(9).fill(k === 1 ? '*a' : `*l${k - 1}`).join(', ')}]`);
    const started = performance.now();
    assert.throws(() => parseYaml(rows.join('\n')), /over 100 aliases expanded/);
    // Expanded, it would never end; the bound only has to be far above a loaded machine's pause.
    assert.ok(performance.now() - started < 2000);
  });

  test('aliases to one node are the same object', () => {
    const value = parseYaml('a: &a {deep: [1, 2]}\nb: [*a, *a, *a]\n') as { a: unknown; b: unknown[] };
    for (const item of value.b) assert.equal(item, value.a);
  });

  test('99 aliases to a scalar pass, 100 fail (the yaml package counts the anchor too)', () => {
    assert.equal((parseYaml('a: &a 1\nb: [' + '*a, '.repeat(99) + ']') as { b: unknown[] }).b.length, 99);
    assert.throws(() => parseYaml('a: &a 1\nb: [' + '*a, '.repeat(100) + ']'), /over 100 aliases expanded/);
  });

  test('more than 100 aliases in all fail, even to empty collections', () => {
    const anchors = Array.from({ length: 60 }, (_, k) => `a${k}: &a${k} x`).join('\n');
    assert.throws(() => parseYaml(`${anchors}\nb: [${Array.from({ length: 101 }, (_, k) => `*a${k % 60}`).join(', ')}]`), /over 100 aliases expanded/);
    assert.throws(() => parseYaml('a: &a []\nb: [' + '*a, '.repeat(101) + ']'), /over 100 aliases expanded/);
  });
});

describe('linear time on 100 KB inputs', () => {
  const shapes: Record<string, string> = {
    'spaces inside double quotes': 'a: "' + ' '.repeat(KB100) + 'x"',
    'spaces inside single quotes': "a: '" + ' '.repeat(KB100) + "x'",
    'spaces then a tab inside quotes': 'a: "' + ' '.repeat(KB100) + '\tx"',
    'spaces inside a plain scalar': 'a: x' + ' '.repeat(KB100) + 'y',
    'tabs before a comment': 'a: x' + '\t'.repeat(KB100) + '#',
    '" :" repeated': 'a: ' + 'x :'.repeat(KB100 / 3),
    '"x#" repeated': 'a: ' + 'x#'.repeat(KB100 / 2),
    'a long plain key candidate': 'k'.repeat(KB100),
    'a long key': 'k'.repeat(KB100) + ': 1',
    'a long flow key': '{' + 'k'.repeat(KB100) + ': 1}',
    'colons in flow': '{' + ':'.repeat(KB100) + '}',
    'digits then a letter': 'a: ' + '1'.repeat(KB100) + 'x',
    'digits, a dot, digits, e': 'a: ' + '1'.repeat(KB100 / 2) + '.' + '1'.repeat(KB100 / 2) + 'e',
    'escaped quotes, unclosed': '"' + '\\"'.repeat(KB100 / 2),
    "doubled single quotes, unclosed": "'" + "''".repeat(KB100 / 2),
    'escapes': 'a: "' + '\\u00e9\\n'.repeat(KB100 / 8) + '"',
    'blank lines': '\n'.repeat(KB100) + 'a: 1',
    'whitespace lines': ' \t \n'.repeat(KB100 / 4) + 'a: 1',
    'comment lines': '# c\n'.repeat(KB100 / 4) + 'a: 1',
    'plain continuation lines': 'a: x\n' + '  y\n'.repeat(KB100 / 4),
    'quoted continuation lines': 'a: "x\n' + '  y\n'.repeat(KB100 / 4) + '  "',
    'literal block lines': 'a: |\n' + '  x\n'.repeat(KB100 / 4),
    'folded block, mixed lines': 'a: >\n' + '  x\n   y\n\n'.repeat(KB100 / 10),
    'block scalar, trailing whitespace lines': 'a: |2\n  x\n' + '     \n'.repeat(KB100 / 6) + 'b: 1',
    'flow items': 'a: [' + 'x, '.repeat(KB100 / 3) + ']',
    'flow mapping entries': 'a: {' + Array.from({ length: KB100 / 10 }, (_, k) => `k${k}: v`).join(', ') + '}',
    'block mapping entries': Array.from({ length: KB100 / 10 }, (_, k) => `k${k}: ${k}`).join('\n'),
    'block sequence items': '- x\n'.repeat(KB100 / 4),
    'dashes': '-'.repeat(KB100),
  };
  for (const [name, source] of Object.entries(shapes)) {
    test(name, () => {
      const started = performance.now();
      try {
        parseYaml(source);
      } catch (error) {
        assert.ok(error instanceof YamlError, String(error));
      }
      // Quadratic work on 100 KB would take tens of seconds; linear work takes milliseconds.
      assert.ok(performance.now() - started < 2000, `${name}: ${Math.round(performance.now() - started)} ms`);
    });
  }
});
