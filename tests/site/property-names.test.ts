// A property over whole builds: vault trees whose note, folder and preset names come from a hostile
// alphabet (URL delimiters, percent escapes, tabs and newlines, NFC and NFD, composing jamo,
// backslashes). For each, `check` clean must mean the build succeeds, every page and internal link
// answers 200 from a static HTTP server under a base path, and every note has exactly one page; a
// vault `check` fails must fail the build with one of check's own findings, never a stack trace.
// Builds take seconds each, so the runs are few (CI replays a fixed seed, see tests/unit/fc-seed.ts).
import '../unit/fc-seed.ts';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { VAULT_ID, checkFamily, noteUri, walkFolder } from '../../src/core/index.ts';
import { FsStore } from '../../src/node/index.ts';
import { writeFiles } from '../fixtures/hostile/generate.ts';
import { crawl } from './helpers/crawl.ts';
import { astroBuild, cleanup, tmp } from './helpers/dist.ts';

const work = tmp('property-names');
after(() => cleanup(work));
const lessons = path.join(work, 'lessons');
mkdirSync(lessons);
const base = '/p/';

// Units of up to 60 bytes, at most four to a name: every name fits the file system's 255 bytes.
const ALPHABET = ['index.html', '%'.repeat(60), '\u{1f98a}'.repeat(15), 'a', 'Z', '0', ' ', '\t', '\n', '#', '?', '%', '%2e', '&', '+', '~', '.', '-', '_', '\\', "'", '"', '<', '>', '[', ']', '(', ')', '*', ':', ';', '=', '@', '!', '$', ',', '{', '}', '|', '^', '`', '\u00e9', 'e\u0301', '\u212b', '\u00c5', '\u7075', '\u{1f98a}', '\u1100', '\u1161', '\u0301'];
const name = fc
  .array(fc.constantFrom(...ALPHABET), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join(''))
  .filter((s) => !s.startsWith('.'));
const FOLDERS = ['cwkpippa-shared/core', 'wren/core', 'wren/index', 'wren/projects', 'cwkpippa-guests/ada/memory', 'wren/drafts'];
// Mostly notes the loader accepts, sometimes one it refuses, so both sides of the property run.
const body = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('Plain.\n', '---\nprompt_loading: inline\n---\nInline.\n', '---\nprompt_loading: on-demand\n---\n', '---\ndate: 0099-06-01T00:00:00.0001+01:00\n---\n') },
  { weight: 1, arbitrary: fc.constantFrom('---\nprompt_loading: Inline\n---\n', '---\ndate: 2026-02-30\n---\n', '---\ntitle: [\n---\n') },
);
const note = fc.record({ folder: fc.constantFrom(...FOLDERS), sub: fc.option(name, { nil: null, freq: 3 }), name, body });
const vaultTree = fc.array(note, { minLength: 3, maxLength: 10 });

const BASE_FILES: Record<string, string> = {
  'cwkpippa-shared/instructions.md': 'Shared for {soul}.\n',
  'wren/Wren.md': '# Wren\n',
  'wren/instructions.md': 'Wren.\n',
  'cwkpippa-guests/instructions.md': 'Guest {soul}.\n',
  'cwkpippa-guests/ada/Ada.md': '# Ada\n',
  'cwkpippa-guests/ada/instructions.md': 'Ada.\n',
};

async function readableNotes(root: string): Promise<string[]> {
  const store = new FsStore(root);
  const out: string[] = [];
  for (const v of (await store.vaults()).filter((id) => VAULT_ID.test(id))) out.push(...(await walkFolder(store, v, '')).paths.map((p) => noteUri(v, p)));
  return out.sort();
}

let run = 0;
test('check clean ⇔ the build succeeds; then every link resolves over HTTP and every note has one page', { timeout: 600_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(vaultTree, async (notes) => {
      const dir = path.join(work, `run-${run++}`);
      const root = path.join(dir, 'vaults');
      const files: Record<string, string> = { ...BASE_FILES };
      // Presets sit directly in projects/; elsewhere a note may be one folder down.
      for (const n of notes) files[`${n.folder}/${n.sub && n.folder !== 'wren/projects' ? `${n.sub}/` : ''}${n.name}.md`] = n.body;
      writeFiles(root, files);
      const report = await checkFamily({ store: new FsStore(root) });
      const errors = report.findings.filter((f) => f.severity === 'error');
      const site = path.join(dir, 'served', 'p');
      const build = astroBuild({ outDir: site, vault: root, base, env: { SOULPRESS_LESSONS: lessons, SOULPRESS_SEARCH: 'off' } });
      const output = build.stdout + build.stderr;
      assert.doesNotMatch(output, /^\s+at /m, 'no stack trace');
      if (errors.length > 0) {
        assert.notEqual(build.status, 0, `check found ${errors.map((e) => e.code).join(', ')} but the build passed`);
        assert.ok(errors.some((f) => output.includes(`error[${f.code}]: ${f.message}`)), `the build refused something check did not report:\n${output.slice(-2000)}`);
        return;
      }
      assert.equal(build.status, 0, output.slice(-3000));
      const crawled = await crawl(path.join(dir, 'served'), site, base);
      assert.deepEqual(crawled.broken, []);
      assert.deepEqual([...crawled.notePages.keys()].sort(), await readableNotes(root));
      for (const [uri, urls] of crawled.notePages) assert.equal(urls.length, 1, `${uri} on ${urls.join(', ')}`);
      cleanup(dir);
    }),
    { numRuns: 4, endOnFailure: true },
  );
});
