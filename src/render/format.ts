// Number formats, fixed here rather than taken from the machine's locale, so builds are byte-identical.

export function count(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function bytes(n: number): string {
  return `${count(n)} B`;
}

/** The one unit convention of every page, stated once on each (the footer): binary kibibytes. */
export const UNITS_NOTE = 'Sizes are UTF-8 bytes: B is a byte, 1 KiB is 1,024 B.';

/** 15171 → "14.8 KiB": for cards, where exact bytes would be noise. */
export function size(n: number): string {
  if (n < 1024) return `${n} B`;
  return `${(n / 1024).toFixed(1)} KiB`;
}

export function percent(share: number): string {
  const p = share * 100;
  if (p > 0 && p < 0.1) return '<0.1%';
  return `${p.toFixed(1)}%`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

export function shortRevision(revision: string): string {
  return revision.slice(0, 12);
}

/**
 * A token count's unit in a table cell (`352<span> tokens</span>`): seen where the table's rows are cards on a
 * phone and its column headers are hidden, read by screen readers everywhere (the `.cell-label` style).
 */
export const TOKENS_LABEL = '<span class="cell-label"> tokens</span>';

/** A token count, "≈" before it when it is an estimate rather than the tokenizer's. */
export function tokenCount(c: { tokens: number; estimated: boolean }): string {
  return `${c.estimated ? '≈ ' : ''}${count(c.tokens)}`;
}

/** US dollars: cents for a dollar or more, else three significant digits ("$0.00912"), never rounded to $0. */
export function usd(n: number): string {
  if (n === 0) return '$0';
  if (n >= 1) return `$${n.toFixed(2)}`;
  return `$${n.toPrecision(3).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '')}`;
}

/** A price per million tokens: at least cents ("$2.50"), more digits where the price has them ("$0.075"). */
export function rate(n: number): string {
  return `$${Number.isInteger(n * 100) ? n.toFixed(2) : String(n)}`;
}
