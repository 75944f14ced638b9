import path from 'node:path';

export const DEFAULT_VAULT_DIR = 'content/vaults';

/** `--vault DIR`, else `$SOUL_VAULT_DIR`, else content/vaults, resolved against the working folder. */
export function vaultRoot(flag?: string | undefined, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  return path.resolve(cwd, flag || env['SOUL_VAULT_DIR'] || DEFAULT_VAULT_DIR);
}
