// The plain, precomputed data every page renders. Built once per build by loadSite();
// components only read it, so no page re-derives order, modes or sizes.
import type { Mode, Role } from '../core/index.ts';

export interface SiteOptions {
  /** Absolute path of the vault root. */
  vault: string;
  /** Family name; found from the vault root when omitted. */
  family?: string | undefined;
  /** The harness every bundle is loaded for. */
  harness: string;
  /** Harness ids the live preview offers besides `harness` (any other id can still be typed). Default: KNOWN_HARNESSES. */
  harnesses?: readonly string[] | undefined;
  /** Site title shown in the header and <title>. */
  title: string;
  /** Whether the build writes a Pagefind index and shows the search page. */
  search: boolean;
  /** Whether member pages get share images (og:image, drawn when there is a `site`). Default: true. */
  shareImages?: boolean;
  /** Absolute path of the agents root (LingTai agent directories); a missing folder means no agents. */
  agents: string;
  /** Whether the agents root was named (option or environment): then a missing one is an error, not "no agents". */
  agentsNamed?: boolean;
  /** Folders besides the agents root whose files an agent page may publish (PSYCHE.md 3.5), absolute. */
  agentsPublish?: readonly string[];
  /** Where rendered note HTML is kept between builds (Astro's cacheDir); null keeps it in memory only. */
  cacheDir: string | null;
  /** How many of the commits that touched the vault root the history pages cover; 0 turns them off. */
  historyDepth: number;
  /** What one turn's system prompt costs, per model (src/integration/options.ts has the default). */
  prices: ModelPrice[];
}

/** One model's input prices, in US dollars per million tokens. */
export interface ModelPrice {
  provider: string;
  model: string;
  /**
   * True when o200k_base is this model's own tokenizer, so the site's counts are its counts; false
   * for a model whose tokenizer is not public (Anthropic, Google): its counts and costs show as "≈".
   */
  exactTokens: boolean;
  /** Input tokens sent uncached. */
  input: number;
  /** Input tokens served from the prompt cache (a cache hit). */
  cacheRead: number;
  /** Input tokens written to the cache; null where caching is automatic and a write costs `input`. */
  cacheWrite: number | null;
  /** Where the numbers come from, and when they were read. */
  source: string;
}

/** A token count, and whether it is the tokenizer's (false) or an estimate (the preview, after an edit). */
export interface TokenCount {
  tokens: number;
  estimated: boolean;
}

/** What one turn's system prompt costs on one model, in US dollars. */
export interface TurnCost {
  price: ModelPrice;
  /** The prompt's tokens under o200k_base. */
  tokens: number;
  /** Every input token uncached. */
  uncached: number;
  /** Every input token a cache hit. */
  cached: number;
  /** The turn after a cache break: the whole prompt sent again and written to the cache. */
  afterBreak: number;
}

export interface SiteData {
  title: string;
  /** The tokenizer every count on the site comes from. */
  tokenizer: { id: string; vendor: string; library: string; label: string };
  prices: ModelPrice[];
  search: boolean;
  /** Whether member pages name a share image (with a `site`: src/build/og-image.ts draws them). */
  shareImages: boolean;
  /** The note pages' search index folders (relative to the base), one per shard; [] with search off. */
  noteIndexes: string[];
  family: string;
  harness: string;
  /** The harnesses the preview offers: the site's own first, then the known ones. */
  harnesses: string[];
  shared: SharedVault;
  souls: MemberView[];
  guests: MemberView[];
  /** Every bundle: one per soul (no preset), one per soul and preset, one per guest. */
  bundles: BundleView[];
  catalog: CatalogEntry[];
  notes: NoteView[];
  /** LingTai agents under the agents root; [] when there is none. */
  agents: AgentView[];
  agentEntries: AgentEntryView[];
  /** Each agent's preview snapshot, by id (redacted: src/build/agent-snapshot.ts). */
  agentSnapshots: Record<string, import('./snapshot-types.ts').AgentSnapshot>;
  /** The vault's git history; null when it has none to show (no repository, no git, history off). */
  history: HistoryView | null;
  /** The family map: every shared note against every member, and the inheritance graph. */
  familyMap: FamilyMapView;
}

