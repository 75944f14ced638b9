// Work beside the page rendering runs at the lowest CPU priority: a child process named by its command
// (Pagefind's indexer, which the pagefind package starts) has every thread lowered, and so do the threads
// it starts later.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { close } from 'pagefind';
import { canLowerThreads, childProcesses, LOWEST, lowerChildren } from '../../src/node/low-priority.ts';
import { indexNotes } from '../../src/integration/search-index.ts';
import { renderNote } from '../../src/markdown/render-note.ts';
import type { NoteView } from '../../src/data/types.ts';

after(() => close());

/** The nice value of every thread of `pid` (field 19 of each task's stat, after the command name). */
function threadNices(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

test('a child named by its command has every thread lowered, and only this process\'s children are', async () => {
  if (!canLowerThreads()) {
    // No /proc to name threads by: nothing is lowered, and the callers keep their defaults.
    assert.deepEqual(lowerChildren('sleep'), []);
    return;
  }
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  try {
    await new Promise((resolve) => child.once('spawn', resolve));
    assert.deepEqual(threadNices(child.pid!), [0]);
    assert.deepEqual(childProcesses('sleep'), [child.pid]);
    assert.deepEqual(lowerChildren('no-such-command'), []);
    assert.deepEqual(lowerChildren('sleep'), [child.pid]);
    assert.deepEqual(threadNices(child.pid!), [LOWEST]);
  } finally {
    child.kill();
  }
});

test('the search indexer runs at the lowest priority', async () => {
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'soulpress-low-priority-'));
  try {
    const notes = await Promise.all(
      ['# One\n\nA note about café and 中文.\n', '# Two\n\n```ts\nconst x = 1;\n```\n'].map(async (body, i) => {
        const notePath = `core/note-${i}.md`;
        const html = await renderNote(body, { vault: 'pippa', path: notePath, pages: new Map(), title: `Note ${i}` });
        return { uri: `soul://pippa/${notePath}`, vault: 'pippa', path: notePath, title: `Note ${i}`, summary: null, html, htmlKey: `key-${i}` } as unknown as NoteView;
      }),
    );
    const shards = await indexNotes(notes, path.join(cacheDir, 'work'), cacheDir);
    assert.equal(shards.length, 1);
    // Without /proc there is no thread to name: the indexer then keeps one thread fewer than the cores, as it always did.
    if (!canLowerThreads()) return;
    const indexers = childProcesses('pagefind');
    assert.equal(indexers.length, 1, 'one indexer process, started by the first index');
    const nices = threadNices(indexers[0]!);
    assert.ok(nices.length >= 2, `${nices.length} threads`);
    assert.deepEqual(new Set(nices), new Set([LOWEST]), 'every thread of the indexer, those it started after the first index included');
  } finally {
    await close();
    await rm(cacheDir, { recursive: true, force: true });
  }
});
