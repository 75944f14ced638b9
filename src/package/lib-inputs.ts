// Whether lib/ is already what its sources make. `npm test` builds lib/ for the typecheck and again for
// the sample site, `npm start` and `npm run dev` build it on every start, and each build is ~5 s and
// ~7 CPU-s on 2 cores for the same bytes. The digest covers everything the build reads: every file
// under src/, the two tsconfigs and package.json, and the installed packages as npm recorded them
// (node_modules/.package-lock.json: TypeScript, esbuild, Vite and the browser modules' dependencies).
// It is kept outside lib/, which is packed as it is.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const STAMP = 'node_modules/.cache/soulpress/lib-inputs';
/** What a finished build leaves in lib/: a stamp whose lib/ lost one of these is not trusted. */
export const LIB_OUTPUTS = ['integration/index.js', 'core/index.js', 'node/index.js', 'bin/soul-vault.js', 'bin/soulpress.js', 'client/live-start.js'];

export function libInputs(root: string): string {
  const hash = createHash('sha256');
  const src = path.join(root, 'src');
  const files = readdirSync(src, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(src, path.join(e.parentPath, e.name)));
  for (const name of files.sort()) hash.update(`src/${name}\0`).update(readFileSync(path.join(src, name))).update('\0');
  for (const name of ['package.json', 'tsconfig.json', 'node_modules/.package-lock.json']) {
    hash.update(`${name}\0`);
    if (existsSync(path.join(root, name))) hash.update(readFileSync(path.join(root, name)));
    hash.update('\0');
  }
  return hash.digest('base64url');
}

/** Whether lib/ was built from `inputs` and is whole. */
export function libIsFresh(root: string, inputs: string): boolean {
  const stamp = path.join(root, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs && LIB_OUTPUTS.every((f) => existsSync(path.join(root, 'lib', f)));
}

/** Forget the stamp before lib/ is emptied, so a build cut short is never taken for a finished one. */
export function forgetLibInputs(root: string): void {
  rmSync(path.join(root, STAMP), { force: true });
}

export function rememberLibInputs(root: string, inputs: string): void {
  mkdirSync(path.dirname(path.join(root, STAMP)), { recursive: true });
  writeFileSync(path.join(root, STAMP), inputs);
}
