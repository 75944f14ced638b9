// Issue 23, class 8: the live preview's banner for a rejected owner document says what the published
// page says while the document is unedited. The snapshot's stand-in is rejected with the same code,
// but its own words ("a key that is not a string at character 2", "is not valid UTF-8") were shown.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { astroBuild, cleanup, tmp } from './helpers/dist.ts';
import { ROOT } from './helpers/dist.ts';

const work = tmp('agents-preview-banner');
after(() => cleanup(work));
const agents = path.join(work, 'agents');
const out = path.join(work, 'dist');

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

before(() => {
  // An unterminated string that starts well into the document: the real message names character 93.
  write(path.join(agents, 'badjson/settings/psyche.json'), `{"schema_version": 1, "covenant": "${'x'.repeat(30)}", "comment": "never closed`);
  write(path.join(agents, 'badptr/settings/psyche.json'), JSON.stringify({ schema_version: 1, covenant_file: '/proc/self/environ' }));
  write(path.join(agents, 'badutf/settings/psyche.json'), '{"schema_version": 1, "comment": "\\ud800 fine", "covenant": "x" ');
});

test('unedited, the preview composes the published page’s owner error, code and message', { timeout: 600_000 }, async () => {
  const lessons = path.join(work, 'lessons');
  mkdirSync(lessons, { recursive: true });
  const run = astroBuild({ outDir: out, vault: path.join(ROOT, 'tests/fixtures/tiny'), env: { SOULPRESS_LESSONS: lessons, SOULPRESS_AGENTS: agents } });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  const { composePsyche } = await import('../../src/core/psyche/index.ts');
  const { composeSnapshot, snapshotStore } = await import('../../src/preview/agent-snapshot.ts');
  const { FsAgentStore } = await import('../../src/node/index.ts');
  const seen: string[] = [];
  for (const id of ['badjson', 'badptr', 'badutf']) {
    const real = (await composePsyche({ store: new FsAgentStore(path.join(agents, id)), agent: id })).psyche.owner_error!;
    const page = readFileSync(path.join(out, 'agents', id, 'index.html'), 'utf8');
    assert.ok(page.includes(real.message.replaceAll("'", '&#39;')) || page.includes(real.message), `${id}: the page says ${real.message}`);
    const snap = JSON.parse(readFileSync(path.join(out, 'data/agents', `${id}.json`), 'utf8'));
    const preview = await composeSnapshot(snapshotStore(snap), snap, false);
    assert.deepEqual(preview.psyche.owner_error, real, id);
    assert.deepEqual(preview.ownerError && { code: preview.ownerError.code, message: preview.ownerError.message }, real, id);
    // What the worker composed before issue 23: the stand-in's own words (the bug this test is for).
    const { composeWith } = await import('../../src/core/psyche/index.ts');
    const bare = await composeWith({ store: snapshotStore(snap), agent: id, published: snap.published, catalogs: snap.catalogs });
    if (id === 'badjson' || id === 'badptr') assert.notEqual(bare.psyche.owner_error?.message, real.message, `${id}: the stand-in alone says the same`);
    // Once the reader edits the document, the preview's words are its own again (the stand-in's).
    const edited = await composeSnapshot(snapshotStore(snap), snap, true);
    assert.equal(edited.psyche.owner_error?.code, real.code);
    seen.push(real.message);
  }
  assert.ok(seen.some((m) => m.includes('an unterminated string at character 93')), seen.join(' | '));
  assert.ok(seen.some((m) => m.includes('could not be read')), seen.join(' | '));
});
