/** Compare two strings by Unicode code point, not UTF-16 unit, so astral names sort as the spec says. */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.codePointAt(i)!;
    const cb = b.codePointAt(j)!;
    if (ca !== cb) return ca < cb ? -1 : 1;
    i += ca > 0xffff ? 2 : 1;
    j += cb > 0xffff ? 2 : 1;
  }
  return a.length - i === 0 ? (b.length - j === 0 ? 0 : -1) : 1;
}

/**
 * Order relative note paths segment by segment, each segment by code point.
 * This is why `b/c.md` comes before `b.md`: the folder `b` is a prefix of `b.md`.
 */
export function comparePaths(a: string, b: string): number {
  const sa = a.split('/');
  const sb = b.split('/');
  const n = Math.min(sa.length, sb.length);
  for (let k = 0; k < n; k++) {
    const c = compareCodePoints(sa[k]!, sb[k]!);
    if (c !== 0) return c;
  }
  return sa.length - sb.length;
}
