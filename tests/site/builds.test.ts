// Builds other than the main one: a broken vault must fail with the loader's message and leave
// no page (and no half site in an outDir that held a good one); a build under a base path must
// keep every link inside that base (and keep hostile notes inert). Two builds giving the same
// bytes is reproducible-clones.test.ts.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { DIST, VAULTS, astroBuild, cleanup, exists, listFiles, pageFile, tmp } from './helpers/dist.ts';
import { compareHashes, hashFiles } from './helpers/hashes.ts';
import { checkLinks } from './helpers/links.ts';
import { tags } from './helpers/html.ts';

const scratch: string[] = [];
after(() => scratch.forEach(cleanup));

function scratchDir(prefix: string): string {
  const dir = tmp(prefix);
  scratch.push(dir);
  return dir;
}

describe('a broken vault', () => {
  test('fails the build with the loader message, no stack trace and no pages', () => {
    const work = scratchDir('broken');
    const vault = path.join(work, 'vaults');
    cpSync(VAULTS, vault, { recursive: true });
    rmSync(path.join(vault, 'pippa', 'instructions.md'));
    const outDir = path.join(work, 'dist');
    const run = astroBuild({ outDir, vault });
    const output = run.stdout + run.stderr;
    assert.notEqual(run.status, 0, 'the build must fail');
    assert.ok(
      output.includes(
        'Soulpress: cannot build soul pippa: error[identity_document_missing]: required identity document soul://pippa/instructions.md (soul_instructions) is missing from the fs store',
      ),
      output,
    );
    assert.doesNotMatch(output, /^\s+at /m, 'no stack trace');
    assert.ok(!exists(pageFile(outDir, 'souls/pippa/')), 'no page for the broken soul');
    assert.ok(!existsSync(outDir) || listFiles(outDir).every((f) => !f.endsWith('.html')), 'no pages at all');
  });

  // The vault is loaded in config:setup, before Astro touches the outDir: a site built there
  // before stays exactly as it was, and a server keeps serving the last good build.
  test('leaves the previous build in the same outDir byte for byte as it was', () => {
    const work = scratchDir('broken-over-good');
    const vault = path.join(work, 'vaults');
    cpSync(VAULTS, vault, { recursive: true });
    rmSync(path.join(vault, 'pippa', 'instructions.md'));
    const outDir = path.join(work, 'dist');
    assert.ok(exists(path.join(DIST, 'souls/pippa/index.html')), 'the default build (npm run build) is there to copy');
    cpSync(DIST, outDir, { recursive: true });
    const good = hashFiles(outDir);
    const run = astroBuild({ outDir, vault });
    assert.notEqual(run.status, 0, 'the build must fail');
    assert.match(run.stdout + run.stderr, /Soulpress: cannot build soul pippa: error\[identity_document_missing\]/);
    assert.deepEqual(compareHashes(good, hashFiles(outDir)), { differing: [], onlyA: [], onlyB: [] });
    assert.ok(good.size > 50);
  });

  // A failure while pages render (a lesson embed naming a note that is gone) comes after Astro
  // has emptied the outDir and written some pages: the integration empties it again, so no half
  // site (old pages gone, some new ones, Astro's .prerender chunks) is left to serve.
  test('failing while rendering leaves an empty outDir, not half a site', () => {
    const work = scratchDir('broken-render');
    const vault = path.join(work, 'vaults');
    cpSync(VAULTS, vault, { recursive: true });
    rmSync(path.join(vault, 'cwkpippa-shared', 'core', 'voice.md'));
    const outDir = path.join(work, 'dist');
    cpSync(DIST, outDir, { recursive: true });
    const run = astroBuild({ outDir, vault });
    const output = run.stdout + run.stderr;
    assert.notEqual(run.status, 0, 'the build must fail');
    assert.ok(output.includes('Soulpress: <Note uri="soul://cwkpippa-shared/core/voice.md" /> in /lessons/whole-or-pointer/: no such note in the vault root'), output);
    // The failure came mid-render: some pages had been written before it.
    assert.match(output, /\/index\.html \(\+\d+ms\)/);
    assert.deepEqual(readdirSync(outDir), [], 'nothing is left in the outDir');
  });
});

