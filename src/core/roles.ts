/** The family sequence of spec section 2, in load order. */
export const SOUL_ROLES = [
  'identity',
  'shared_instructions',
  'shared_core',
  'shared_catalog',
  'soul_instructions',
  'soul_core',
  'soul_index',
  'project',
] as const;

/** The guest sequence of spec section 3, in load order. */
export const GUEST_ROLES = [
  'identity',
  'guest_shared_instructions',
  'guest_instructions',
  'memory_index',
  'memory',
] as const;

export type SoulRole = (typeof SOUL_ROLES)[number];
export type GuestRole = (typeof GUEST_ROLES)[number];
export type Role = SoulRole | GuestRole;

/** The frontmatter values a load reads to choose a mode (spec sections 1 and 2). */
export type LoadingValue = 'inline' | 'on-demand';

/**
 * How a role's mode is chosen: always whole; a pointer unless the note says `prompt_loading: inline`
 * (shared core); whole unless it says `on-demand` (soul index).
 */
export type ModeRule = 'whole' | 'pointer-unless-inline' | 'whole-unless-on-demand';

export interface RoleRule {
  /** Words a reader sees; the spec's name stays in data attributes and the CLI. */
  label: string;
  /** One colour slot per role on the pages (CSS --role-1 … --role-8), in load order. */
  slot: number;
  mode: ModeRule;
}

/**
 * The one table of what each role is, beyond its place in SOUL_ROLES / GUEST_ROLES: the loader
 * chooses modes by it, and the pages take labels, colours and the preview's flip controls from it.
 */
export const ROLE_RULES: Readonly<Record<Role, RoleRule>> = {
  identity: { label: 'Identity', slot: 1, mode: 'whole' },
  shared_instructions: { label: 'Shared instructions', slot: 2, mode: 'whole' },
  shared_core: { label: 'Shared core', slot: 3, mode: 'pointer-unless-inline' },
  shared_catalog: { label: 'Shared catalog', slot: 4, mode: 'whole' },
  soul_instructions: { label: 'Soul instructions', slot: 5, mode: 'whole' },
  soul_core: { label: 'Soul core', slot: 6, mode: 'whole' },
  soul_index: { label: 'Soul index', slot: 7, mode: 'whole-unless-on-demand' },
  project: { label: 'Project', slot: 8, mode: 'whole' },
  guest_shared_instructions: { label: 'Guest shared instructions', slot: 2, mode: 'whole' },
  guest_instructions: { label: 'Guest instructions', slot: 5, mode: 'whole' },
  memory_index: { label: 'Memory index', slot: 7, mode: 'whole' },
  memory: { label: 'Memories', slot: 6, mode: 'whole' },
};

// Pure annotations, here and on FLIPPABLE_ROLES: a bundle that imports the role table but not these drops
// them (they are calls, which a bundler otherwise keeps for their possible side effects).
/** Each role by name, for code outside the core that must name one (`ROLE.identity`), never a string. */
export const ROLE = /* @__PURE__ */ Object.fromEntries(/* @__PURE__ */ ([...SOUL_ROLES, ...GUEST_ROLES] as Role[]).map((r) => [r, r])) as { readonly [R in Role]: R };

/** The mode a role's note gets for its `prompt_loading` value (undefined when the note has none). */
export function modeFor(role: Role, loading: LoadingValue | undefined): 'whole' | 'pointer' {
  const rule = ROLE_RULES[role].mode;
  if (rule === 'pointer-unless-inline') return loading === 'inline' ? 'whole' : 'pointer';
  if (rule === 'whole-unless-on-demand') return loading === 'on-demand' ? 'pointer' : 'whole';
  return 'whole';
}

/** Roles whose notes a reader may flip between whole and pointer, by editing `prompt_loading`. */
export const FLIPPABLE_ROLES = /* @__PURE__ */ Object.keys(ROLE_RULES).filter((r) => ROLE_RULES[r as Role].mode !== 'whole') as readonly Role[];

/**
 * The `prompt_loading` value that asks a flippable role's note for a mode: `inline` for whole,
 * `on-demand` for pointer (each also the explicit form of its role's default); null for a role whose
 * mode no value changes.
 */
export function loadingFor(role: Role, mode: 'whole' | 'pointer'): LoadingValue | null {
  if (ROLE_RULES[role].mode === 'whole') return null;
  return mode === 'whole' ? 'inline' : 'on-demand';
}

/** The single notes VAULT.md names inside a vault, by what they are: the loader, the check and the site read these names. */
export const VAULT_NOTES = {
  /** In the shared vault, each soul, the guest container and each guest. */
  instructions: 'instructions.md',
  /** The shared core's catalog, in the shared vault. */
  sharedCatalog: 'index/core-index.md',
  /** A guest's memory index, under `<guest>/`. */
  memoryIndex: 'memory/index.md',
} as const;
