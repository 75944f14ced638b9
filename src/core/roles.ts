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