describe('a build under a base path', () => {
  const base = '/team/souls/';
  const work = scratchDir('base');
  const vault = path.join(work, 'vaults');
  const outDir = path.join(work, 'dist');
  let built = false;

  const build = () => {
    if (built) return;
    cpSync(VAULTS, vault, { recursive: true });
    // A library note nobody loads, written to attack the site: it must render as inert text.
    mkdirSync(path.join(vault, 'cwkpippa-shared', 'library'), { recursive: true });
    writeFileSync(
      path.join(vault, 'cwkpippa-shared', 'library', 'hostile.md'),
      [
        '---',
        'title: Hostile <b>title</b>',
        '---',
        '# Hostile',
        '',
        '<script>window.__pwned = 1</script>',
        '',
        'Inline <img src=x onerror="window.__pwned=2"> and <iframe src="https://example.org"></iframe>.',
        '',
        '[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox) [ref][r] <javascript:alert(3)>',
        '',
        '![pic](javascript:alert(4)) [voice](../core/voice.md) [same](soul://cwkpippa-shared/core/honesty.md) [gone](soul://nowhere/x.md)',
        '',
        '[r]: JaVaScRiPt:alert(2)',
        '',
        "import fs from 'node:fs'",
        '',
        '{globalThis.process.exit(3)}',
        '',
        '```html',
        '<script>alert("in code is fine")</script>',
        '```',
        '',
      ].join('\n'),
    );
    const run = astroBuild({ outDir, vault, base });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    built = true;
  };

  test('every link resolves inside the base', () => {
    build();
    const report = checkLinks(outDir, base);
    assert.deepEqual(report.broken, []);
    assert.ok(report.checked > 1000);
    const home = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    assert.ok(home.includes(`href="${base}souls/pippa/"`), 'links carry the base');
    // The previews' modules, named in the page for the opener to load, are under the base too.
    for (const page of ['souls/pippa/', 'agents/mingjing/']) {
      const start = /data-start="([^"]+)"/.exec(readFileSync(pageFile(outDir, page), 'utf8'))?.[1];
      assert.ok(start?.startsWith(`${base}_astro/`) && existsSync(path.join(outDir, start.slice(base.length))), `${page}: the preview's module ${start}`);
    }
  });

  test('a hostile note renders as text: no script, no handler, no unsafe URL', () => {
    build();
    const html = readFileSync(pageFile(outDir, 'notes/cwkpippa-shared/library/hostile/'), 'utf8');
    const body = html.slice(html.indexOf('class="prose note-body"'), html.indexOf('id="frontmatter-title"'));
    assert.ok(body.length > 0);
    for (const tag of tags(body)) {
      assert.ok(!['script', 'iframe', 'img', 'object', 'embed'].includes(tag.name), `a <${tag.name}> came through`);
      for (const [name, value] of tag.attrs) {
        assert.ok(!name.startsWith('on'), `handler ${name}`);
        if (name === 'href' || name === 'src') assert.doesNotMatch(value, /^\s*(javascript|data|vbscript):/i, `${name}=${value}`);
      }
    }
    assert.ok(body.includes('&lt;script&gt;window.__pwned = 1&lt;/script&gt;'), 'raw HTML is shown as text');
    // Notes are Markdown, not MDX: an import line or a {expression} is text, never run at build.
    assert.ok(body.includes('import fs from ') && body.includes('{globalThis.process.exit(3)}'), 'MDX syntax stays text');
    assert.ok(body.includes(`href="${base}notes/cwkpippa-shared/core/voice/"`), 'a relative .md link points at the note page');
    assert.ok(body.includes(`href="${base}notes/cwkpippa-shared/core/honesty/"`), 'a soul:// link points at the note page');
    assert.ok(!html.includes('<b>title</b>'), 'frontmatter is escaped');
    const scripts = html.match(/<script\b/g)?.length ?? 0;
    // Another note page of the same vault: the same page kind, so the same scripts of the site's own.
    const ownScripts = readFileSync(pageFile(outDir, 'notes/cwkpippa-shared/core/voice/'), 'utf8').match(/<script\b/g)?.length ?? 0;
    assert.equal(scripts, ownScripts, 'only the site’s own scripts');
  });
});
