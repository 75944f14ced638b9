// SHOW (PSYCHE.md 3.3): eight fully redacted rows, or one bounded failure. Nothing here depends on a
// value: that is the point. The rows say which settings exist, never what they hold.
import type { ShowFailure, ShowRow } from './types.ts';

export const SHOW_KEYS = ['pad', 'pad_file', 'base_prompt', 'base_prompt_file', 'covenant', 'covenant_file', 'comment', 'comment_file'] as const;

export const REDACTED = '<redacted>';

export function showRows(): ShowRow[] {
  return SHOW_KEYS.map((key) => ({ key, current: REDACTED, default: REDACTED, configurable: true, comment: `psyche-manual#setting-${key.replaceAll('_', '-')}` }));
}

export const SHOW_FAILURE: ShowFailure = Object.freeze({ status: 'failed', error_code: 'SETTINGS_UNAVAILABLE', message: 'settings inventory is unavailable' });
