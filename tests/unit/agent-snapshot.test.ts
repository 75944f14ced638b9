// The agent preview's snapshot, built from what the composer read: a large file that is not UTF-8
// travels as base64 and reads back as the same bytes (spreading its bytes into one call once
// overflowed the stack).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemoryAgentStore, RecordingAgentStore, composeWith, scanCatalogs } from '../../src/core/psyche/index.ts';
import { agentSnapshot } from '../../src/build/agent-snapshot.ts';
import { snapshotStore } from '../../src/preview/agent-snapshot.ts';

test('a 300 KB lingtai.md that is not UTF-8 goes into the snapshot whole and composes the same', async () => {
  const big = new Uint8Array(300_000).fill(0x61);
  big[150_000] = 0xff;
  const store = new MemoryAgentStore({ 'system/lingtai.md': big, 'system/pad.md': 'pad\n' });
  const catalogs = await scanCatalogs(store);
  const record = new RecordingAgentStore(store);
  const report = await composeWith({ store: record, agent: 'a', catalogs });
  assert.equal(report.psyche.problems[0]?.reason, 'lingtai.md is not valid UTF-8');
  const snap = agentSnapshot(report, record, catalogs, {}, 4);
  const read = await snapshotStore(snap).read('system/lingtai.md');
  assert.ok(read.ok);
  assert.deepEqual(read.bytes, big);
  const again = await composeWith({ store: snapshotStore(snap), agent: 'a', catalogs: snap.catalogs, published: snap.published });
  assert.deepEqual(again.psyche, report.psyche);
});
