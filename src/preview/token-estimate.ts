// The preview's token counts, without the tokenizer (its rank table would be megabytes of the page's
// JavaScript): a document or prompt whose text the build counted gets the build's exact count from
// the snapshot; an edited or new one is estimated, and says so: a document at the member's own
// bytes-per-token rate, a prompt as the sum of its documents (the joins between them left out).
import { tokenKey } from '../data/bundles.ts';
import type { TokenCounter, TokenCount } from '../data/bundles.ts';
import type { SnapshotTokens } from '../data/snapshot-types.ts';
import { estimateTokens } from '../data/token-rate.ts';

export function snapshotTokens(known: SnapshotTokens): TokenCounter {
  const count = (key: string, estimate: TokenCount): TokenCount => {
    const tokens = known.counts[key];
    return tokens === undefined ? estimate : { tokens, estimated: false };
  };
  return {
    document: (doc, bytes) => count(tokenKey(doc), estimateTokens(bytes, known.bytesPerToken)),
    prompt: (_text, revision, documents) => count(revision, { tokens: documents.reduce((n, d) => n + d.tokens, 0), estimated: true }),
  };
}
