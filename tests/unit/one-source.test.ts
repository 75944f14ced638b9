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
