// `soul-vault check`: clean on the sample family; every problem of a broken copy at once; --strict fails on warnings.
import assert from 'node:assert/strict';
import { appendFile, cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { CheckReport as Report } from '../../src/core/index.ts';
import { SAMPLE, cli, runMain, tempDir } from './helpers.ts';

const REPORT_KEYS = ['family', 'souls', 'guests', 'findings', 'errors', 'warnings'];
const FINDING_KEYS = ['severity', 'code', 'message', 'note', 'role', 'souls'];

function shape(report: Report): void {
  assert.deepEqual(Object.keys(report), REPORT_KEYS);
  for (const f of report.findings) assert.deepEqual(Object.keys(f), FINDING_KEYS);
}

describe('check', { concurrency: true }, () => {
  let broken: { dir: string; cleanup: () => Promise<void> };
  let large: { dir: string; cleanup: () => Promise<void> };
  before(async () => {
    // Two souls broken two different ways: quill loses its instructions, lingtai's index gets unclosed frontmatter.
    broken = await tempDir();
    await cp(SAMPLE, broken.dir, { recursive: true });
    await rm(path.join(broken.dir, 'quill', 'instructions.md'));
    const ledger = path.join(broken.dir, 'lingtai', 'index', 'ledger.md');
    const text = await readFile(ledger, 'utf8');
    await writeFile(ledger, text.replace(/^---\n([\s\S]*?)\n---\n/, '---\n$1\n'));
    // One note just over the limit: a warning only.
    large = await tempDir();
    await cp(SAMPLE, large.dir, { recursive: true });
    const curiosity = path.join(large.dir, 'pippa', 'core', 'curiosity.md');
    const size = (await readFile(curiosity)).byteLength;
    await appendFile(curiosity, 'x'.repeat(51_201 - size));
  });
  after(async () => {
    await broken.cleanup();
    await large.cleanup();
  });

  test('the real bin: the sample family is clean, exit 0', async () => {
    const r = await cli(['check', '--json', '--vault', SAMPLE]);
    assert.equal(r.code, 0, r.stdout);
    const report = JSON.parse(r.stdout) as Report;
    shape(report);
    assert.deepEqual(report, { family: 'cwkpippa', souls: ['lingtai', 'pippa', 'quill'], guests: ['marlow', 'sable'], findings: [], errors: 0, warnings: 0 });
  });

  test('the sample family, readable: 0 errors, 0 warnings, and clean with --strict too', async () => {
    const r = await runMain(['check', '--strict', '--vault', SAMPLE]);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, 'family cwkpippa: 3 souls, 2 guests\n0 error(s), 0 warning(s)\n');
  });

  test('the real bin: a broken copy exits 1 and lists both problems, the same on every run', async () => {
    const [r, again] = await Promise.all([cli(['check', '--json', '--vault', broken.dir]), runMain(['check', '--json', '--vault', broken.dir])]);
    assert.equal(r.stdout, again.stdout);
    assert.equal(r.code, 1);
    assert.equal(r.stderr, '');
    const report = JSON.parse(r.stdout) as Report;
    shape(report);
    assert.equal(report.errors, 2);
    assert.equal(report.warnings, 0);
    const found = report.findings.map(({ severity, code, note, role, souls }) => ({ severity, code, note, role, souls }));
    assert.deepEqual(
      found.sort((a, b) => (a.note! < b.note! ? -1 : 1)),
      [
        { severity: 'error', code: 'frontmatter_invalid', note: 'soul://lingtai/index/ledger.md', role: 'soul_index', souls: ['lingtai'] },
        { severity: 'error', code: 'identity_document_missing', note: 'soul://quill/instructions.md', role: 'soul_instructions', souls: ['quill'] },
      ],
    );
  });

  test('the readable report names both problems with note and role', async () => {
    const r = await runMain(['check', '--vault', broken.dir]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /error\[identity_document_missing\]: .*soul:\/\/quill\/instructions\.md \(soul_instructions\)/);
    assert.match(r.stdout, /error\[frontmatter_invalid\]: .*soul:\/\/lingtai\/index\/ledger\.md \(soul_index\)/);
    assert.match(r.stdout, /\n2 error\(s\), 0 warning\(s\)\n$/);
  });

  test('more problems in the same soul are all listed, not only the first', async () => {
    const tmp = await tempDir();
    try {
      await cp(broken.dir, tmp.dir, { recursive: true });
      await rm(path.join(tmp.dir, 'quill', 'Quill Ashford.md'));
      await writeFile(path.join(tmp.dir, 'quill', 'index', 'drafts.md'), '---\n- a list\n---\n');
      const report = JSON.parse((await runMain(['check', '--json', '--vault', tmp.dir])).stdout) as Report;
      assert.deepEqual(
        report.findings.filter((f) => f.souls.includes('quill')).map((f) => [f.code, f.role]).sort(),
        [
          ['frontmatter_invalid', 'soul_index'],
          ['identity_document_missing', 'identity'],
          ['identity_document_missing', 'soul_instructions'],
        ],
      );
    } finally {
      await tmp.cleanup();
    }
  });

  test('the real bin: --strict exits 1 on a note_large warning; without it, 0', async () => {
    const [lax, strict] = await Promise.all([runMain(['check', '--json', '--vault', large.dir]), cli(['check', '--strict', '--json', '--vault', large.dir])]);
    assert.equal(lax.code, 0, lax.stdout);
    assert.equal(strict.code, 1);
    const report = JSON.parse(strict.stdout) as Report;
    shape(report);
    assert.equal(report.errors, 0);
    assert.equal(report.warnings, 1);
    assert.deepEqual(
      report.findings.map(({ severity, code, note }) => [severity, code, note]),
      [['warning', 'note_large', 'soul://pippa/core/curiosity.md']],
    );
    assert.deepEqual(report.findings[0]!.souls, ['pippa']);
  });
});
