// `unstable` through the real command line: an owner document whose size changes under the reader.
// A procfs file is a regular file that reports 0 bytes and reads as more, exactly what a file being
// rewritten during the read looks like; bind-mounting one over settings/psyche.json makes the case
// deterministic. The test runs as root, as the project's machines and CI do.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, test } from 'node:test';
import path from 'node:path';
import { cli } from './helpers.ts';
import { agentOnDisk, composeMem } from './psyche-helpers.ts';

test('a document that changes while it is read is unstable: through the CLI, over a bind mount of a procfs file', async (t) => {
  const { dir, cleanup } = await agentOnDisk({ 'settings/psyche.json': '{"schema_version": 1}', 'system/pad.md': 'pad\n' });
  const target = path.join(dir, 'settings', 'psyche.json');
  const mount = spawnSync('mount', ['--bind', '/proc/uptime', target], { encoding: 'utf8' });
  after(async () => {
    spawnSync('umount', [target]);
    await cleanup();
  });
  if (mount.status !== 0) {
    // A machine that may not mount: the same rule through the core's store contract instead.
    t.diagnostic(`mount --bind refused (${mount.stderr.trim()}); checking unstable through the core`);
    const { psyche } = await composeMem({ 'settings/psyche.json': { fails: 'unstable' } });
    assert.equal(psyche.owner_error?.code, 'unstable');
    return;
  }
  const r = await cli(['psyche', dir, '--json']);
  assert.equal(r.code, 0, r.stderr);
  const psyche = JSON.parse(r.stdout);
  assert.equal(psyche.owner_error.code, 'unstable');
  assert.deepEqual(psyche.sections, []);
  assert.deepEqual(psyche.show, { status: 'failed', error_code: 'SETTINGS_UNAVAILABLE', message: 'settings inventory is unavailable' });
});
