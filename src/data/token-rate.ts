// The one estimate of tokens the previews make for a text the build never counted (an edit): the member's
// or agent's own bytes-per-token rate over what the build did count, or a default where it counted nothing.
import type { TokenCount } from './types.ts';

/** UTF-8 bytes per o200k token on English prose, used when a prompt has no counted text to take a rate from. */
export const DEFAULT_BYTES_PER_TOKEN = 4;

/** The rate over counted text: bytes per token, or the default for none. */
export function bytesPerToken(bytes: number, tokens: number): number {
  return tokens === 0 ? DEFAULT_BYTES_PER_TOKEN : bytes / tokens;
}

/** A text of this many bytes at this rate, marked as an estimate. */
export function estimateTokens(bytes: number, rate: number): TokenCount {
  return { tokens: Math.round(bytes / rate), estimated: true };
}