export interface SharedVault {
  vault: string;
  instructionsHref: string | null;
  catalogHref: string | null;
  coreCount: number;
  /** Guest container vault id, when the family has guests. */
  guests: string;
}

export interface MemberView {
  id: string;
  display: string;
  kind: 'family' | 'guest';
  presets: string[];
  /** Path (relative to the base) of the member's default bundle page. */
  href: string;
  /** Figures of the default bundle. */
  documentCount: number;
  wholeCount: number;
  pointerCount: number;
  promptBytes: number;
  promptTokens: number;
  revision: string;
  summary: string | null;
  /** Store keys (`<vault>/<path>`) of every note this member's loads read: its preview snapshot. */
  reads: string[];
}

export interface BundleView {
  /** `pippa`, `pippa/code-review` or a guest id: unique among bundles. */
  key: string;
  soul: string;
  display: string;
  kind: 'family' | 'guest';
  harness: string;
  preset: string | null;
  revision: string;
  href: string;
  /** UTF-8 length of the rendered prompt. */
  promptBytes: number;
  /** Tokens of the rendered prompt (o200k_base). */
  promptTokens: TokenCount;
  promptText: string;
  documents: DocumentView[];
  groups: RoleGroup[];
  warnings: WarningView[];
  wholeCount: number;
  pointerCount: number;
  /** Sibling bundles of the same soul (default first, then presets), for the preset switcher. */
  siblings: Array<{ label: string; preset: string | null; href: string }>;
  /** For a preset: how much of the prompt it shares with the no-preset bundle (what a provider's cache keeps). */
  cachePrefix: CachePrefix | null;
  /** One turn's system prompt on each model of the price table: set by the build, absent in the live preview. */
  costs?: TurnCost[];
}

export interface CachePrefix {
  against: string;
  href: string;
  /** Leading bytes both prompts share. */
  sharedBytes: number;
  /** Tokens the switch sends uncached again (from the first differing token on): set by the build, absent in the preview. */
  resentTokens?: number;
  /** 1-based position of the first document whose bytes differ, or null when one prompt is a prefix of the other. */
  firstDifferent: number | null;
}

export interface DocumentView {
  /** 1-based position in load order. */
  position: number;
  role: Role;
  uri: string;
  mode: Mode;
  required: boolean;
  revision: string;
  /** Raw note size (the spec's `bytes`). */
  noteBytes: number;
  /** UTF-8 length of the document's text: what the model reads. */
  promptBytes: number;
  /** Tokens of the document's text. */
  tokens: TokenCount;
  /** promptBytes / the rendered prompt's bytes, 0..1. */
  share: number;
  /** The row's id on the bundle page. */
  anchor: string;
  /** The note's page, or null when the note is absent (an empty optional pointer). */
  noteHref: string | null;
  /** Title of the note, when it has one. */
  title: string | null;
}

export interface RoleGroup {
  role: Role;
  label: string;
  count: number;
  whole: number;
  pointer: number;
  promptBytes: number;
  share: number;
  /** Positions (1-based) of the group's first and last documents. */
  first: number;
  last: number;
}

export interface WarningView {
  code: string;
  uri: string;
  message: string;
  anchor: string | null;
}

export interface CatalogEntry {
  uri: string;
  path: string;
  title: string | null;
  summary: string | null;
  /** `head` when carried whole, `at-hand` when a pointer; null when no soul loads it. */
  distance: 'head' | 'at-hand' | null;
  command: string;
  noteHref: string;
  /** Tokens of the note's text, what reading it costs; null when no note page has it. */
  tokens: number | null;
  anchor: string;
  carriedBy: Array<{ soul: string; display: string; mode: Mode; href: string }>;
  /** What an edit resends over every bundle that carries it (NoteImpactView's total), for sorting by edit cost. */
  editCost: { bundles: number; resentBytes: number; resentTokens: number };
}

