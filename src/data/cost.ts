// What a system prompt costs, from its token count and a price table (US dollars per million
// tokens). Plain arithmetic, so the pages, the history entries and the tests share one formula.
import type { ModelPrice, TurnCost } from './types.ts';

const PER = 1_000_000;

/** The price of writing a token to the cache: `input` where the provider caches automatically. */
export const writePrice = (price: ModelPrice): number => price.cacheWrite ?? price.input;

/** One turn's system prompt of `tokens` tokens on each model: uncached, a full cache hit, and after a break. */
export function turnCosts(tokens: number, prices: readonly ModelPrice[]): TurnCost[] {
  return prices.map((price) => ({
    price,
    tokens,
    uncached: (tokens * price.input) / PER,
    cached: (tokens * price.cacheRead) / PER,
    afterBreak: (tokens * writePrice(price)) / PER,
  }));
}

/**
 * The first turn after a change that keeps `cachedTokens` of a prompt's leading tokens cached and
 * sends `resentTokens` again: what it costs, and how much more than a turn that hit the cache whole.
 */
export function cacheBreakCost(cachedTokens: number, resentTokens: number, price: ModelPrice): { cost: number; extra: number } {
  const cost = (cachedTokens * price.cacheRead + resentTokens * writePrice(price)) / PER;
  return { cost, extra: cost - ((cachedTokens + resentTokens) * price.cacheRead) / PER };
}

/**
 * What is wrong with a price table from the integration's options, in words, or null. A table the
 * pages cannot price honestly (a missing or negative price, a name that is not text) stops the build.
 */
export function priceTableProblem(prices: unknown): string | null {
  if (!Array.isArray(prices)) return 'the `prices` option must be a list of models';
  for (const [i, row] of prices.entries()) {
    const at = `prices[${i}]`;
    if (typeof row !== 'object' || row === null) return `${at} must be an object {provider, model, exactTokens, input, cacheRead, cacheWrite, source}`;
    const r = row as Record<string, unknown>;
    for (const key of ['provider', 'model', 'source']) if (typeof r[key] !== 'string' || r[key] === '') return `${at}.${key} must be a non-empty string`;
    if (typeof r['exactTokens'] !== 'boolean') return `${at}.exactTokens must be true or false (whether o200k_base is ${String(r['model'])}'s own tokenizer)`;
    const price = (key: string, nullable: boolean) => {
      const v = r[key];
      if (nullable && v === null) return null;
      return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? null : `${at}.${key} must be US dollars per million tokens, 0 or more${nullable ? ', or null' : ''}, not ${JSON.stringify(v) ?? 'nothing'}`;
    };
    const problem = price('input', false) ?? price('cacheRead', false) ?? price('cacheWrite', true);
    if (problem) return problem;
  }
  return null;
}
