// `soulpress init [DIR]`: a starter a team can commit: a small family, a lesson, a package.json with
// the scripts, a .gitignore and a GitHub Pages workflow. It never writes over a file that is there.
import { cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Io } from './main.ts';

/** The starter's vaults and lessons, shipped as files beside this module's source. */
function starterDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // From src/cli (the source) or lib/bin/chunks (the bundled command): both find src/cli/starter of the package.
  for (const up of ['.', '../../src/cli', '../../../src/cli']) {
    const dir = path.resolve(here, up, 'starter');
    if (existsSync(dir)) return dir;
  }
  throw new Error('the starter files are missing from this installation of soulpress');
}

function ownPackage(): { version: string; astro: string } {
  const dir = starterDir();
  const pkg = JSON.parse(readFileSync(path.resolve(dir, '../../../package.json'), 'utf8')) as { version: string; peerDependencies: Record<string, string> };
  return { version: pkg.version, astro: pkg.peerDependencies['astro']! };
}

const GITIGNORE = `node_modules/
dist/
.astro/
`;

// Astro's documented GitHub Pages action. The full history (fetch-depth 0) is what the history pages
// read; the site and base are the repository's Pages address.
const WORKFLOW = `name: Deploy to GitHub Pages

on:
  push:
    branches: [main]
  workflow_dispatch:

permissions:
  contents: read
  pages: write
  id-token: write

jobs:
  build:
    runs-on: ubuntu-latest
    env:
      SOULPRESS_SITE: https://\${{ github.repository_owner }}.github.io
      SOULPRESS_BASE: /\${{ github.event.repository.name }}
    steps:
      - name: Check out the repository with its whole history
        uses: actions/checkout@v5
        with:
          fetch-depth: 0
      - name: Install, build and upload the site
        uses: withastro/action@v5
        with:
          node-version: 24
  deploy:
    needs: build
    runs-on: ubuntu-latest
    environment:
      name: github-pages
      url: \${{ steps.deployment.outputs.page_url }}
    steps:
      - name: Deploy to GitHub Pages
        id: deployment
        uses: actions/deploy-pages@v4
`;

function packageJson(name: string): string {
  const own = ownPackage();
  const pkg = {
    name,
    private: true,
    type: 'module',
    scripts: { build: 'soulpress build', dev: 'soulpress dev', preview: 'soulpress preview', check: 'soulpress check' },
    dependencies: { astro: own.astro, soulpress: `^${own.version}` },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** A package name from the folder's name: lower case, letters, digits and dashes. */
function packageName(dir: string): string {
  return path.basename(dir).toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'soulpress-site';
}

export async function initStarter(dir: string, io: Io): Promise<number> {
  const files: [string, string][] = [
    ['package.json', packageJson(packageName(dir))],
    ['.gitignore', GITIGNORE],
    ['.github/workflows/deploy.yml', WORKFLOW],
  ];
  const starter = starterDir();
  const taken = [...files.map(([f]) => f), 'vaults', 'lessons'].filter((f) => existsSync(path.join(dir, f)));
  if (taken.length > 0) {
    io.err(`soulpress: init would write over ${taken.join(', ')} in ${dir}: choose an empty folder (soulpress init my-site)\n`);
    return 1;
  }
  await mkdir(dir, { recursive: true });
  for (const sub of await readdir(starter)) await cp(path.join(starter, sub), path.join(dir, sub), { recursive: true, errorOnExist: true, force: false });
  for (const [file, text] of files) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text, { flag: 'wx' });
  }
  const rel = path.relative(io.cwd, dir) || '.';
  io.out(`A Soulpress site is ready in ${rel}: a family under vaults/, a lesson under lessons/,
package.json, .gitignore and a GitHub Pages workflow.

Next:
${rel === '.' ? '' : `  cd ${rel}\n`}  npm install
  npm run dev      # a live site at http://localhost:4321
  npm run build    # the static site in dist/
`);
  return 0;
}
