import path from 'node:path';
import { defaultFolder } from './default-folders.ts';

/** `--vault DIR`, else `$SOUL_VAULT_DIR`, else `vaults/` or `content/vaults/`, resolved against the working folder. */
export function vaultRoot(flag?: string | undefined, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  const named = flag || env['SOUL_VAULT_DIR'];
  return named ? path.resolve(cwd, named) : defaultFolder('vault', cwd);
}
