// Builds what the package ships as JavaScript, into lib/ (run before packing and before this
// repository's own builds): the Node entry points with their declarations, by tsc; the two
// commands as esbuild bundles, one file each plus the chunks they load on demand, so a command
// starts without resolving and reading dozens of modules (Astro's own CLI is shipped the same way);
// and the browser modules sites load as files of their own (./client-modules.ts).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';
import { buildClientModules } from './client-modules.ts';
import { forgetLibInputs, libInputs, libIsFresh, rememberLibInputs } from './lib-inputs.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LIB = path.join(ROOT, 'lib');

// Built already from these very sources (lib-inputs.ts): `--force` builds anyway.
const inputs = libInputs(ROOT);
if (!process.argv.includes('--force') && libIsFresh(ROOT, inputs)) {
  console.log('lib/ is up to date with src/ (npm run build:lib -- --force builds it anyway)');
  process.exit(0);
}
forgetLibInputs(ROOT);
rmSync(LIB, { recursive: true, force: true });
execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(ROOT, 'src/package/tsconfig.json')], { stdio: 'inherit' });

/**
 * The integration is not bundled into the commands: `soulpress build` imports it by the package's own
 * name (lib/integration, through `exports`), so its workers and routes are found beside it and the
 * package has one copy of it.
 */
const integrationFromLib: Plugin = {
  name: 'integration-from-lib',
  setup(b) {
    b.onResolve({ filter: /\/integration\/index\.ts$/ }, () => ({ path: 'soulpress', external: true }));
  },
};

await build({
  entryPoints: { 'soul-vault': path.join(ROOT, 'src/cli/bin/soul-vault.ts'), soulpress: path.join(ROOT, 'src/cli/bin/soulpress.ts') },
  outdir: path.join(LIB, 'bin'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  packages: 'external',
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [integrationFromLib],
  logLevel: 'warning',
});

await buildClientModules(ROOT, path.join(LIB, 'client'));
rememberLibInputs(ROOT, inputs);
