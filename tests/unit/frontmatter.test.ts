// Frontmatter (VAULT.md section 1): YAML between a first line --- and the next line ---.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FrontmatterProblem, decodeNote, promptLoading, splitFrontmatter, stringField } from '../../src/core/index.ts';

describe('splitFrontmatter', () => {
  test('a mapping between the fences, the rest is the body', () => {
    const split = splitFrontmatter('---\ntitle: Voice\nprompt_loading: inline\ntags: [a, b]\n---\n# Voice\n');
    assert.deepEqual(split.data, { title: 'Voice', prompt_loading: 'inline', tags: ['a', 'b'] });
    assert.equal(split.yaml, 'title: Voice\nprompt_loading: inline\ntags: [a, b]\n');
    assert.equal(split.body, '# Voice\n');
  });

  test('no opening fence: no frontmatter, the whole text is the body', () => {
    for (const text of ['# Title\n---\nx: 1\n---\n', '', 'plain', ' ---\nx: 1\n---\n', '----\nx: 1\n----\n']) {
      assert.deepEqual(splitFrontmatter(text), { data: {}, yaml: null, body: text }, JSON.stringify(text));
    }
  });

  test('CRLF line ends are accepted', () => {
    const split = splitFrontmatter('---\r\ntitle: Windows\r\nprompt_loading: on-demand\r\n---\r\nbody\r\n');
    assert.deepEqual(split.data, { title: 'Windows', prompt_loading: 'on-demand' });
    assert.equal(split.body, 'body\r\n');
  });

  test('a BOM before the fence is accepted once the note is decoded', () => {
    const bytes = new TextEncoder().encode('\uFEFF---\r\nprompt_loading: inline\r\n---\r\n');
    assert.equal(bytes[0], 0xef);
    const text = decodeNote(bytes, 'soul://a/b.md', undefined, 'test');
    assert.deepEqual(splitFrontmatter(text).data, { prompt_loading: 'inline' });
  });

  test('an empty frontmatter is an empty mapping; a closing fence at the very end is fine', () => {
    assert.deepEqual(splitFrontmatter('---\n---\nbody').data, {});
    assert.deepEqual(splitFrontmatter('---\ntitle: x\n---'), { data: { title: 'x' }, yaml: 'title: x\n', body: '' });
  });

  test('dates stay strings (the loader compares them itself)', () => {
    assert.deepEqual(splitFrontmatter('---\ndate: 2026-03-14\n---\n').data, { date: '2026-03-14' });
  });

  test('invalid: unclosed, not YAML, not a mapping', () => {
    const bad = {
      'fence only': '---',
      'fence and newline': '---\n',
      unclosed: '---\ntitle: x\nbody\n',
      'closing fence indented': '---\ntitle: x\n ---\n',
      'unterminated flow': '---\ntitle: [x\n---\n',
      'bad indentation': '---\na: 1\n  b: 2\n---\n',
      'duplicate keys': '---\na: 1\na: 2\n---\n',
      list: '---\n- a\n- b\n---\n',
      scalar: '---\nhello\n---\n',
      number: '---\n42\n---\n',
    };
    for (const [name, text] of Object.entries(bad)) assert.throws(() => splitFrontmatter(text), FrontmatterProblem, name);
  });

  test('an alias bomb fails fast instead of expanding', () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 12; i++) lines.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
    const started = performance.now();
    assert.throws(() => splitFrontmatter(`---\n${lines.join('\n')}\n---\n`), FrontmatterProblem);
    assert.ok(performance.now() - started < 2000);
  });
});

describe('promptLoading', () => {
  test('inline, on-demand, or absent', () => {
    assert.equal(promptLoading({ prompt_loading: 'inline' }), 'inline');
    assert.equal(promptLoading({ prompt_loading: 'on-demand' }), 'on-demand');
    assert.equal(promptLoading({ title: 'x' }), undefined);
  });

  test('any other value is a problem, not a guess', () => {
    for (const value of ['Inline', 'INLINE', 'on_demand', 'ondemand', 'whole', '', null, true, 1, ['inline']]) {
      assert.throws(() => promptLoading({ prompt_loading: value }), FrontmatterProblem, JSON.stringify(value));
    }
  });
});

describe('stringField', () => {
  test('a string or nothing', () => {
    assert.equal(stringField({ summary: 'one line' }, 'summary'), 'one line');
    assert.equal(stringField({ summary: 3 }, 'summary'), undefined);
    assert.equal(stringField({}, 'summary'), undefined);
  });
});
