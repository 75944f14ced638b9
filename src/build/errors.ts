import { VaultError } from '../core/index.ts';

/** A VaultError met while building one page subject; its message is the loader's own, with what was being built. */
export class SiteBuildError extends Error {
  /** The loader's error; a string for a problem no VaultError names (an agent folder that cannot be read). */
  readonly vaultError: VaultError | string;
  readonly subject: string;

  constructor(subject: string, vaultError: VaultError | string) {
    super(`Soulpress: cannot build ${subject}: ${typeof vaultError === 'string' ? vaultError : `error[${vaultError.code}]: ${vaultError.message}`}`);
    this.name = 'SiteBuildError';
    this.subject = subject;
    this.vaultError = vaultError;
  }
}

/** Run one step; a VaultError becomes a SiteBuildError naming the subject, anything else passes through. */
export async function building<T>(subject: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof VaultError) throw new SiteBuildError(subject, error);
    throw error;
  }
}
