import type { BundleWarning, Problem } from './bundle.ts';
import { VaultError } from './errors.ts';
import { listPresets, requireFamily } from './family.ts';
import type { Family } from './family.ts';
import { inspectIdentity } from './load.ts';
import type { VaultStore } from './store.ts';

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
  for (const soul of ids) {
    const presets: Array<string | null> = [null];
    if (family.souls.includes(soul) && !family.guestIds.includes(soul)) {
      try {
        presets.push(...(await listPresets(store, soul)));
      } catch (error) {
        // projects/ itself refused (a link, an OS error): one finding; the soul is still loaded without a preset.
        if (!(error instanceof VaultError)) throw error;
        addError(error.role === undefined ? new VaultError(error.code, `${error.message} (project)`, { operation: error.operation, note: error.note, role: 'project' }) : error, soul);
      }
    }
    for (const preset of presets) {
      try {
        const result = await inspectIdentity({ store, soul, harness, preset, discovered: family });
        for (const error of result.problems) addError(error, soul);
        for (const warning of result.warnings) addWarning({ code: warning.code, uri: warning.uri, message: warning.message }, soul, warning.role);
      } catch (error) {
        if (!(error instanceof VaultError)) throw error;
        addError(error, soul);
      }
    }
  }
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
