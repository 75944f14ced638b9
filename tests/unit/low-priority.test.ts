// Work beside the page rendering runs at a lower CPU priority than the pages: a child process named by its
// command (Pagefind's indexer, which the pagefind package starts) has every thread lowered, and so do the
// threads it starts later.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { canLowerThreads, childProcesses, HELPER_NICE, helperNice, lowerChildren } from '../../src/node/low-priority.ts';
import { closeIndexers, indexNotes } from '../../src/integration/search-index.ts';
import { renderNote } from '../../src/markdown/render-note.ts';
import type { NoteView } from '../../src/data/types.ts';
import { shardsOf } from '../../src/data/search-shards.ts';
import { srcImport } from './helpers.ts';

after(() => closeIndexers());

/** The nice value of every thread of `pid` (field 19 of each task's stat, after the command name). */
function threadNices(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

/** 1,201 notes: three search shards of ~500 (src/data/search-shards.ts). */
function manyNotes(): NoteView[] {
  return Array.from({ length: 1201 }, (_, i) => {
    const notePath = `core/n${i}.md`;
    return { uri: `soul://pippa/${notePath}`, vault: 'pippa', path: notePath, title: `Note ${i}`, summary: null, html: `<p>word${i} shared</p>`, htmlKey: `k${i}` } as unknown as NoteView;
  });
}

/** How many pages each index folder holds, by its entry file. */
function pageCounts(folders: readonly string[]): Array<number | undefined> {
  return folders.map((folder) => (JSON.parse(readFileSync(path.join(folder, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> }).languages.en?.page_count);
}

/** What an ES module script printed, run by this Node in a process of its own (behind `prefix`, e.g. `nice -n 5`); a failed run rejects. */
function runScript(script: string, prefix: readonly string[] = []): Promise<string> {
  return new Promise((resolve, reject) => {
    const [command, ...args] = [...prefix, process.execPath, '--input-type=module', '-e', script];
    const run = spawn(command!, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    run.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    run.once('error', reject);
    run.once('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}`))));
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
    assert.deepEqual(threadNices(child.pid!), [helperNice()]);
  } finally {
    child.kill();
  }
});

test('the helpers run HELPER_NICE steps below the build\'s own priority, up to the lowest', async () => {
  if (!canLowerThreads()) return;
  // A build started under `nice`: its helper (a child named by its command) goes below it, not to a fixed value.
  // The lowered `sleep` outlives the script, which leaves it to this test to read and end.
  const script = [
    `import { spawn } from 'node:child_process';`,
    `import { helperNice, lowerChildren } from ${srcImport('node/low-priority.ts')};`,
    `const child = spawn('sleep', ['30'], { stdio: 'ignore', detached: true });`,
    `await new Promise((resolve) => child.once('spawn', resolve));`,
    `lowerChildren('sleep');`,
    `console.log(JSON.stringify({ helper: helperNice(), pid: child.pid }));`,
    `child.unref();`,
  ].join('\n');
  for (const [under, expected] of [[5, 5 + HELPER_NICE], [18, 19]] as const) {
    const { helper, pid } = JSON.parse(await runScript(script, ['nice', '-n', String(under)])) as { helper: number; pid: number };
    try {
      assert.deepEqual({ helper, child: threadNices(pid) }, { helper: expected, child: [expected] }, `under nice ${under}`);
    } finally {
      process.kill(pid);
    }
  }
});

test('the search indexer runs at the helpers\' priority', async () => {
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
    assert.deepEqual(new Set(nices), new Set([helperNice()]), 'every thread of the indexer, those it started after the first index included');
  } finally {
    await closeIndexers();
    await rm(cacheDir, { recursive: true, force: true });
  }
});

test('the note shards are spread over one lowered indexer process per core, each shard whole', async () => {
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'soulpress-lanes-'));
  // An indexer the last test closed may take a moment to exit.
  for (let waited = 0; childProcesses('pagefind').length > 0 && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  try {
    const notes = manyNotes();
    const shards = shardsOf(notes, (n) => n.uri);
    assert.equal(shards.length, 3);
    const folders = await indexNotes(notes, path.join(cacheDir, 'work'), cacheDir);
    assert.equal(folders.length, 3);
    assert.deepEqual(pageCounts(folders), shards.map((shard) => shard.length), 'each shard holds its own notes');
    for (const [i, folder] of folders.entries()) assert.equal(readdirSync(path.join(folder, 'fragment')).length, shards[i]!.length);
    if (!canLowerThreads()) {
      // Without /proc no process can be named (childProcesses finds none); with it, a sandbox that refuses
      // setpriority still gets its one process.
      if (existsSync('/proc/self/task')) assert.equal(childProcesses('pagefind').length, 1, 'one process where the indexers cannot be lowered');
      return;
    }
    const indexers = childProcesses('pagefind');
    assert.equal(indexers.length, Math.min(3, availableParallelism(), 4));
    for (const pid of indexers) assert.deepEqual(new Set(threadNices(pid)), new Set([helperNice()]));
  } finally {
    await closeIndexers();
    await rm(cacheDir, { recursive: true, force: true });
  }
});

test('where the pagefind package cannot be loaded a second time, the first lane indexes every shard', async () => {
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'soulpress-one-lane-'));
  try {
    // A loader that refuses the second lane's import (`…?lane=1`), as one that ignored the query would fail
    // it; run in a process of its own, whose module loading the hook governs.
    const hook = `export async function resolve(specifier, context, next) { if (specifier.includes('?lane=')) throw new Error('no second instance here'); return next(specifier, context); }`;
    const notes = manyNotes();
    await writeFile(path.join(cacheDir, 'notes.json'), JSON.stringify(notes));
    const script = [
      `import { register } from 'node:module';`,
      `import { readFileSync } from 'node:fs';`,
      `import path from 'node:path';`,
      `register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`,
      `const { closeIndexers, indexNotes } = await import(${srcImport('integration/search-index.ts')});`,
      `const { childProcesses } = await import(${srcImport('node/low-priority.ts')});`,
      `const cacheDir = ${JSON.stringify(cacheDir)};`,
      `const notes = JSON.parse(readFileSync(path.join(cacheDir, 'notes.json'), 'utf8'));`,
      `const folders = await indexNotes(notes, path.join(cacheDir, 'work'), cacheDir);`,
      `console.log(JSON.stringify({ folders, processes: childProcesses('pagefind').length }));`,
      `await closeIndexers();`,
    ].join('\n');
    const { folders, processes } = JSON.parse(await runScript(script)) as { folders: string[]; processes: number };
    assert.deepEqual(pageCounts(folders), shardsOf(notes, (n) => n.uri).map((shard) => shard.length), 'every shard whole, in order');
    if (existsSync('/proc/self/task')) assert.equal(processes, 1, 'one indexer process: the second lane never started');
  } finally {
    await rm(cacheDir, { recursive: true, force: true });
  }
});
