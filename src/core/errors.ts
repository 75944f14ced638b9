/**
 * Every code a VaultError can carry (spec section 6), plus `note_not_found` for `read`,
 * `vault_root_invalid` for a root that is missing or holds no vault, and `io_error` for an
 * operating-system failure on one note or folder (EACCES, ENAMETOOLONG, EIO); and for the git
 * store (loads at a revision), `not_a_repository` and `revision_not_found`.
 */
export const ERROR_CODES = [
  'harness_required',
  'soul_not_found',
  'identity_document_missing',
  'identity_ambiguous',
  'integrity_error',
  'frontmatter_invalid',
  'uri_invalid',
  'note_not_found',
  'vault_root_invalid',
  'io_error',
  'not_a_repository',
  'revision_not_found',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface VaultErrorInit {
  operation: string;
  note?: string | undefined;
  role?: string | undefined;
}

/** The one error the loader throws: a code a program can branch on, a message a person can act on. */
export class VaultError extends Error {
  // Declared only: the constructor sets them, and no field initialiser need ship to the browser.
  declare readonly code: ErrorCode;
  declare readonly operation: string;
  declare readonly note: string | undefined;
  declare readonly role: string | undefined;

  constructor(code: ErrorCode, message: string, init: VaultErrorInit) {
    super(message);
    this.name = 'VaultError';
    this.code = code;
    this.operation = init.operation;
    this.note = init.note;
    this.role = init.role;
  }

  /** The shape `--json` prints and the browser preview shows. */
  toJSON(): VaultErrorJSON {
    return {
      code: this.code,
      message: this.message,
      operation: this.operation,
      note: this.note ?? null,
      role: this.role ?? null,
    };
  }
}

export interface VaultErrorJSON {
  code: ErrorCode;
  message: string;
  operation: string;
  note: string | null;
  role: string | null;
}

export function isVaultError(value: unknown): value is VaultError {
  return value instanceof VaultError;
}
