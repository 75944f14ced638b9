// system/rules.md and the `.rules` signal (PSYCHE.md 4): what the rules section holds now, and what
// the next heartbeat will do with a pending signal.
import { asText, failWords, strip } from './read-text.ts';
import type { AgentStore } from './store.ts';
import type { PsycheProblem, RulesJSON, RulesState } from './types.ts';

export const RULES_PATH = 'system/rules.md';
export const SIGNAL_PATH = '.rules';

export interface ComposedRules {
  json: RulesJSON;
  /** The rules section's content (stripped), or null when it is dropped. */
  section: string | null;
}

export async function composeRules(store: AgentStore, problems: PsycheProblem[]): Promise<ComposedRules> {
  let canonical: string | null = null;
  const read = asText(await store.read(RULES_PATH));
  if (read.ok) canonical = read.text;
  else if (read.reason !== 'missing' && read.reason !== 'not_file') {
    problems.push({ domain: 'owner', path: RULES_PATH, reason: `rules.md ${failWords(read)}` });
  }
  const stripped = canonical === null ? '' : strip(canonical);
  return { json: { canonical, pending: await pendingSignal(store, stripped) }, section: stripped === '' ? null : stripped };
}

/** What the heartbeat will do with `.rules`; null when there is no signal at all. */
async function pendingSignal(store: AgentStore, canonical: string): Promise<RulesJSON['pending']> {
  const entry = (await store.list(''))?.find((e) => e.name === SIGNAL_PATH);
  if (!entry) return null;
  // A folder or a link to nothing is still a signal on disk: it stays pending, nothing applied.
  if (entry.kind !== 'file') return { state: 'unreadable' };
  const read = asText(await store.read(SIGNAL_PATH));
  if (!read.ok) return read.reason === 'missing' ? null : { state: 'unreadable' };
  const body = strip(read.text);
  const state: RulesState = body === '' ? 'empty' : body === canonical ? 'identical' : 'replace';
  return state === 'replace' ? { state, text: body } : { state };
}
