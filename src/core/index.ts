// The public API of the loader: the same module runs at build time, in the CLI and in the browser.
export { SOUL_ROLES, GUEST_ROLES, ROLE_RULES, ROLE, FLIPPABLE_ROLES, VAULT_NOTES, modeFor, loadingFor } from './roles.ts';
export type { SoulRole, GuestRole, Role, RoleRule, ModeRule, LoadingValue } from './roles.ts';
export { VaultError, ERROR_CODES, isVaultError } from './errors.ts';
export type { ErrorCode, VaultErrorJSON } from './errors.ts';
export type { Bundle, BundleWarning, IdentityDocument, Mode, Problem } from './bundle.ts';
export { PROMPT_SEPARATOR, renderPrompt } from './bundle.ts';
export { resends, documentResends, flipResend, resentShare } from './impact.ts';
export type { Resend, DocumentResend } from './impact.ts';
export { loadIdentity, inspectIdentity, LARGE_NOTE_BYTES } from './load.ts';
export type { LoadOptions, Inspection, RoleWarning } from './load.ts';
export { checkFamily } from './check.ts';
export type { CheckReport, CheckOptions, Finding } from './check.ts';
export { discoverFamily, requireFamily, walkNotes, walkFolder, listPresets, familyName, DEFAULT_FAMILY } from './family.ts';
export type { Family, Walk } from './family.ts';
export type { VaultStore, StoreEntry } from './store.ts';
export { MemoryStore } from './memory-store.ts';
export { splitFrontmatter, promptLoading, stringField, FrontmatterProblem } from './frontmatter.ts';
export type { FrontmatterData, SplitNote } from './frontmatter.ts';
export { parseUri, noteUri, pathProblem, uriKey, keyUri, resolveSegments, VAULT_ID } from './uri.ts';
export type { NoteRef } from './uri.ts';
export { pointerText, readCommand } from './pointer.ts';
export { readNote } from './read.ts';
export { sha256Hex, decodeNote, noteRevision, rememberRevision, utf8Length, utf8LengthOnce, commonPrefixLength } from './text.ts';
export { compareCodePoints, comparePaths } from './order.ts';
export { describeFamily } from './describe.ts';
export type { FamilyOverview, MemberSummary, SharedNoteSummary } from './describe.ts';
// The LingTai psyche composer lives beside the loader under the same rules, with its own entry
// (`soulpress/psyche`), so a soul page's bundle never carries it and an agent page's never carries the loader.
export { RecordingStore, touchesAny } from './recording-store.ts';
