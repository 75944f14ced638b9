import type { Role } from '../core/index.ts';

/** Words a reader sees for each role; the spec's names stay in the data attributes. */
export const ROLE_LABELS: Record<Role, string> = {
  identity: 'Identity',
  shared_instructions: 'Shared instructions',
  shared_core: 'Shared core',
  shared_catalog: 'Shared catalog',
  soul_instructions: 'Soul instructions',
  soul_core: 'Soul core',
  soul_index: 'Soul index',
  project: 'Project',
  guest_shared_instructions: 'Guest shared instructions',
  guest_instructions: 'Guest instructions',
  memory_index: 'Memory index',
  memory: 'Memories',
};

/** One colour slot per role (CSS custom properties --role-1 … --role-8), in load order. */
export const ROLE_SLOTS: Record<Role, number> = {
  identity: 1,
  shared_instructions: 2,
  shared_core: 3,
  shared_catalog: 4,
  soul_instructions: 5,
  soul_core: 6,
  soul_index: 7,
  project: 8,
  guest_shared_instructions: 2,
  guest_instructions: 5,
  memory_index: 7,
  memory: 6,
};
