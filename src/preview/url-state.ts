// The preview's shareable state in the page's query string, so a copied link opens the same
// preview: `?harness=cli&preset=code-review&flip=soul://…`. Only what differs from the published
// page is written; note edits are not part of it (the page says so).

/** The query parameters that carry preview state: a page whose address has one is a preview. */
export const PREVIEW_PARAMS = ['harness', 'preset', 'flip'] as const;

export interface PreviewState {
  harness: string;
  /** null: no preset. */
  preset: string | null;
  /** URIs whose mode is flipped against the published bundle, sorted. */
  flips: string[];
}

export function readState(search: string, published: Omit<PreviewState, 'flips'>): PreviewState {
  const q = new URLSearchParams(search);
  const harness = q.get('harness');
  const preset = q.get('preset');
  return {
    harness: harness ?? published.harness,
    // `preset=` (empty) asks for no preset, on a preset's own page.
    preset: preset === null ? published.preset : preset || null,
    flips: [...new Set(q.getAll('flip'))].sort(),
  };
}

/** The query string for a state (`''` for the published one), other parameters of the page kept. */
export function writeState(search: string, state: PreviewState, published: Omit<PreviewState, 'flips'>): string {
  const q = new URLSearchParams(search);
  for (const key of PREVIEW_PARAMS) q.delete(key);
  if (state.harness !== published.harness) q.set('harness', state.harness);
  if (state.preset !== published.preset) q.set('preset', state.preset ?? '');
  for (const uri of state.flips) q.append('flip', uri);
  // `:` and `/` may stand unescaped in a query: the link stays readable (`flip=soul://pippa/index/people.md`).
  const out = q.toString().replace(/%3A/gi, ':').replace(/%2F/gi, '/');
  return out === '' ? '' : `?${out}`;
}
