// A build that fails while Pagefind is indexing the notes ends its indexer processes with it. Left
// running, an indexer found its pipe closed when it answered and printed a Rust panic and a backtrace
// under the build's own error.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { srcImport as src } from './helpers.ts';

test('a process that dies while its notes are being indexed leaves no indexer to panic', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'soulpress-search-exit-'));
  try {
    const script = path.join(work, 'fail.mjs');
    writeFileSync(
      script,
      `const { indexNotes } = await import(${src('integration/search-index.ts')});
       const notes = Array.from({ length: 1500 }, (_, i) => ({ uri: 'soul://pippa/core/n' + i + '.md', vault: 'pippa', path: 'core/n' + i + '.md', title: 'Note ' + i, summary: null, html: '<p>' + ('word' + i + ' ').repeat(3000) + '</p>', htmlKey: 'k' + i }));
       void indexNotes(notes, ${JSON.stringify(path.join(work, 'notes'))}, ${JSON.stringify(work)});
       // Fail once the first indexer has worked on the notes for 0.2 s of CPU, as a page that throws mid-build
       // does: it has documents in hand to answer for. (Without /proc to read that from, it fails at once.)
       const { childProcesses, procStat } = await import(${src('node/low-priority.ts')});
       const { existsSync } = await import('node:fs');
       const started = Date.now();
       while (existsSync('/proc/self/stat') && Date.now() - started < 20_000) {
         const [pid] = childProcesses('pagefind');
         const fields = pid === undefined ? null : procStat('/proc/' + pid + '/stat')?.fields;
         if (fields && Number(fields[11]) + Number(fields[12]) >= 20) break;
         await new Promise((r) => setTimeout(r, 5));
       }
       console.error('the build failed');
       process.exit(1);`,
    );
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, /the build failed/);
    assert.doesNotMatch(run.stderr, /panicked|backtrace|Pagefind backend closed/);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
