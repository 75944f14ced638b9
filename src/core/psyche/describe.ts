// Words for what the composer found, shared by the command line and the pages, so the two never
// describe the same section, signal or pin differently. No host path and no owner value is in any of them.
import type { ComposedSection } from './compose.ts';
import type { PadPin } from './pad.ts';
import { MAKER_LABELS } from './sections.ts';
import type { RulesJSON } from './types.ts';

/** Where a section comes from, e.g. "the owner document, inline" or "system/lingtai.md". */
export function sourceLabel(section: ComposedSection): string {
  const { source, rule } = section;
  switch (source.kind) {
    case 'placeholder':
      return `made by ${rule.origin.kind === 'placeholder' ? MAKER_LABELS[rule.origin.maker] : 'LingTai'}`;
    case 'owner': {
      const key = rule.origin.kind === 'owner' ? rule.origin.key : rule.name;
      if (source.from === 'mirror') return `mirror ${source.mirror} (the owner document gives no ${key})`;
      return source.from === 'file' ? `the owner document's ${key}_file (path redacted)` : `the owner document's ${key}, inline`;
    }
    case 'file':
      return source.path;
    case 'catalog':
      return `${source.entries} ${source.entries === 1 ? 'entry' : 'entries'} scanned from ${rule.name === 'skills' ? '.library/intrinsic/ and .library/custom/' : 'knowledge/'}`;
    case 'pad': {
      const body = source.body === 'pad.md' ? 'system/pad.md' : source.body === 'none' ? 'an empty body' : `init.json's ${source.body === 'init.pad_file' ? 'pad_file' : 'pad'} seed (pad.md is missing or empty)`;
      return source.pins > 0 ? `${body} + ${source.pins} pinned ${source.pins === 1 ? 'reference' : 'references'}` : body;
    }
  }
}

export const RULES_OUTCOMES: Record<NonNullable<RulesJSON['pending']>['state'], string> = {
  empty: 'The signal is empty: the next heartbeat deletes it and changes nothing; the prompt is not refreshed.',
  identical: 'The signal says what system/rules.md already says: the next heartbeat deletes it, rewrites nothing and does not refresh the prompt.',
  replace: "The next heartbeat replaces system/rules.md entirely with the signal's body (never merged) and refreshes the protected rules section.",
  unreadable: 'The signal cannot be read (a folder, a broken link, unreadable or not UTF-8): it stays pending and nothing is applied.',
};

export function rulesOutcome(rules: RulesJSON): string {
  return rules.pending ? RULES_OUTCOMES[rules.pending.state] : 'No .rules signal is pending: the rules section is system/rules.md as it stands.';
}

export const PIN_LABELS: Record<PadPin['status'], string> = {
  appended: 'appended',
  not_found: 'not found',
  unreadable: 'cannot be read',
  invalid_utf8: 'not UTF-8',
  too_large: 'too large',
};

export const APPLIED_LABELS = { applied: 'applied', pending: 'written, not yet applied' } as const;
