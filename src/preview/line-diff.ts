// A line diff of a note's edited text against its published text, for the preview's editor. Hand-written
// (an LCS over the lines between the common head and tail, a few hundred bytes gzipped) rather than the
// `diff` package: its diffLines bundles to about 1.5 KB gzipped, and the soul page had 0.2 KB of budget left.
import { esc } from '../render/escape.ts';

/** One line of a diff: kept (' '), removed ('-') or added ('+'). */
export type DiffLine = [op: ' ' | '-' | '+', text: string];

/** Past this many cells of the LCS table the middle is shown as removed then added: still true, only coarser. */
const MAX_CELLS = 4_000_000;

export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const n = x.length;
  const m = y.length;
  const w = m + 1;
  // lcs[i * w + j]: the longest common subsequence of x[i..] and y[j..].
  const lcs = new Uint32Array(n * m > MAX_CELLS ? 0 : (n + 1) * w);
  if (lcs.length) for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i * w + j] = x[i] === y[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
  const out: DiffLine[] = a.slice(0, head).map((t) => [' ', t]);
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (lcs.length && i < n && j < m && x[i] === y[j]) {
      out.push([' ', x[i++]!]);
      j++;
    } else if (i < n && (j === m || !lcs.length || lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!)) out.push(['-', x[i++]!]);
    else out.push(['+', y[j++]!]);
  }
  for (const t of a.slice(a.length - tail)) out.push([' ', t]);
  return out;
}

/** The diff as escaped markup: changed lines with two lines of context, longer unchanged runs folded. */
export function diffHtml(before: string, after: string): string {
  const lines = lineDiff(before, after);
  const near = (k: number): boolean => lines.slice(Math.max(0, k - 2), k + 3).some(([op]) => op !== ' ');
  let html = '';
  let skipped = 0;
  const fold = (): void => {
    if (skipped) html += `<span class="diff-skip">… ${skipped} unchanged line${skipped > 1 ? 's' : ''}</span>\n`;
    skipped = 0;
  };
  lines.forEach(([op, text], k) => {
    if (op === ' ' && !near(k)) return void skipped++;
    fold();
    const tag = op === '+' ? 'ins' : 'del';
    html += op === ' ' ? `  ${esc(text)}\n` : `<${tag}>${op} ${esc(text)}</${tag}>\n`;
  });
  fold();
  return html;
}
