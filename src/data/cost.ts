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
