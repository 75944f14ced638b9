// History pages (issue 12, item 3) over a fixture repository built here: the sample family, then one
// commit each for an edit near the top, near the end, a note added, a note removed, a rename, a mode
// flip and a change no load reads. Each entry's cache figures must be what `soul-vault diff` says for
// that commit against its parent (the CLI's answer is itself checked against two `load` prompts).
// A vault outside any git repository builds with no history section at all; that build has search off
// too, and also checks what a build without search leaves out.
import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { historyRepo } from '../unit/git-helpers.ts';
import type { Repo } from '../unit/git-helpers.ts';
import { runMain } from '../unit/helpers.ts';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { renderPrompt } from '../../src/core/index.ts';
import type { IdentityDocument } from '../../src/core/index.ts';
import { VAULTS, astroBuild, cleanup, exists, listFiles, readPage, tmp } from './helpers/dist.ts';
import { checkLinks } from './helpers/links.ts';
import { compareHashes, hashFiles } from './helpers/hashes.ts';
import { pageText } from './helpers/html.ts';

const work = tmp('history');
after(() => cleanup(work));

/** Each history entry of a page, by its commit anchor: its HTML up to the next entry. */
function entries(html: string): Map<string, string> {
  const out = new Map<string, string>();
  const parts = html.split('<li class="history-entry" id="').slice(1);
  for (const part of parts) out.set(part.slice(0, part.indexOf('"')), part);
  return out;
}

const anchor = (id: string): string => `commit-${id.slice(0, 12)}`;

const reference = new Tiktoken(o200k);

