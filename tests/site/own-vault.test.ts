// Publishing another vault: the sample lessons embed the sample souls, so a build of another
// vault with them fails with a hint, and with its own (here: no) lessons it builds.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { ROOT, astroBuild, cleanup, exists, readPage, tmp } from './helpers/dist.ts';

const work = tmp('soulpress-own-vault-');
after(() => cleanup(work));
const vault = path.join(ROOT, 'tests/fixtures/tiny');

test('another vault with the sample lessons fails, naming the embed and the fix', () => {
  const outDir = path.join(work, 'with-sample-lessons');
  const run = astroBuild({ outDir, vault });
  assert.notEqual(run.status, 0);
  const output = run.stdout + run.stderr;
  assert.match(output, /<LoadOrder soul="pippa" \/> in \/lessons\/[a-z-]+\/: no soul or guest "pippa" in family tiny/);
  assert.match(output, /set SOULPRESS_LESSONS to your own lessons folder/);
  // Pagefind's indexers were running: they are stopped with the build, not left to panic on a closed pipe.
  assert.doesNotMatch(output, /panicked|stack backtrace|Pagefind backend closed/);
  assert.equal(exists(path.join(outDir, 'souls/ada/index.html')), false, 'no page of a failed build is left');
});

test('another vault with its own (empty) lessons folder and no agents builds its souls, with no lessons and no agents section', () => {
  const lessons = path.join(work, 'lessons');
  mkdirSync(lessons);
  const outDir = path.join(work, 'own');
  // A named agents root must be a folder (PSYCHE.md 1.1; tests/site/agents-root.test.ts): an empty one has no agents.
  const noAgents = path.join(work, 'no-agents-here');
  mkdirSync(noAgents);
  const run = astroBuild({ outDir, vault, env: { SOULPRESS_LESSONS: lessons, SOULPRESS_AGENTS: noAgents } });
  assert.equal(run.status, 0, run.stderr);
  assert.match(readPage(outDir, 'souls/ada/index.html'), /Ada Byron/);
  // No agents: no agents section, no page, no link to one, and no error.
  assert.equal(exists(path.join(outDir, 'agents/index.html')), false);
  assert.doesNotMatch(readPage(outDir, 'index.html'), /href="\/agents\/"|LingTai agents/);
  // No lessons: no lessons pages, and no link to them from the header, the home page or the 404 page.
  assert.equal(exists(path.join(outDir, 'lessons')), false);
  for (const page of ['index.html', 'souls/ada/index.html', '404.html']) assert.doesNotMatch(readPage(outDir, page), /href="\/lessons\//);
});