export interface FrontmatterRow {
  key: string;
  value: string;
}

/** What a bundle row needs of a note: its title and its page. */
export interface NoteLink {
  title: string;
  /** Path of the note's page, relative to the site base. */
  href: string;
}

export interface NoteView {
  uri: string;
  vault: string;
  path: string;
  href: string;
  title: string;
  summary: string | null;
  bytes: number;
  /** Tokens of the note's text (o200k_base). */
  tokens: number;
  revision: string;
  command: string;
  frontmatter: FrontmatterRow[];
  /** Why the frontmatter could not be read, when it could not. */
  frontmatterProblem: string | null;
  /** The body rendered from Markdown, sanitized. */
  html: string;
  /**
   * What the HTML is made from, as one digest: the note's body, title and place, the renderer, and what its
   * links found among the note pages (src/markdown/render-cache.ts), or for a note that cannot be shown its
   * problem. Keys over a page or a search document use it in place of hashing the HTML again.
   */
  htmlKey: string;
  /** The first lines of the HTML, for link popovers (src/markdown/excerpt.ts). */
  excerpt: string;
  /** The note's raw text as stored (a leading BOM kept, so the preview's store hashes the same bytes). */
  source: string;
  loadedBy: LoadedBy[];
  /** What an edit to the note resends in each bundle that carries it. */
  impact: NoteImpactView;
}

/** A note's page before its HTML is rendered and before the bundles that load it are known. */
export type NoteBase = Omit<NoteView, 'html' | 'excerpt' | 'loadedBy' | 'impact'>;

/** One model's price of the first turn after an edit (`extra`: over a turn that hit the cache whole). */
export interface ImpactCost {
  price: ModelPrice;
  cost: number;
  extra: number;
}

/** The four figures of one prompt an edit reaches that everything else shown about it follows from. */
export interface ResendFigures {
  promptBytes: number;
  resentBytes: number;
  promptTokens: number;
  resentTokens: number;
}

/** What an edit resends in one prompt: from `offset` (the byte where the note's text starts) to the end. */
export interface ResendView extends ResendFigures {
  offset: number;
  /** resentBytes / promptBytes, 0..1. */
  share: number;
  /** The next turn's system prompt on each model of the price table. */
  costs: ImpactCost[];
}

/** What every edit-cost row of one bundle shares: its member, its preset and its page. */
export interface ImpactBundle {
  key: string;
  member: string;
  display: string;
  kind: 'family' | 'guest';
  preset: string | null;
  /** "no preset", the preset's name, or "guest". */
  label: string;
  /** The bundle's page, relative to the site base. */
  href: string;
}

/**
 * One bundle that carries a note, as the site keeps it for every note until its page renders: the
 * figures only (src/data/impact.ts, DocumentImpact), and the bundle shared by all its rows. A family's
 * notes times its bundles is the largest thing a build holds, so it holds them flat.
 */
export interface ImpactEntry extends ResendFigures {
  bundle: ImpactBundle;
  /** The note's row on the bundle page. */
  anchor: string;
  /** 1-based position in load order. */
  index: number;
  role: Role;
  mode: Mode;
  offset: number;
  /** For a pointer: the same figures with the note carried whole instead. */
  flip: ResendFigures | null;
}

/** One bundle that carries a note, as the note's "What an edit here costs" table lists it (impactRows, from an ImpactEntry). */
export interface ImpactRowView extends Omit<ImpactBundle, 'href'>, ResendView {
  /** The note's row on the bundle page. */
  href: string;
  index: number;
  role: Role;
  mode: Mode;
  /** For a pointer: what carrying the note whole instead would resend. */
  flip: ResendView | null;
}

