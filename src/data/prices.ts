// The default price table: plain data, so the integration's options and the CLI (`impact`) read one list.
import type { ModelPrice } from './types.ts';

/**
 * List prices for input tokens, USD per million, as the providers published them (read 2026-12-01;
 * docs/decisions.md, "Tokens and cost", says where). Prices change: set `prices` for your models.
 */
export const DEFAULT_PRICES: ModelPrice[] = [
  {
    provider: 'OpenAI',
    model: 'gpt-5.4',
    exactTokens: true,
    input: 2.5,
    cacheRead: 0.25,
    cacheWrite: null,
    source: 'developers.openai.com/api/docs/pricing (standard tier, short context), as of 2026-06',
  },
  {
    provider: 'Anthropic',
    model: 'Claude Sonnet 5',
    exactTokens: false,
    input: 2,
    cacheRead: 0.2,
    cacheWrite: 2.5,
    source: 'platform.claude.com/docs/en/models/sonnet-5/overview (5-minute cache write), read 2026-12-01',
  },
];
