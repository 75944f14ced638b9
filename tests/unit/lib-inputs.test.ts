// lib/ is built again whenever what it is built from changed, and only then.
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { LIB_OUTPUTS, forgetLibInputs, libInputs, libIsFresh, rememberLibInputs } from '../../src/package/lib-inputs.ts';

const root = mkdtempSync(path.join(tmpdir(), 'soulpress-lib-inputs-'));
after(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

test('lib/ is fresh only for the inputs it was built from, and only while whole', () => {
  write('src/core/a.ts', 'export const a = 1;\n');
  write('package.json', '{}');
  write('tsconfig.json', '{}');
  write('node_modules/.package-lock.json', '{"packages":{}}');
  for (const f of LIB_OUTPUTS) write(`lib/${f}`, '');
  const built = libInputs(root);
  assert.equal(libIsFresh(root, built), false, 'never built');
  rememberLibInputs(root, built);
  assert.equal(libIsFresh(root, libInputs(root)), true);
  const changes: Array<[string, () => void]> = [
    ['a source edited', () => appendFileSync(path.join(root, 'src/core/a.ts'), '// more\n')],
    ['a source added', () => write('src/core/deep/b.ts', 'export {};\n')],
    ['another package installed', () => write('node_modules/.package-lock.json', '{"packages":{"x":{}}}')],
    ['the tsconfig changed', () => write('tsconfig.json', '{"compilerOptions":{}}')],
  ];
  for (const [what, change] of changes) {
    change();
    assert.equal(libIsFresh(root, libInputs(root)), false, what);
    rememberLibInputs(root, libInputs(root));
  }
  rmSync(path.join(root, 'lib/bin/soulpress.js'));
  assert.equal(libIsFresh(root, libInputs(root)), false, 'a file of lib/ is gone');
  write('lib/bin/soulpress.js', '');
  assert.equal(libIsFresh(root, libInputs(root)), true);
  forgetLibInputs(root);
  assert.equal(libIsFresh(root, libInputs(root)), false, 'a build started and did not finish');
});
