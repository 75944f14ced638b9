// Notes rendered on worker threads are byte-identical to notes rendered in this thread.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { splitFrontmatter } from '../../src/core/index.ts';
import { defaultThreads, renderNotes } from '../../src/markdown/render-pool.ts';
import { availableParallelism } from 'node:os';
import type { RenderJob } from '../../src/markdown/render-pool.ts';
import { FIXTURES, SAMPLE } from './helpers.ts';

function jobsUnder(root: string): { jobs: RenderJob[]; pages: Map<string, string> } {
  const jobs: RenderJob[] = [];
  const pages = new Map<string, string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const rel = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep);
    const [vault, ...rest] = rel;
    let body: string;
    try {
      body = splitFrontmatter(readFileSync(path.join(entry.parentPath, entry.name), 'utf8')).body;
    } catch {
      continue; // not valid UTF-8 or frontmatter: those cases are the loader's tests
    }
    jobs.push({ body, vault: vault!, path: rest.join('/'), title: entry.name });
    pages.set(`soul://${vault}/${rest.join('/')}`, `/notes/${vault}/${rest.join('/').replace(/\.md$/, '')}/`);
  }
  return { jobs, pages };
}

test('the sample family and the hostile notes: the same HTML from 2 workers as from this thread', async () => {
  const sample = jobsUnder(SAMPLE);
  const hostile = jobsUnder(path.join(FIXTURES, 'hostile'));
  const jobs = [...sample.jobs, ...hostile.jobs];
  const pages = new Map([...sample.pages, ...hostile.pages]);
  assert.ok(jobs.length > 64, 'enough notes for both workers to get batches');
  const here = await renderNotes(jobs, pages, 0);
  const there = await renderNotes(jobs, pages, 2);
  assert.equal(there.length, jobs.length);
  assert.deepEqual(there, here);
  assert.ok(here.some((note) => note.html.includes('<pre')), 'code blocks (Shiki) are in the comparison');
  assert.ok(here.some((note) => note.lookups.length > 0), 'what the notes looked up is in the comparison');
});

test('a note a worker cannot render fails the whole render with its message', async () => {
  const jobs: RenderJob[] = Array.from({ length: 40 }, (_, i) => ({ body: `# Note ${i}\n\ntext`, vault: 'v', path: `n${i}.md`, title: `Note ${i}` }));
  jobs[37] = { ...jobs[37]!, body: 42 as unknown as string };
  await assert.rejects(renderNotes(jobs, new Map(), 2), (error: Error) => error instanceof Error && error.message.length > 0);
});

test('the pool leaves a core to the main thread, which loads the vault and runs Vite meanwhile', () => {
  const cores = availableParallelism();
  assert.equal(defaultThreads(100), 0, 'a small vault renders in this thread');
  const threads = defaultThreads(5000);
  assert.ok(threads >= 1, 'a big vault gets at least one worker');
  if (cores > 1) assert.ok(threads <= cores - 1, `${threads} workers on ${cores} cores leave no core to the main thread`);
});
