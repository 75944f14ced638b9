// `soul-vault impact <uri>`: every bundle that carries the note (every soul with and without each
// preset, every guest), and what an edit to it resends there. The figures are src/data/impact.ts's,
// the same the note pages show.
import { listPresets, loadIdentity, parseUri, readNote, requireFamily } from '../core/index.ts';
import type { Bundle, VaultStore } from '../core/index.ts';
import { bundleImpacts, impactTotal, priceImpact, roundShare } from '../data/impact.ts';
import type { ImpactCost, PricedImpact } from '../data/impact.ts';
import { DEFAULT_PRICES } from '../data/prices.ts';
import { bytes as sizeText } from '../render/format.ts';

export interface ImpactJson {
  uri: string;
  harness: string;
  bundles: Array<{
    member: string;
    kind: 'family' | 'guest';
    preset: string | null;
    index: number;
    role: string;
    mode: 'whole' | 'pointer';
    offset: number;
    prompt_bytes: number;
    resent_bytes: number;
    share: number;
    prompt_tokens: number;
    resent_tokens: number;
    /** For a pointer: what carrying the note whole instead would resend. */
    flip: { prompt_bytes: number; resent_bytes: number; share: number; resent_tokens: number } | null;
    /** The next turn after the edit, per model of the default price table, in US dollars (extra: over a full cache hit). */
    costs: Array<{ provider: string; model: string; cost: number; extra: number }>;
  }>;
  /** Every bundle's resent bytes and tokens added up. */
  total: { bundles: number; resent_bytes: number; resent_tokens: number };
}

interface Row {
  bundle: Bundle;
  impact: PricedImpact;
}

/** Every bundle of the family in the site's order (souls, each without then with each preset, then guests) that has the note. */
async function rowsFor(store: VaultStore, uri: string, harness: string, family: string | undefined): Promise<{ uri: string; rows: Row[] }> {
  const discovered = await requireFamily(store, family);
  const canonical = parseUri(uri, 'impact').uri;
  // note_not_found for a URI that names no note, as `read` says it.
  const text = await readNote(store, canonical);
  const { impactTokens } = await import('../node/tokens.ts');
  const rows: Row[] = [];
  const add = (bundle: Bundle): void => {
    const found = bundleImpacts(bundle, impactTokens, () => text, (u) => u === canonical)[0];
    if (found) rows.push({ bundle, impact: priceImpact(found, DEFAULT_PRICES) });
  };
  for (const soul of discovered.souls) {
    add(await loadIdentity({ store, soul, harness, discovered }));
    for (const preset of await listPresets(store, soul)) add(await loadIdentity({ store, soul, harness, preset, discovered }));
  }
  for (const guest of discovered.guestIds) add(await loadIdentity({ store, soul: guest, harness, discovered }));
  return { uri: canonical, rows };
}

export async function runImpact(store: VaultStore, uri: string, harness: string, family: string | undefined): Promise<{ json: ImpactJson; text: string }> {
  const { uri: canonical, rows } = await rowsFor(store, uri, harness, family);
  const total = impactTotal(rows.map((r) => r.impact), DEFAULT_PRICES);
  const json: ImpactJson = {
    uri: canonical,
    harness,
    bundles: rows.map(({ bundle, impact: r }) => ({
      member: bundle.soul,
      kind: bundle.kind,
      preset: bundle.preset,
      index: r.index,
      role: r.role,
      mode: r.mode,
      offset: r.offset,
      prompt_bytes: r.promptBytes,
      resent_bytes: r.resentBytes,
      share: roundShare(r.share),
      prompt_tokens: r.promptTokens,
      resent_tokens: r.resentTokens,
      flip: r.flip && { prompt_bytes: r.flip.promptBytes, resent_bytes: r.flip.resentBytes, share: roundShare(r.flip.share), resent_tokens: r.flip.resentTokens },
      costs: r.costs.map((c) => ({ provider: c.price.provider, model: c.price.model, cost: c.cost, extra: c.extra })),
    })),
    total: {
      bundles: rows.length,
      resent_bytes: total.resentBytes,
      resent_tokens: total.resentTokens,
    },
  };
  return { json, text: formatImpact(canonical, harness, rows, total) };
}

const pct = (share: number): string => `${(share * 100).toFixed(1)}%`;
const usd = (c: ImpactCost): string => `${c.price.exactTokens ? '' : '≈'}$${c.cost.toFixed(4)}`;

/** The readable report: one line per bundle, the next turn's cost per model, and the totals. */
function formatImpact(uri: string, harness: string, rows: readonly Row[], total: ReturnType<typeof impactTotal>): string {
  const lines = [`${uri} · harness ${harness} · carried by ${rows.length} ${rows.length === 1 ? 'bundle' : 'bundles'}`];
  if (rows.length === 0) return `${lines[0]}\nno soul or guest loads this note: editing it costs no prompt cache.\n`;
  const models = DEFAULT_PRICES.map((p) => p.model);
  lines.push('', ['bundle', '#', 'mode', 'offset', 'resent', 'share', 'tokens', ...models].join('\t'));
  for (const { bundle, impact: r } of rows) {
    const name = bundle.preset ? `${bundle.soul}/${bundle.preset}` : bundle.soul;
    lines.push([name, r.index, r.mode, r.offset, r.resentBytes, pct(r.share), r.resentTokens, ...r.costs.map(usd)].join('\t'));
  }
  lines.push('', `total: ${sizeText(total.resentBytes)} · ${total.resentTokens} tokens resent uncached over ${rows.length} bundles, on the next turn of each`);
  const pointers = rows.filter((r) => r.impact.mode === 'pointer');
  if (pointers.length > 0) {
    lines.push('', `carried as a pointer in ${pointers.length}: editing the note's body costs no cache there (the pointer names only the URI).`);
    for (const { bundle, impact: r } of pointers) {
      if (!r.flip) continue;
      const name = bundle.preset ? `${bundle.soul}/${bundle.preset}` : bundle.soul;
      lines.push(`  flipped to whole in ${name}: ${r.flip.resentBytes} bytes · ${r.flip.resentTokens} tokens resent (${pct(r.flip.share)})`);
    }
  }
  lines.push('', `costs: the next turn's system prompt after the edit, ${DEFAULT_PRICES.length} models of the default price table; ≈ where o200k_base is not the model's tokenizer`);
  return `${lines.join('\n')}\n`;
}