export interface NoteImpactView {
  /** Every bundle that carries the note, in site order. */
  entries: ImpactEntry[];
  /** How many of them carry the note whole: only those an edit to its body costs. */
  whole: number;
  /** Every entry added up: bytes and tokens resent, and per model the next turns' costs. */
  total: { resentBytes: number; resentTokens: number; costs: ImpactCost[] };
  /** Of the entries' flips to whole, the one that would resend the most tokens (a pointer-only note's figure). */
  largestFlip: ResendView | null;
}

export interface LoadedBy {
  member: string;
  display: string;
  kind: 'family' | 'guest';
  role: Role;
  mode: Mode;
  /** The bundles it appears in this role and mode: default first, then presets. */
  bundles: Array<{ label: string; href: string }>;
}

/** One section of an agent's composed prompt, as its page shows it. */
export interface AgentSectionView {
  position: number;
  name: string;
  label: string;
  batch: 1 | 2;
  protected: boolean;
  placeholder: boolean;
  /** Who makes a placeholder, in words; null for a section the directory makes. */
  maker: string | null;
  source: string;
  /** Bytes it adds to the prompt (header line included); null for a placeholder. */
  bytes: number | null;
  /** Tokens of the section's text (its `## name` line aside); null for a placeholder. */
  tokens: TokenCount | null;
  /** bytes over the bytes the directory makes, 0..1. */
  share: number;
  applied: 'applied' | 'pending' | null;
  anchor: string;
  /** Colour slot for the bar (--role-N). */
  slot: number;
  text: string;
  /**
   * What an edit to the section resends: from its start to the end, in the bytes the directory makes
   * (offsets leave out placeholders, whose text is LingTai's); 0 for a placeholder, which no edit here changes.
   */
  resend: AgentResend;
}

/** What an edit at one place of an agent's prompt resends: bytes from the core's resends, tokens of the sections from there on. */
export interface AgentResend {
  offset: number;
  resentBytes: number;
  /** resentBytes over the bytes the directory makes, 0..1. */
  share: number;
  /** The tokens of the sections an edit resends (each section's count added up); null when none is counted. */
  resentTokens: TokenCount | null;
}

export interface AgentEntryRef {
  name: string;
  description: string;
  location: string;
  shelf: 'intrinsic' | 'custom' | null;
  href: string;
  pinned: boolean;
}

export interface AgentView {
  id: string;
  href: string;
  /** The composer's object, exactly as `soul-vault psyche --json` prints it. */
  psyche: import('../core/psyche/index.ts').Psyche;
  rejected: { code: string; message: string } | null;
  sections: AgentSectionView[];
  knownBytes: number;
  /** The sections' tokens added up. */
  knownTokens: TokenCount;
  batchBytes: [number, number];
  placeholders: number;
  pendingCount: number;
  /** Sections system.md still has that the directory no longer makes. */
  removed: string[];
  published: boolean;
  /** The prompt as far as the directory makes it, placeholders marked. */
  promptText: string;
  /** Each pin; an appended one with what an edit to the pinned file resends (from where its text starts in the pad on). */
  pins: Array<{ path: string; status: string; label: string; href: string | null; resend: AgentResend | null }>;
  /** An owner-document edit: it lands in batch 1, so it resends batch 1 and everything after it. */
  ownerResend: AgentResend;
  rulesOutcome: string;
  knowledge: AgentEntryRef[];
  skills: AgentEntryRef[];
  padBody: string;
}

export interface AgentEntryView extends AgentEntryRef {
  agent: string;
  domain: 'knowledge' | 'skills';
  folder: string;
  bytes: number;
  frontmatter: FrontmatterRow[];
  html: string;
}

/** A commit as every history page names it. Dates are UTC, so a build is the same in any time zone. */
export interface CommitRef {
  id: string;
  short: string;
  /** Author date, ISO 8601 in UTC. */
  date: string;
  /** `2026-12-01 11:19 UTC`. */
  dateText: string;
  /** The author's name; emails are never published. */
  author: string;
  subject: string;
  /** The message after its subject line, trimmed; '' when there is none. */
  body: string;
  /** Its entry on the family history page. */
  anchor: string;
  href: string;
}