describe('history pages over a fixture repository', () => {
  let repo: Repo;
  let ids: Awaited<ReturnType<typeof historyRepo>>['ids'];
  const outDir = path.join(work, 'dist');
  before(async () => {
    ({ repo, ids } = await historyRepo());
    // A time zone far from UTC and a locale with its own digits: the pages must still say UTC dates.
    const run = astroBuild({ outDir, vault: repo.root, env: { SOULPRESS_SEARCH: 'off', TZ: 'Pacific/Chatham', LANG: 'ar_EG.UTF-8', LC_ALL: 'ar_EG.UTF-8' } });
    assert.equal(run.status, 0, run.stderr);
  });
  after(() => repo.cleanup());

  test('the family page lists every commit newest first, with UTC dates, author names and no email', () => {
    const html = readPage(outDir, 'history/index.html');
    const order = [...entries(html).keys()];
    assert.deepEqual(order, ['unrelated', 'flip', 'renamed', 'removed', 'added', 'end', 'top', 'base'].map((s) => anchor(ids[s as keyof typeof ids])));
    const flip = entries(html).get(anchor(ids.flip))!;
    // 23:30 at +05:00 on the 16th is 18:30 UTC the same day.
    assert.match(flip, /<time datetime="2026-03-16T18:30:00Z">2026-03-16 18:30 UTC<\/time>/);
    assert.match(flip, /Author flip/);
    assert.match(flip, /Why: the flip case of the history pages\./);
    assert.match(entries(html).get(anchor(ids.unrelated))!, /No soul, preset or guest loads anything this commit changed/);
    for (const file of listFiles(outDir)) assert.doesNotMatch(readFileSync(path.join(outDir, file), 'latin1'), /private\.invalid/, `${file} publishes an author's email`);
  });

  test('each soul entry says where the prefix ends, as soul-vault diff does for that commit', async () => {
    const page = entries(readPage(outDir, 'souls/pippa/history/index.html'));
    // The unrelated commit changed no bundle, so it is not an entry of the soul's history.
    assert.equal(page.has(anchor(ids.unrelated)), false);
    const steps = ['top', 'end', 'added', 'removed', 'renamed', 'flip'] as const;
    const parents = ['base', 'top', 'end', 'added', 'removed', 'renamed'] as const;
    for (const [i, step] of steps.entries()) {
      const entry = page.get(anchor(ids[step]));
      assert.ok(entry, `no entry for ${step}`);
      const r = await runMain(['diff', 'pippa', '--harness', 'webui', '--from', ids[parents[i]!], '--to', ids[step], '--json', '--vault', repo.root]);
      assert.equal(r.code, 0, r.stderr);
      const d = JSON.parse(r.stdout) as { to: { revision: string; bytes: number }; prefix: { bytes: number; document: { index: number } | null } };
      assert.match(entry, new RegExp(`data-kept="${d.prefix.bytes}" data-total="${d.to.bytes}" data-document="${d.prefix.document?.index ?? ''}"`), step);
      assert.match(entry, new RegExp(`revision <code class="revision">${d.to.revision.slice(0, 12)}</code>`), step);
      // Tokens sent again: the new prompt's o200k tokens after the longest common token prefix, by a second tokenizer.
      const prompt = async (rev: string): Promise<number[]> => {
        const l = await runMain(['load', 'pippa', '--harness', 'webui', '--at', rev, '--json', '--vault', repo.root]);
        assert.equal(l.code, 0, l.stderr);
        return reference.encode(renderPrompt((JSON.parse(l.stdout) as { documents: IdentityDocument[] }).documents));
      };
      const [a, b] = [await prompt(ids[parents[i]!]), await prompt(ids[step])];
      let common = 0;
      while (common < a.length && common < b.length && a[common] === b[common]) common++;
      assert.match(entry, new RegExp(`data-fact="resent-tokens">${(b.length - common).toLocaleString('en-US')}<`), `${step}: tokens sent again`);
    }
    const text = (step: keyof typeof ids): string => pageText(page.get(anchor(ids[step]))!);
    assert.match(page.get(anchor(ids.top))!, /<ins>A line near the top\.<\/ins>/, 'a real line diff of the identity');
    assert.match(text('top'), /after byte 4, in document #1 \(Identity identity \)/);
    assert.match(page.get(anchor(ids.end))!, /<ins>One more line at the very end\.<\/ins>/);
    assert.match(text('added'), /added #\d+ Soul index soul_index soul:\/\/pippa\/index\/zz-new\.md/);
    assert.match(text('removed'), /removed Soul index soul_index soul:\/\/pippa\/index\/archive\.md/);
    assert.match(text('renamed'), /added #\d+ Soul core soul_core soul:\/\/pippa\/core\/wonder\.md/);
    assert.match(text('renamed'), /removed Soul core soul_core soul:\/\/pippa\/core\/curiosity\.md/);
    assert.match(text('flip'), /edited, whole → pointer #\d+ Soul index/);
    assert.match(text('base'), /First loads here/);
  });

  test('a commit on the family page names every bundle whose cache it broke, linking to its entry', () => {
    const top = entries(readPage(outDir, 'history/index.html')).get(anchor(ids.top))!;
    const broken = [...top.matchAll(/data-break="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(broken, ['pippa', 'pippa/code-review', 'pippa/lesson-writing', 'pippa/research-spike']);
    assert.match(top, new RegExp(`href="/souls/pippa/code-review/history/#${anchor(ids.top)}"`));
  });

  test('a note page lists the commits that changed it, following a rename back to the note it was', () => {
    const wonder = readPage(outDir, 'notes/pippa/core/wonder/index.html');
    const listed = [...wonder.matchAll(/href="\/history\/#(commit-[0-9a-f]+)"/g)].map((m) => m[1]);
    assert.deepEqual(listed, [anchor(ids.renamed), anchor(ids.base)]);
    assert.match(pageText(wonder), /was pippa\/core\/curiosity\.md/);
    const people = readPage(outDir, 'notes/pippa/index/people/index.html');
    assert.deepEqual([...people.matchAll(/href="\/history\/#(commit-[0-9a-f]+)"/g)].map((m) => m[1]), [anchor(ids.flip), anchor(ids.base)]);
  });

  test('soul, preset and guest pages link to their history; every link of the site resolves', () => {
    assert.match(readPage(outDir, 'souls/pippa/index.html'), /href="\/souls\/pippa\/history\/"/);
    assert.match(readPage(outDir, 'souls/pippa/code-review/index.html'), /href="\/souls\/pippa\/code-review\/history\/"/);
    assert.match(readPage(outDir, 'guests/marlow/index.html'), /href="\/guests\/marlow\/history\/"/);
    assert.ok(exists(path.join(outDir, 'guests/marlow/history/index.html')));
    assert.match(readPage(outDir, 'index.html'), /href="\/history\/"/);
    assert.deepEqual(checkLinks(outDir).broken, []);
  });

  test('a clone of the repository in another folder, built in another time zone and locale, gives the same history pages', async () => {
    const clone = path.join(work, 'a clone', 'of the repo');
    await repo.git('clone', '-q', repo.dir, clone);
    const again = path.join(work, 'dist-again');
    const run = astroBuild({ outDir: again, vault: path.join(clone, 'vaults'), env: { SOULPRESS_SEARCH: 'off', TZ: 'UTC', LANG: 'C', LC_ALL: 'C' } });
    assert.equal(run.status, 0, run.stderr);
    assert.ok(exists(path.join(again, 'history/index.html')));
    // The history pages, byte for byte (code highlighting in note pages is tests/site/reproducible-clones.test.ts's subject).
    const history = (dir: string): Map<string, string> => new Map([...hashFiles(dir)].filter(([f]) => /(^|\/)history\/index\.html$/.test(f)));
    assert.ok(history(outDir).size > 10);
    assert.deepEqual(compareHashes(history(outDir), history(again)), { differing: [], onlyA: [], onlyB: [] });
  });

  test('the depth option bounds the history, and the page says so', () => {
    const shallowOut = path.join(work, 'depth');
    const run = astroBuild({ outDir: shallowOut, vault: repo.root, env: { SOULPRESS_SEARCH: 'off', SOULPRESS_HISTORY: '2' } });
    assert.equal(run.status, 0, run.stderr);
    const html = readPage(shallowOut, 'history/index.html');
    assert.deepEqual([...entries(html).keys()], [anchor(ids.unrelated), anchor(ids.flip)]);
    assert.match(pageText(html), /The last 2 commits that touched the vault; older ones are not shown/);
    // The oldest commit shown is still compared with its parent, which lies outside the window.
    assert.match(entries(readPage(shallowOut, 'souls/pippa/history/index.html')).get(anchor(ids.flip))!, /data-kept="\d+"/);
  });
});

// Two sections a build can be without, in one build: history (no git repository) and search (switched off).
describe('a vault outside any git repository, built with SOULPRESS_SEARCH=off', () => {
  const vault = path.join(work, 'outside', 'vaults');
  const outDir = path.join(work, 'outside-dist');
  let log = '';
  before(() => {
    cpSync(VAULTS, vault, { recursive: true });
    const run = astroBuild({ outDir, vault, env: { SOULPRESS_SEARCH: 'off', GIT_CEILING_DIRECTORIES: work } });
    assert.equal(run.status, 0, run.stderr);
    log = run.stdout + run.stderr;
  });

  test('builds with no history section: no pages, no links, no error', () => {
    assert.equal(exists(path.join(outDir, 'history/index.html')), false);
    assert.deepEqual(listFiles(outDir).filter((f) => /(^|\/)history\//.test(f)), []);
    for (const page of ['index.html', 'souls/pippa/index.html', 'notes/pippa/core/curiosity/index.html']) {
      const html = readPage(outDir, page);
      assert.doesNotMatch(html, /\/history\//, page);
      assert.doesNotMatch(html, /note-history/, page);
    }
    assert.doesNotMatch(log, /not_a_repository|fatal: not a git repository/);
  });

  test('builds no search index and no search link; its search page says so', () => {
    assert.equal(exists(path.join(outDir, 'pagefind')), false);
    assert.equal(exists(path.join(outDir, 'pagefind-notes')), false);
    assert.doesNotMatch(readPage(outDir, 'index.html'), /href="\/search\/"/);
    const page = readPage(outDir, 'search/index.html');
    assert.match(page, /built without a search index/);
    assert.doesNotMatch(page, /<form class="search-form"/);
  });
});
