// One source for the spec's rules and the routes (issue 11, item 4): outside src/core no code spells a
// role name as a string or builds or takes apart a soul:// URI by hand, and outside src/data/urls.ts no
// code writes a route. They ask the core (ROLE, ROLE_RULES,
// modeFor, loadingFor, noteUri, parseUri, uriKey, keyUri), so a rule can change in one place.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { GUEST_ROLES, SOUL_ROLES } from '../../src/core/index.ts';
import { ROOT } from './helpers.ts';

/** Every .ts and .astro file under src/ but the core, with its comments blanked out. */
function sources(): Array<{ file: string; code: string }> {
  const out: Array<{ file: string; code: string }> = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (rel !== 'src/core') walk(rel);
      } else if (/\.(ts|astro)$/.test(entry.name)) {
        const text = readFileSync(path.join(ROOT, rel), 'utf8');
        // Comments may name a role or show a URI; code may not.
        const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1').replace(/\{\/\*[\s\S]*?\*\/\}/g, '');
        out.push({ file: rel, code });
      }
    }
  };
  walk('src');
  return out;
}

test('no role name is written as a string outside src/core', () => {
  const roles = [...new Set([...SOUL_ROLES, ...GUEST_ROLES])];
  const pattern = new RegExp(`(['"\`])(${roles.join('|')})\\1`, 'g');
  const found = sources().flatMap(({ file, code }) => [...code.matchAll(pattern)].map((m) => `${file}: ${m[0]}`));
  assert.deepEqual(found, []);
});

test('no soul:// URI is built or parsed by hand outside src/core (the CLI help text shows one as an example)', () => {
  const found = sources()
    .filter(({ file }) => file !== 'src/cli/usage.ts')
    .flatMap(({ file, code }) => [...code.matchAll(/soul:\/\//g)].map(() => file));
  assert.deepEqual(found, []);
});

test('no route is written by hand outside src/data/urls.ts, the one module that owns them', () => {
  const route = /(['"`])(souls|guests|notes|lessons|shared|agents|search|data|history)\//g;
  const found = sources()
    .filter(({ file }) => file !== 'src/data/urls.ts')
    .flatMap(({ file, code }) => [...code.matchAll(route)].map((m) => `${file}: ${m[0]}`));
  assert.deepEqual(found, []);
});

test('the check itself would catch a role name, a hand-made URI or a hand-written route', () => {
  assert.match("href('souls/')", /(['"`])(souls|guests|notes|lessons|shared|agents|search|data|history)\//);
  const roles = [...new Set([...SOUL_ROLES, ...GUEST_ROLES])];
  assert.match("d.role === 'shared_core'", new RegExp(`(['"\`])(${roles.join('|')})\\1`));
  assert.match('`soul://${vault}/x.md`', /soul:\/\//);
});

test('no spec file name, catalog root or list of psyche sections is written outside src/core', async () => {
  const { VAULT_NOTES } = await import('../../src/core/index.ts');
  const { CATALOGS, PSYCHE_SECTIONS } = await import('../../src/core/psyche/index.ts');
  const notes = new Set<string>(Object.values(VAULT_NOTES));
  // A root as a path (`knowledge/`, `.library/custom`); the bare word `knowledge` is also the domain's name.
  const roots = [...new Set(Object.values(CATALOGS).flatMap((c) => c.shelves.flatMap((s) => [s.root, s.root.split('/')[0]!])))];
  const sections = new Set<string>(PSYCHE_SECTIONS.map((s) => s.name));
  const found: string[] = [];
  for (const { file, code } of sources()) {
    for (const m of code.matchAll(/(['"`])((?:(?!\1)[^\n\\])*)\1/g)) {
      const text = m[2]!;
      if (notes.has(text) || roots.some((r) => text === `${r}/` || text.startsWith(`${r}/`) || (r.includes('/') && text === r))) found.push(`${file}: ${m[0]}`);
    }
    // A root in a regular expression: `/^knowledge\//`, `/^\.library\//`.
    // (The comment blanking above cuts such a literal after its `\/`, so the root and the backslash are what is left.)
    for (const r of roots) if (code.includes(`${r.replace(/\./g, '\\.')}\\`)) found.push(`${file}: /${r}\\//`);
    // A line that names four or more sections, as keys or strings, is a list of sections of its own.
    for (const line of code.split('\n')) {
      const named = new Set([...line.matchAll(/['"`]?\b([a-z_]+)\b['"`]?\s*:/g), ...line.matchAll(/['"`]([a-z_]+)['"`]/g)].map((m) => m[1]!).filter((w) => sections.has(w)));
      if (named.size >= 4) found.push(`${file}: ${line.trim().slice(0, 100)}`);
    }
  }
  assert.deepEqual(found, []);
});

test('the spec-names check would catch a file name, a catalog root and a section list', async () => {
  const { VAULT_NOTES } = await import('../../src/core/index.ts');
  assert.equal(VAULT_NOTES.sharedCatalog, 'index/core-index.md');
  assert.match("folder.replace(/^knowledge\\//, '')", /knowledge\\\//);
  assert.equal(new Set([...("const SLOTS = { base_prompt: 1, covenant: 2, comment: 3, rules: 4 };".matchAll(/['"`]?\b([a-z_]+)\b['"`]?\s*:/g))].map((m) => m[1])).size, 4);
});
