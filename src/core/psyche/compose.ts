// The psyche composer: one agent directory in, PSYCHE.md section 5's object out, plus what the pages
// need beside it (where each section comes from, its size, applied or not, the pad's pins, each
// catalog entry's text). Read-only, isomorphic, and it never throws for what it finds on disk.
import { sha256Hex, utf8Length } from '../text.ts';
import { SYSTEM_PATH, publishedDigests } from './applied.ts';
import type { PublishedDigests } from './applied.ts';
import { catalogBody, scanCatalog } from './catalog.ts';
import type { FoundEntry } from './catalog.ts';
import { readOwner } from './owner.ts';
import type { OwnerError, OwnerSource } from './owner.ts';
import { composePad } from './pad.ts';
import type { ComposedPad } from './pad.ts';
import { asText, failWords, isBlank } from './read-text.ts';
import { composeRules } from './rules.ts';
import { BASE_PROMPT_RULE, PSYCHE_SECTIONS } from './sections.ts';
import type { SectionName, SectionRule } from './sections.ts';
import { SHOW_FAILURE, showRows } from './show.ts';
import type { AgentStore } from './store.ts';
import type { Psyche, PsycheProblem } from './types.ts';

export const CHARACTER_PATH = 'system/lingtai.md';

/** The two catalogs as a scan found them, with the problems the scan met. */
export interface Catalogs {
  knowledge: FoundEntry[];
  skills: FoundEntry[];
  problems: PsycheProblem[];
}

export async function scanCatalogs(store: AgentStore): Promise<Catalogs> {
  const problems: PsycheProblem[] = [];
  const knowledge = await scanCatalog(store, 'knowledge', problems);
  const skills = await scanCatalog(store, 'skills', problems);
  return { knowledge, skills, problems };
}

export interface ComposeOptions {
  store: AgentStore;
  /** The agent id: its folder's name. */
  agent: string;
  /**
   * The published prompt's sections as digests (the live preview's snapshot carries these). When
   * absent, system/system.md is read from the store.
   */
  published?: PublishedDigests | null;
}

/** Where a composed section's text came from, in words a page can print (never a host path). */
export type SectionSource =
  | { kind: 'placeholder' }
  | { kind: 'owner'; from: Exclude<OwnerSource, 'absent'> | 'mirror'; mirror: string | null }
  | { kind: 'file'; path: string }
  | { kind: 'catalog'; entries: number }
  | { kind: 'pad'; body: ComposedPad['source']; pins: number };

export interface ComposedSection {
  rule: SectionRule;
  /** The section's content without its header ('' for a placeholder). */
  text: string;
  /** Bytes this section adds to the prompt (its header line included), or null for a placeholder. */
  bytes: number | null;
  source: SectionSource;
  /** Against system/system.md: null when there is none to compare with, or for a placeholder. */
  applied: 'applied' | 'pending' | null;
}

export interface PsycheReport {
  psyche: Psyche;
  /** In composed order; [] when the owner document is rejected. */
  sections: ComposedSection[];
  ownerError: OwnerError | null;
  entries: FoundEntry[];
  pad: ComposedPad;
  /** Whether system/system.md (or the preview's digests of it) was there to compare with. */
  published: boolean;
  /** Sections system.md still holds that the directory no longer makes: a removal not yet applied. */
  removed: SectionName[];
  /** What the published side looked like, as digests: the preview's snapshot carries this. */
  publishedDigests: PublishedDigests;
}

async function readMirror(store: AgentStore, path: string, problems: PsycheProblem[]): Promise<string> {
  const read = asText(await store.read(path));
  if (read.ok) return read.text;
  if (read.reason !== 'missing' && read.reason !== 'not_file') problems.push({ domain: 'owner', path, reason: `the mirror ${failWords(read)}` });
  return '';
}

async function readCharacter(store: AgentStore, problems: PsycheProblem[]): Promise<string> {
  const read = asText(await store.read(CHARACTER_PATH));
  if (read.ok) return read.text;
  if (read.reason !== 'missing' && read.reason !== 'not_file') problems.push({ domain: 'lingtai', path: CHARACTER_PATH, reason: `lingtai.md ${failWords(read)}` });
  return '';
}

export async function composePsyche(options: ComposeOptions): Promise<PsycheReport> {
  return composeWith({ ...options, catalogs: await scanCatalogs(options.store) });
}

/**
 * The composition given the catalogs: composePsyche without the scan. The live preview calls this
 * with the build's scan (it cannot edit catalog entries), so the browser needs no YAML parser.
 */
