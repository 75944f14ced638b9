import type { OwnerErrorCode } from './owner.ts';
import type { SectionName } from './sections.ts';

export type ProblemDomain = 'pad' | 'knowledge' | 'skills' | 'owner' | 'lingtai';

/** Something on disk the composer could not use; listed on the page, never fatal. */
export interface PsycheProblem {
  domain: ProblemDomain;
  /** Relative to the agent directory. */
  path: string;
  reason: string;
}

/** One section of PSYCHE.md 5's object. */
export interface PsycheSectionJSON {
  name: SectionName;
  batch: 1 | 2;
  protected: boolean;
  header: boolean;
  placeholder: boolean;
  text: string;
}

export interface CatalogEntryJSON {
  name: string;
  location: string;
  description: string;
}

export interface ShowRow {
  key: string;
  current: '<redacted>';
  default: '<redacted>';
  configurable: true;
  comment: string;
}

export interface ShowFailure {
  status: 'failed';
  error_code: 'SETTINGS_UNAVAILABLE';
  message: 'settings inventory is unavailable';
}

export type RulesState = 'empty' | 'identical' | 'replace' | 'unreadable';

export interface RulesJSON {
  canonical: string | null;
  pending: null | { state: RulesState; text?: string };
}

/** Exactly the object `soul-vault psyche --json` prints (PSYCHE.md 5). */
export interface Psyche {
  agent: string;
  sections: PsycheSectionJSON[];
  knowledge: CatalogEntryJSON[];
  skills: CatalogEntryJSON[];
  problems: PsycheProblem[];
  show: { rows: ShowRow[] } | ShowFailure;
  owner_error: null | { code: OwnerErrorCode; message: string };
  rules: RulesJSON;
}