/** Where the cacheable prefix ends after a commit, against the bundle before it. */
export interface CacheBreakView {
  /** Leading bytes both prompts share: still cached. */
  keptBytes: number;
  /** keptBytes over the new prompt's bytes. */
  share: number;
  /** The new prompt's bytes. */
  totalBytes: number;
  /** The first document of the new bundle whose bytes differ; null when no byte of it does. */
  document: { index: number; role: Role; roleLabel: string; uri: string; href: string | null } | null;
  /**
   * What is sent uncached again on the turn after the change, in bytes and o200k_base tokens, and
   * what that turn costs per model of the price table (`extra`: over a turn that hit the cache whole).
   */
  resent: { bytes: number; tokens: number; costs: Array<{ price: ModelPrice; cost: number; extra: number }> };
}

export interface DocumentChangeView {
  change: 'added' | 'removed' | 'changed';
  role: Role;
  roleLabel: string;
  uri: string;
  /** The note's page as the site has it now; null when the note is gone. */
  href: string | null;
  /** 1-based position in the new bundle; null for a removed one. */
  index: number | null;
  edited: boolean;
  mode: { from: Mode; to: Mode } | null;
  textOnly: boolean;
  /** The line diff of the document's text in the prompt; null past the entry's limit of shown diffs. */
  diff: TextDiff | null;
}

/** One commit that changed one bundle. */
export interface BundleChangeView {
  commit: CommitRef;
  /** created: first loads here; changed: loads before and after, differently; removed: does not load here
   *  (the soul, guest or preset is gone); failed: a vault error at this commit; recovered: loads again after failing. */
  state: 'created' | 'changed' | 'removed' | 'failed' | 'recovered';
  /** The bundle revision and prompt bytes after the commit (null when it does not load there). */
  revision: string | null;
  bytes: number | null;
  documentCount: number | null;
  /** The loader's message, for `failed`. */
  error: string | null;
  cache: CacheBreakView | null;
  changes: DocumentChangeView[];
  /** The id of this entry on the bundle's history page. */
  anchor: string;
}

export interface BundleHistoryView {
  key: string;
  soul: string;
  display: string;
  kind: 'family' | 'guest';
  preset: string | null;
  /** This history page, and the bundle's own page. */
  href: string;
  bundleHref: string;
  entries: BundleChangeView[];
  /** Whether the bundle the site shows (the working tree) is the one the newest commit has. */
  working: 'same' | 'differs' | 'absent';
}

/** A bundle a commit changed, as the family page lists it. */
export interface CacheBreakRow {
  key: string;
  label: string;
  kind: 'family' | 'guest';
  state: BundleChangeView['state'];
  cache: CacheBreakView | null;
  /** Its entry on the bundle's history page. */
  href: string;
}

export interface PathChangeView {
  status: 'added' | 'modified' | 'removed' | 'renamed' | 'type';
  /** Relative to the vault root. */
  path: string;
  from: string | null;
  /** The note's page, when a note of the site has this path now. */
  href: string | null;
}

export interface CommitView extends CommitRef {
  /** What it changed under the vault root (the first MAX shown), and how many more. */
  paths: PathChangeView[];
  morePaths: number;
  breaks: CacheBreakRow[];
}

export interface NoteCommitView extends CommitRef {
  status: PathChangeView['status'];
  /** For a rename: the path it had before. */
  from: string | null;
}

export interface HistoryView {
  /** The family page. */
  href: string;
  depth: number;
  /** More commits touched the vault root than `depth` shows. */
  more: boolean;
  /** The clone is shallow: the oldest commit it holds is where the history begins, not what it changed. */
  shallow: boolean;
  commits: CommitView[];
  /** By bundle key. */
  bundles: Record<string, BundleHistoryView>;
  /** By note URI: the commits that changed the note, newest first (renames followed). */
  notes: Record<string, NoteCommitView[]>;
}