export async function composeWith(options: ComposeOptions & { catalogs: Catalogs }): Promise<PsycheReport> {
  const { store, agent, catalogs } = options;
  const { knowledge, skills } = catalogs;
  const problems: PsycheProblem[] = [...catalogs.problems];
  const owner = await readOwner(store);
  const pad = await composePad(store, problems);
  const rules = await composeRules(store, problems);
  const character = await readCharacter(store, problems);
  const entries = [...skills, ...knowledge];

  let digests = options.published ?? null;
  // A system.md that is there but cannot be used is said, last, so the preview can add it back (it
  // carries digests, not the file).
  let systemProblem: PsycheProblem | null = null;
  if (digests === null && options.published === undefined) {
    const system = asText(await store.read(SYSTEM_PATH));
    if (system.ok) digests = await publishedDigests(system.text, entries.map((e) => e.location));
    else if (system.reason !== 'missing' && system.reason !== 'not_file') systemProblem = { domain: 'lingtai', path: SYSTEM_PATH, reason: `system.md ${failWords(system)}: applied marks are not shown` };
  }

  const sections: ComposedSection[] = [];
  if (owner.ok) {
    const v = owner.values;
    const withMirror = async (key: 'base_prompt' | 'covenant', mirror: string): Promise<{ text: string; source: SectionSource }> => {
      if (v[key].text !== '') return { text: v[key].text, source: { kind: 'owner', from: v[key].source as 'file' | 'inline', mirror } };
      return { text: await readMirror(store, mirror, problems), source: { kind: 'owner', from: 'mirror', mirror } };
    };
    const content = new Map<SectionName, { text: string | null; source: SectionSource }>([
      ['base_prompt', await withMirror('base_prompt', 'system/base_prompt.md')],
      ['covenant', await withMirror('covenant', 'system/covenant.md')],
      ['comment', { text: v.comment.text, source: { kind: 'owner', from: v.comment.source === 'file' ? 'file' : 'inline', mirror: null } }],
      ['rules', { text: rules.section, source: { kind: 'file', path: 'system/rules.md' } }],
      ['skills', { text: catalogBody(skills), source: { kind: 'catalog', entries: skills.length } }],
      ['knowledge', { text: catalogBody(knowledge), source: { kind: 'catalog', entries: knowledge.length } }],
      ['character', { text: character, source: { kind: 'file', path: CHARACTER_PATH } }],
      ['pad', { text: pad.text, source: { kind: 'pad', body: pad.source, pins: pad.pins.filter((p) => p.status === 'appended').length } }],
    ]);
    for (const rule of PSYCHE_SECTIONS) {
      if (rule.origin.kind === 'placeholder') {
        sections.push({ rule, text: '', bytes: null, source: { kind: 'placeholder' }, applied: null });
        continue;
      }
      const { text, source } = content.get(rule.name)!;
      if (text === null || (rule.dropWhen === 'empty' && text === '') || (rule.dropWhen === 'blank' && isBlank(text))) continue;
      sections.push({ rule, text, bytes: sectionBytes(rule, text), source, applied: null });
    }
    if (digests) {
      for (const s of sections) {
        if (s.rule.origin.kind === 'placeholder') continue;
        const published = digests[s.rule.name];
        // LingTai leaves an empty catalog out of the prompt altogether: absent there is empty here.
        const same = published === undefined ? s.rule.origin.kind === 'catalog' && s.text === '' : published === (await sha256Hex(s.text));
        s.applied = same ? 'applied' : 'pending';
      }
    }
  }
  if (systemProblem) problems.push(systemProblem);
  const composed = new Set(sections.map((s) => s.rule.name));
  const removed = owner.ok && digests ? PSYCHE_SECTIONS.filter((r) => r.origin.kind !== 'placeholder' && !composed.has(r.name) && digests[r.name] !== undefined).map((r) => r.name) : [];

  const psyche: Psyche = {
    agent,
    sections: sections.map((s) => ({ name: s.rule.name, batch: s.rule.batch, protected: s.rule.protected, header: s.rule.header, placeholder: s.rule.origin.kind === 'placeholder', text: s.text })),
    knowledge: knowledge.map(({ name, location, description }) => ({ name, location, description })),
    skills: skills.map(({ name, location, description }) => ({ name, location, description })),
    problems,
    show: owner.ok ? { rows: showRows() } : { ...SHOW_FAILURE },
    owner_error: owner.ok ? null : { code: owner.error.code, message: owner.error.message },
    rules: rules.json,
  };
  return { psyche, sections, ownerError: owner.ok ? null : owner.error, entries, pad, published: digests !== null, removed, publishedDigests: digests ?? {} };
}

/** Bytes a section adds: `## name` and a newline before its text, except for the raw ones. */
function sectionBytes(rule: SectionRule, text: string): number {
  return (rule.header ? utf8Length(`## ${rule.name}\n`) : 0) + utf8Length(text);
}

/**
 * The prompt as far as the directory makes it: each placeholder replaced by `mark(rule)`, joined the
 * way LingTai joins it (the base prompt between rules right after principle, everything else by a
 * blank line). With placeholders marked it is a picture of the prompt, not the prompt.
 */
export function renderPsyche(sections: readonly ComposedSection[], mark: (rule: SectionRule) => string): string {
  const blocks = sections.map((s) => (s.rule.origin.kind === 'placeholder' ? mark(s.rule) : s.rule.header ? `## ${s.rule.name}\n${s.text}` : s.text));
  const at = sections.findIndex((s) => s.rule.name === 'base_prompt');
  if (at < 0) return blocks.join('\n\n');
  const [head, base] = [blocks.slice(0, at), blocks[at]!];
  const rest = blocks.slice(at + 1).join('\n\n');
  return [head.join('\n\n'), base, rest].filter((b) => b !== '').join(BASE_PROMPT_RULE);
}
