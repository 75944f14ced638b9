// Applied or not yet applied (PSYCHE.md 2.5): each section the directory makes, against the same
// section of system/system.md, the last prompt LingTai published. Compared by SHA-256 of the text,
// so the live preview can carry the published side as digests and never the file itself (it may
// hold old owner values that are no longer prompt text).
import { sha256Hex } from '../text.ts';
import { BASE_PROMPT_RULE, PSYCHE_SECTIONS } from './sections.ts';
import type { SectionName } from './sections.ts';

export const SYSTEM_PATH = 'system/system.md';

/** Digest of each section's comparable text in system.md, by name. */
export type PublishedDigests = Partial<Record<SectionName, string>>;

/** The catalog entries as the prompt lists them: from the first entry on, preamble left out. */
export function catalogEntriesPart(content: string): string {
  if (content.startsWith('- name: ')) return content;
  const at = content.indexOf('\n- name: ');
  return at < 0 ? '' : content.slice(at + 1);
}

/**
 * The sections of a published prompt, by name: found in the table's order, so a `## pad` line inside
 * an earlier section's text cannot end it. Catalog locations are absolute there; each is put back to
 * the relative location it ends with, so the comparison is about the entries, not the machine.
 */
export function publishedSections(system: string, locations: readonly string[]): Map<SectionName, string> {
  const out = new Map<SectionName, string>();
  const found: Array<{ name: SectionName; start: number; content: number }> = [];
  let cursor = 0;
  for (const rule of PSYCHE_SECTIONS) {
    if (!rule.header) continue;
    const mark = `\n## ${rule.name}\n`;
    const at = system.indexOf(mark, cursor);
    if (at < 0) continue;
    found.push({ name: rule.name, start: at + 1, content: at + mark.length });
    cursor = at + mark.length - 1;
  }
  // Each absolute location is matched to the first relative one (in the given order) it is or ends
  // with: looked up by its suffixes at each '/', so a million lines against thousands of entries is
  // linear, not their product.
  const first = new Map<string, number>();
  locations.forEach((l, i) => {
    if (!first.has(l)) first.set(l, i);
  });
  const longest = locations.reduce((n, l) => Math.max(n, l.length), 0);
  const relative = (at: string): string | undefined => {
    let best = first.get(at);
    // From the end, and only suffixes no longer than the longest location: a hostile line of many
    // slashes costs no more than the locations could match.
    for (let slash = at.lastIndexOf('/'); slash >= 0 && at.length - slash - 1 <= longest; slash = slash === 0 ? -1 : at.lastIndexOf('/', slash - 1)) {
      const i = first.get(at.slice(slash + 1));
      if (i !== undefined && (best === undefined || i < best)) best = i;
    }
    return best === undefined ? undefined : locations[best];
  };
  found.forEach((f, i) => {
    const next = found[i + 1];
    let text = next ? system.slice(f.content, next.start - 2) : system.slice(f.content);
    if (!next && text.endsWith('\n')) text = text.slice(0, -1);
    if (f.name === 'skills' || f.name === 'knowledge') {
      text = catalogEntriesPart(text)
        .split('\n')
        .map((line) => {
          if (!line.startsWith('  location: ')) return line;
          const at = line.slice('  location: '.length);
          const rel = relative(at);
          return rel === undefined ? line : `  location: ${rel}`;
        })
        .join('\n');
    }
    out.set(f.name, text);
  });
  // principle RULE base RULE: the base prompt is what stands between the first two rules.
  const prefix = system.slice(0, found[0]?.start ?? system.length);
  if (prefix.endsWith(BASE_PROMPT_RULE)) {
    const inner = prefix.slice(0, prefix.length - BASE_PROMPT_RULE.length);
    const at = inner.indexOf(BASE_PROMPT_RULE);
    if (at >= 0) out.set('base_prompt', inner.slice(at + BASE_PROMPT_RULE.length));
  }
  return out;
}

export async function publishedDigests(system: string, locations: readonly string[]): Promise<PublishedDigests> {
  const out: PublishedDigests = {};
  for (const [name, text] of publishedSections(system, locations)) out[name] = await sha256Hex(text);
  return out;
}
