// The psyche's section table (PSYCHE.md 2.1): the one place that says which sections a LingTai
// prompt has, in which order and batch, which are protected, and where each one's text comes from.
// The composer, the CLI and the pages all read it; nothing else lists the sections.

export type SectionName =
  | 'principle'
  | 'base_prompt'
  | 'covenant'
  | 'tools'
  | 'substrate'
  | 'procedures'
  | 'meta_guidance'
  | 'comment'
  | 'rules'
  | 'brief'
  | 'skills'
  | 'knowledge'
  | 'identity'
  | 'character'
  | 'pad';

/** Who makes a section that is never read from the directory. */
export type SectionMaker = 'package' | 'agent';

/** Where a section's text comes from, for the pages' "source" column. */
export type SectionOrigin =
  | { kind: 'placeholder'; maker: SectionMaker }
  | { kind: 'owner'; key: 'base_prompt' | 'covenant' | 'comment'; mirror: string | null }
  | { kind: 'file'; path: string }
  | { kind: 'catalog'; domain: 'knowledge' | 'skills' }
  | { kind: 'pad' };

export interface SectionRule {
  name: SectionName;
  batch: 1 | 2;
  protected: boolean;
  /** Rendered under `## <name>`; `principle` and the base prompt are not. */
  header: boolean;
  /** When an empty section leaves the prompt: never (catalogs, placeholders), when '' or when blank. */
  dropWhen: 'never' | 'empty' | 'blank';
  origin: SectionOrigin;
  /** A reader's words for it. */
  label: string;
  /** The section's colour slot on the pages (CSS --role-1 … --role-8), in composed order; 0 for a placeholder, drawn hatched. */
  slot: number;
}

const placeholder = (maker: SectionMaker): SectionOrigin => ({ kind: 'placeholder', maker });

export const PSYCHE_SECTIONS: readonly SectionRule[] = [
  { name: 'principle', batch: 1, protected: true, header: false, dropWhen: 'never', slot: 0, label: 'Principle', origin: placeholder('package') },
  { name: 'base_prompt', batch: 1, protected: true, header: false, dropWhen: 'empty', slot: 1, label: 'Base prompt', origin: { kind: 'owner', key: 'base_prompt', mirror: 'system/base_prompt.md' } },
  { name: 'covenant', batch: 1, protected: true, header: true, dropWhen: 'empty', slot: 2, label: 'Covenant', origin: { kind: 'owner', key: 'covenant', mirror: 'system/covenant.md' } },
  { name: 'tools', batch: 1, protected: true, header: true, dropWhen: 'never', slot: 0, label: 'Tools', origin: placeholder('agent') },
  { name: 'substrate', batch: 1, protected: true, header: true, dropWhen: 'never', slot: 0, label: 'Substrate', origin: placeholder('agent') },
  { name: 'procedures', batch: 1, protected: true, header: true, dropWhen: 'never', slot: 0, label: 'Procedures', origin: placeholder('package') },
  { name: 'meta_guidance', batch: 1, protected: true, header: true, dropWhen: 'never', slot: 0, label: 'Meta guidance', origin: placeholder('package') },
  { name: 'comment', batch: 1, protected: false, header: true, dropWhen: 'empty', slot: 3, label: 'Comment', origin: { kind: 'owner', key: 'comment', mirror: null } },
  { name: 'rules', batch: 2, protected: true, header: true, dropWhen: 'blank', slot: 4, label: 'Rules', origin: { kind: 'file', path: 'system/rules.md' } },
  { name: 'brief', batch: 2, protected: true, header: true, dropWhen: 'never', slot: 0, label: 'Brief', origin: placeholder('agent') },
  { name: 'skills', batch: 2, protected: true, header: true, dropWhen: 'never', slot: 5, label: 'Skills', origin: { kind: 'catalog', domain: 'skills' } },
  { name: 'knowledge', batch: 2, protected: true, header: true, dropWhen: 'never', slot: 6, label: 'Knowledge', origin: { kind: 'catalog', domain: 'knowledge' } },
  { name: 'identity', batch: 2, protected: true, header: true, dropWhen: 'never', slot: 0, label: 'Identity', origin: placeholder('agent') },
  { name: 'character', batch: 2, protected: true, header: true, dropWhen: 'blank', slot: 7, label: 'Character (灵台)', origin: { kind: 'file', path: 'system/lingtai.md' } },
  { name: 'pad', batch: 2, protected: false, header: true, dropWhen: 'blank', slot: 8, label: 'Pad', origin: { kind: 'pad' } },
];

// Pure: the agent preview's worker takes the section table but not this map, and drops it.
export const SECTION_RULES: ReadonlyMap<SectionName, SectionRule> = /* @__PURE__ */ new Map(/* @__PURE__ */ PSYCHE_SECTIONS.map((s) => [s.name, s]));

export const MAKER_LABELS: Record<SectionMaker, string> = {
  package: 'the installed LingTai package',
  agent: 'the running agent',
};

/** What joins the base prompt to its neighbours (PSYCHE.md 2.1). */
export const BASE_PROMPT_RULE = '\n\n---\n\n';
/** What comes between the pad body and its pinned references (PSYCHE.md 2.3). */
export const PAD_DIVIDER = '\n\n---\n# 📎 Reference (read-only)\n\n';