/** A line diff of a document's text (src/data/prompt-diff.ts makes it). */
export interface DiffLine {
  kind: 'context' | 'added' | 'removed' | 'hunk';
  text: string;
}

export interface TextDiff {
  lines: DiffLine[];
  /** Changed lines left out past the limit (0: the whole diff is shown). */
  omitted: number;
  /** True when the two texts were too far apart to diff within the edit limit: `lines` is empty. */
  tooLarge: boolean;
}

/** A lesson of the series, as the integration read it from the lessons folder. */
export interface LessonInfo {
  /** The file name without `.mdx`. */
  id: string;
  /** Absolute path of the MDX file. */
  file: string;
  data: { title: string; description: string; order: number; status: 'published' | 'draft'; tags: string[]; updated?: string | undefined };
  slug: string;
  href: string;
  position: number;
  total: number;
  minutes: number;
}

/** What a member's bundle makes of a shared note: the loader's mode, or no document of it at all. */
export type Carried = Mode | 'none';

/** One column of the family map: one bundle (a soul, a soul with a preset, or a guest). */
export interface FamilyColumn {
  /** The bundle's key (`pippa`, `pippa/code-review`, a guest id). */
  key: string;
  soul: string;
  display: string;
  preset: string | null;
  kind: 'family' | 'guest';
  href: string;
  /** Bytes of shared notes this bundle's prompt carries (the column total). */
  bytes: number;
  whole: number;
  pointer: number;
}

/** One cell: what one bundle carries of one shared note. */
export interface FamilyCell {
  /** The column's bundle key. */
  column: string;
  carried: Carried;
  /** The loader's document is an absent optional note: an empty pointer. */
  absent: boolean;
  /** UTF-8 bytes of the document's text in the prompt; 0 when not carried. */
  bytes: number;
  /** The note's page; for an absent note, the bundle's row of it; null when there is neither. */
  href: string | null;
}

export interface FamilyRow {
  uri: string;
  role: Role;
  /** The note's title, else its path. */
  label: string;
  /** Its path inside its vault: two notes may share a title, never a path. */
  path: string;
  noteHref: string | null;
  /** No note at this URI: the loader's documents of it are empty pointers. */
  absent: boolean;
  /** Bytes every bundle carries of it together (the row total). */
  bytes: number;
  anchor: string;
  cells: FamilyCell[];
}

/** The rows of one shared container: the shared vault or the guest container. */
export interface FamilyRowGroup {
  vault: string;
  label: string;
  rows: FamilyRow[];
}

/** A box of the inheritance graph, laid out at build time (viewBox units). */
export interface GraphNode {
  id: string;
  kind: 'shared' | 'soul' | 'preset' | 'guests' | 'guest';
  x: number;
  y: number;
  width: number;
  height: number;
  /** The label as drawn (cut to fit, with an ellipsis) and as it is whole. */
  label: string;
  fullLabel: string;
  detail: string;
}

export interface FamilyGraph {
  width: number;
  height: number;
  nodes: GraphNode[];
  /** One SVG path per inheritance, parent to child. */
  edges: Array<{ from: string; to: string; d: string }>;
  /** The graph in words: what a screen reader gets instead of the drawing. */
  description: string;
}

/** A member over its columns in the map's header: a soul over its no-preset and preset bundles, or a guest. */
export interface FamilyHead {
  soul: string;
  display: string;
  kind: 'family' | 'guest';
  href: string;
  /** Its columns: the soul's no-preset bundle then its presets', or the guest's one. */
  columns: FamilyColumn[];
}

export interface FamilyMapView {
  heads: FamilyHead[];
  columns: FamilyColumn[];
  groups: FamilyRowGroup[];
  /** Every bundle's shared bytes together. */
  bytes: number;
  graph: FamilyGraph;
}
