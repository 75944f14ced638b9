// PSYCHE.md 1.1: an agents root named explicitly (here $SOULPRESS_AGENTS) that is missing or is not a
// folder stops the build with a named error, never a site with no agents section and no word.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { astroBuild, cleanup, exists, tmp } from './helpers/dist.ts';
import { ROOT } from './helpers/dist.ts';

const work = tmp('agents-root');
after(() => cleanup(work));

test('SOULPRESS_AGENTS naming a file or a missing folder is a named error, with no stack trace', { timeout: 600_000 }, () => {
  const lessons = path.join(work, 'lessons');
  mkdirSync(lessons, { recursive: true });
  const file = path.join(work, 'agents.txt');
  writeFileSync(file, 'not a folder');
  for (const [root, what] of [[file, 'is not a folder'], [path.join(work, 'missing'), 'does not exist']] as const) {
    const out = path.join(work, `dist-${path.basename(root)}`);
    const run = astroBuild({ outDir: out, vault: path.join(ROOT, 'tests/fixtures/tiny'), env: { SOULPRESS_LESSONS: lessons, SOULPRESS_AGENTS: root } });
    assert.notEqual(run.status, 0, `a site was built over ${root}`);
    const output = run.stdout + run.stderr;
    assert.ok(output.includes(`the agents root ${root} ${what}`), output);
    assert.doesNotMatch(output, /^\s{4}at /m, 'a stack trace is printed');
    assert.ok(!exists(path.join(out, 'index.html')));
  }
});
