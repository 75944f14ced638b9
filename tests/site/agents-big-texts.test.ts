// Issue 23, class 9: an agent page over a 10 MB .rules and a 10 MB system/rules.md took 30 s to load
// in Chromium: each text was on the page whole, several times (the rules card, the section, the
// prompt). The page now shows each long text's head and says how much is left out; the sizes are
// still the whole text's.
import assert from 'node:assert/strict';
import { mkdirSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { astroBuild, cleanup, readPage, tmp } from './helpers/dist.ts';
import { ROOT } from './helpers/dist.ts';

const work = tmp('agents-big-texts');
after(() => cleanup(work));
const agents = path.join(work, 'agents');
const out = path.join(work, 'dist');
const TEN_MB = 10 * 1024 * 1024;

before(() => {
  const big = path.join(agents, 'big');
  mkdirSync(path.join(big, 'system'), { recursive: true });
  const line = 'Rule: answer in full sentences, cite the source, keep the tone.\n';
  writeFileSync(path.join(big, 'system/rules.md'), `FIRST-CANONICAL-LINE\n${line.repeat(Math.ceil(TEN_MB / line.length))}`);
  writeFileSync(path.join(big, '.rules'), `FIRST-PENDING-LINE\n${line.repeat(Math.ceil(TEN_MB / line.length))}`);
  // One run of a million spaces, and of a million letters: one pre-token each, and BPE over one piece
  // is quadratic (counting either took most of an hour).
  const runs = path.join(agents, 'runs');
  mkdirSync(path.join(runs, 'system'), { recursive: true });
  writeFileSync(path.join(runs, 'system/lingtai.md'), `I am runs.${' '.repeat(1 << 20)}end`);
  writeFileSync(path.join(runs, 'system/pad.md'), 'a'.repeat(1 << 20));
  // Four 30 MB files of NUL bytes (sparse): valid UTF-8 that JSON writes six characters a byte, so the
  // preview's snapshot once passed what one string can hold (RangeError: Invalid string length).
  const nul = path.join(agents, 'nul');
  mkdirSync(path.join(nul, 'system'), { recursive: true });
  for (const file of ['system/lingtai.md', 'system/pad.md', 'system/rules.md', '.rules']) {
    writeFileSync(path.join(nul, file), '');
    truncateSync(path.join(nul, file), 30 * 1024 * 1024);
  }
  // 1,200 problems, and a skill whose SKILL.md is a megabyte.
  const many = path.join(agents, 'many');
  for (let i = 0; i < 1200; i++) {
    mkdirSync(path.join(many, 'knowledge', `loose-${String(i).padStart(4, '0')}`), { recursive: true });
    writeFileSync(path.join(many, 'knowledge', `loose-${String(i).padStart(4, '0')}`, 'x.txt'), 'x');
  }
  mkdirSync(path.join(many, '.library/custom/long'), { recursive: true });
  // Markdown nested 90,000 deep took the renderer 13 s for one entry (quadratic): shown as plain text.
  mkdirSync(path.join(many, '.library/custom/nested'), { recursive: true });
  writeFileSync(path.join(many, '.library/custom/nested/SKILL.md'), `---\nname: nested\ndescription: Deep quotes.\n---\n${'>'.repeat(90_000)} NESTED-BODY\n`);
  writeFileSync(path.join(many, '.library/custom/long/SKILL.md'), `---\nname: long\ndescription: A megabyte.\n---\nLONG-HEAD\n${'A paragraph of the skill.\n\n'.repeat(40_000)}LONG-TAIL\n`);
});

test('a 10 MB rules.md and .rules: the page holds their heads, says they are cut, and stays small; long runs are estimated, not hung on', { timeout: 600_000 }, () => {
  const lessons = path.join(work, 'lessons');
  mkdirSync(lessons, { recursive: true });
  const run = astroBuild({ outDir: out, vault: path.join(ROOT, 'tests/fixtures/tiny'), env: { SOULPRESS_LESSONS: lessons, SOULPRESS_AGENTS: agents } });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  const file = path.join(out, 'agents/big/index.html');
  const size = statSync(file).size;
  assert.ok(size < 2 * 1024 * 1024, `the page is ${size} bytes`);
  const page = readPage(out, 'agents/big/index.html');
  assert.ok(page.includes('FIRST-CANONICAL-LINE') && page.includes('FIRST-PENDING-LINE'), 'the heads are shown');
  assert.match(page, /cut here: the page shows the first 100,000 of [\d,]+ characters/);
  // The sizes are the whole text's: the rules section's row says 10 MB, not 100 KB.
  assert.match(page, /data-section="rules"[^>]*data-bytes="(\d{8,})"/);
  // The long runs were not fed to the tokenizer: their counts are estimates, and say so.
  const runs = readPage(out, 'agents/runs/index.html');
  for (const name of ['character', 'pad']) {
    const row = new RegExp(`data-section="${name}"[\\s\\S]*?<td class="num tokens">([^<]*)`).exec(runs)?.[1] ?? '';
    assert.match(row, /^≈ /, `${name}: ${row}`);
  }
  assert.ok(statSync(path.join(out, 'agents/nul/index.html')).size < 2 * 1024 * 1024);
  assert.ok(statSync(path.join(out, 'data/agents/nul.json')).size > 0);
  // A thousand problems are listed, the rest counted; a long entry's page is its head.
  const many = readPage(out, 'agents/many/index.html');
  assert.equal(many.split('data-problem="knowledge"').length - 1, 1000);
  assert.match(many, /And 200 more problems, not listed here/);
  const entry = readPage(out, 'agents/many/skills/custom/long/index.html');
  assert.ok(entry.includes('LONG-HEAD') && !entry.includes('LONG-TAIL') && entry.length < 1024 * 1024, `the entry page is ${entry.length} characters`);
  assert.match(entry, /cut here/);
  const nested = readPage(out, 'agents/many/skills/custom/nested/index.html');
  assert.match(nested, /<pre class="prompt">&gt;&gt;&gt;/);
  assert.ok(!nested.includes('<blockquote'), 'the nesting went to the Markdown renderer');
});
