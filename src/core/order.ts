/**
 * Order of two strings by code point from index i, their first unequal UTF-16 unit. Only a
 * surrogate there needs its whole code point read (astral characters sort above all BMP ones),
 * from the pair's high half when a low half is what differs.
 */
function unitsDiffer(a: string, b: string, i: number): number {
  const x = a.charCodeAt(i);
  const y = b.charCodeAt(i);
  if ((x & 0xf800) !== 0xd800 && (y & 0xf800) !== 0xd800) return x - y;
  const low = (x & 0xfc00) === 0xdc00 || (y & 0xfc00) === 0xdc00;
  const at = low && i > 0 && (a.charCodeAt(i - 1) & 0xfc00) === 0xd800 ? i - 1 : i;
  return a.codePointAt(at)! - b.codePointAt(at)!;
}

/** Compare two strings by Unicode code point, not UTF-16 unit, so astral names sort as the spec says. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i === n ? a.length - b.length : unitsDiffer(a, b, i);
}

/**
 * Order relative note paths segment by segment, each segment by code point.
 * This is why `b/c.md` comes before `b.md`: the folder `b` is a prefix of `b.md`.
 * Done in one pass over both strings (a sort calls this n log n times): at the first difference,
 * a `/` ends its segment first, so that path sorts first whatever the other character is.
 */
export function comparePaths(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === n) return a.length - b.length;
  if (a.charCodeAt(i) === 0x2f) return -1;
  if (b.charCodeAt(i) === 0x2f) return 1;
  return unitsDiffer(a, b, i);
}
