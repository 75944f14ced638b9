// The preview's line diff: kept and removed lines give back the published text, kept and added lines
// the edited one, and the kept lines are a longest common subsequence (checked against a plain DP).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { diffHtml, lineDiff } from '../../src/preview/line-diff.ts';

function lcsLength(a: string[], b: string[]): number {
  const t = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) t[i]![j] = a[i - 1] === b[j - 1] ? t[i - 1]![j - 1]! + 1 : Math.max(t[i - 1]![j]!, t[i]![j - 1]!);
  return t[a.length]![b.length]!;
}

const text = fc.array(fc.constantFrom('a', 'b', 'c', '', 'title: x'), { maxLength: 14 }).map((lines) => lines.join('\n'));

describe('line diff', () => {
  test('rebuilds both texts and keeps a longest common subsequence', () => {
    fc.assert(
      fc.property(text, text, (before, after) => {
        const d = lineDiff(before, after);
        assert.equal(d.filter(([op]) => op !== '+').map(([, t]) => t).join('\n'), before);
        assert.equal(d.filter(([op]) => op !== '-').map(([, t]) => t).join('\n'), after);
        assert.equal(d.filter(([op]) => op === ' ').length, lcsLength(before.split('\n'), after.split('\n')));
      }),
    );
  });

  test('a line added at the end is one added line; a changed line is removed then added', () => {
    assert.deepEqual(lineDiff('a\nb', 'a\nb\nc'), [[' ', 'a'], [' ', 'b'], ['+', 'c']]);
    assert.deepEqual(lineDiff('a\nb\nc', 'a\nB\nc'), [[' ', 'a'], ['-', 'b'], ['+', 'B'], [' ', 'c']]);
  });

  test('the markup escapes the note and folds long unchanged runs', () => {
    const before = ['<script>alert(1)</script>', ...Array.from({ length: 10 }, (_, i) => `line ${i}`)].join('\n');
    const after = before.replace('line 9', 'line nine');
    const html = diffHtml(before, after);
    assert.ok(!html.includes('<script>'));
    assert.match(html, /<span class="diff-skip">… 8 unchanged lines<\/span>/);
    assert.match(html, /<del>- line 9<\/del>\n<ins>\+ line nine<\/ins>/);
    assert.equal(diffHtml('same', 'same'), '<span class="diff-skip">… 1 unchanged line</span>\n');
  });
});
