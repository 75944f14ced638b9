import type { BundleWarning, Problem } from './bundle.ts';
import { VaultError } from './errors.ts';
import { listPresets, requireFamily } from './family.ts';
import type { Family } from './family.ts';
import { identityProblems } from './load.ts';
import { mapPooled } from './pool.ts';
import type { VaultStore } from './store.ts';

/** Souls inspected at once: enough to keep the store busy while another soul is parsed, few enough that a large family's documents are not all held at once. */
const SOULS_AT_ONCE = 8;

/** One problem or warning, once, with every soul or guest it touches. */
export interface Finding extends Omit<Problem, 'code'> {
  severity: 'error' | 'warning';
  /** An error's code, or a warning's (`note_large`). */
  code: Problem['code'] | BundleWarning['code'];
  souls: string[];
}

export interface CheckReport {
  family: string;
  souls: string[];
  guests: string[];
  findings: Finding[];
  errors: number;
  warnings: number;
}

export interface CheckOptions {
  store: VaultStore;
  family?: string | undefined;
  /** The harness the check loads for; any id will do, the card only names it. */
  harness?: string;
}

/**
 * Every problem of every soul and guest at once: each is loaded collecting problems
 * (once without a preset and once per preset), then findings are merged by code, note and role.
 */
export async function checkFamily(options: CheckOptions): Promise<CheckReport> {
  const { store } = options;
  const harness = options.harness ?? 'check';
  const family: Family = await requireFamily(store, options.family);
  const findings = new Map<string, Finding>();
  const add = (severity: Finding['severity'], p: Omit<Finding, 'severity' | 'souls'>, soul: string): void => {
    const key = `${severity}\0${p.code}\0${p.note ?? ''}\0${p.role ?? ''}`;
    const found = findings.get(key);
    if (!found) findings.set(key, { severity, code: p.code, message: p.message, note: p.note, role: p.role, souls: [soul] });
    else if (!found.souls.includes(soul)) found.souls.push(soul);
  };
  const addError = (error: VaultError, soul: string): void => add('error', { code: error.code, message: error.message, note: error.note ?? null, role: error.role ?? null }, soul);
  const addWarning = (w: BundleWarning, soul: string, role: string | null): void => add('warning', { code: w.code, message: w.message, note: w.uri, role }, soul);
  // The guest container could not be listed: one finding, touching no soul (the family souls still load).
  for (const problem of family.problems) add('error', { code: problem.code, message: problem.message, note: problem.note ?? null, role: problem.role ?? null }, '');

  const ids = [...new Set([...family.souls, ...family.guestIds])];
  // Souls are inspected a few at a time, so one soul's reads overlap another's parsing; what each
  // found is merged afterwards in soul order, so the report is the same as one soul after another.
  const found = await mapPooled(ids, SOULS_AT_ONCE, async (soul) => {
    const seen: Array<{ error: VaultError } | { warning: BundleWarning; role: string | null }> = [];
    const presets: Array<string | null> = [null];
    if (family.souls.includes(soul) && !family.guestIds.includes(soul)) {
      try {
        presets.push(...(await listPresets(store, soul)));
      } catch (error) {
        // projects/ itself refused (a link, an OS error): one finding; the soul is still loaded without a preset.
        if (!(error instanceof VaultError)) throw error;
        seen.push({ error: error.role === undefined ? new VaultError(error.code, `${error.message} (project)`, { operation: error.operation, note: error.note, role: 'project' }) : error });
      }
    }
    const runs = await Promise.all(presets.map((preset) => identityProblems({ store, soul, harness, preset, discovered: family }).catch((error: unknown) => {
      if (!(error instanceof VaultError)) throw error;
      return { problems: [error], warnings: [] };
    })));
    for (const result of runs) {
      for (const error of result.problems) seen.push({ error });
      for (const warning of result.warnings) seen.push({ warning: { code: warning.code, uri: warning.uri, message: warning.message }, role: warning.role });
    }
    return seen;
  });
  found.forEach((seen, i) => {
    for (const s of seen) {
      if ('error' in s) addError(s.error, ids[i]!);
      else addWarning(s.warning, ids[i]!, s.role);
    }
  });
  const list = [...findings.values()];
  for (const f of list) f.souls = f.souls.filter((s) => s !== '');
  return {
    family: family.name,
    souls: family.souls,
    guests: family.guestIds,
    findings: list,
    errors: list.filter((f) => f.severity === 'error').length,
    warnings: list.filter((f) => f.severity === 'warning').length,
  };
}
