// Each soul, preset and guest page lists the documents exactly as loadIdentity returns them:
// same order, roles, URIs, modes, sizes and revisions, and the same rendered prompt.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { renderPrompt, utf8Length } from '../../src/core/index.ts';
import { DIST, exists, pageFile } from './helpers/dist.ts';
import { expectedBundles, HARNESS } from './helpers/family.ts';
import type { Expected } from './helpers/family.ts';
import { innerText, withAttr } from './helpers/html.ts';

let expected: Expected[] = [];

before(async () => {
  expected = await expectedBundles();
});

function rows(html: string) {
  return withAttr(html, 'data-position').map((t) => ({
    position: Number(t.attrs.get('data-position')),
    role: t.attrs.get('data-role'),
    uri: t.attrs.get('data-uri'),
    mode: t.attrs.get('data-mode'),
    revision: t.attrs.get('data-revision'),
    promptBytes: Number(t.attrs.get('data-prompt-bytes')),
    noteBytes: Number(t.attrs.get('data-note-bytes')),
    id: t.attrs.get('id'),
  }));
}

describe('bundle pages', () => {
  test('the sample family has souls, presets and guests to check', () => {
    assert.ok(expected.filter((e) => e.bundle.kind === 'family' && e.bundle.preset === null).length >= 3);
    assert.ok(expected.some((e) => e.bundle.preset !== null));
    assert.ok(expected.some((e) => e.bundle.kind === 'guest'));
  });

  test('every bundle has its page, and every soul and guest page is a bundle', () => {
    for (const { page } of expected) assert.ok(exists(pageFile(DIST, page)), `missing ${page}`);
    const soulDirs = readdirSync(path.join(DIST, 'souls'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    const souls = new Set(expected.filter((e) => e.bundle.kind === 'family').map((e) => e.bundle.soul));
    assert.deepEqual(new Set(soulDirs), souls);
    const guestDirs = readdirSync(path.join(DIST, 'guests'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    assert.deepEqual(new Set(guestDirs), new Set(expected.filter((e) => e.bundle.kind === 'guest').map((e) => e.bundle.soul)));
  });

  test('rows are the loader documents in order: role, URI, mode, revision, sizes', () => {
    for (const { bundle, page } of expected) {
      const html = readFileSync(pageFile(DIST, page), 'utf8');
      const got = rows(html);
      const want = bundle.documents.map((d, i) => ({
        position: i + 1,
        role: d.role,
        uri: d.uri,
        mode: d.mode,
        revision: d.revision,
        promptBytes: utf8Length(d.text),
        noteBytes: d.bytes,
      }));
      assert.deepEqual(
        got.map(({ id: _id, ...rest }) => rest),
        want,
        `${page}: rows differ from loadIdentity(${bundle.soul}, ${bundle.preset ?? 'no preset'})`,
      );
      assert.equal(new Set(got.map((r) => r.id)).size, got.length, `${page}: row anchors are unique`);
      for (const r of got) assert.match(r.id ?? '', /^doc-/, `${page}: row ${r.position} has an anchor`);
    }
  });

  test('the identity card names soul, harness, preset and the bundle revision', () => {
    for (const { bundle, page } of expected) {
      const html = readFileSync(pageFile(DIST, page), 'utf8');
      const article = withAttr(html, 'data-bundle')[0];
      assert.ok(article, `${page}: no bundle article`);
      assert.equal(article.attrs.get('data-soul'), bundle.soul);
      assert.equal(article.attrs.get('data-harness'), HARNESS);
      assert.equal(article.attrs.get('data-preset'), bundle.preset ?? '');
      assert.equal(article.attrs.get('data-revision'), bundle.revision);
      const revisions = withAttr(html, 'data-bundle-revision').map((t) => t.attrs.get('data-bundle-revision'));
      assert.deepEqual(revisions, [bundle.revision], `${page}: one element carries the bundle revision`);
      assert.ok(innerText(html, /<code[^>]*data-harness[^>]*>/, '</code>') === HARNESS, `${page}: harness shown`);
      assert.ok(html.includes(`<h1>${bundle.display}`) || html.includes(`>${bundle.display}`), `${page}: display name shown`);
    }
  });

  test('the full prompt text is renderPrompt of the bundle', () => {
    for (const { bundle, page } of expected) {
      const html = readFileSync(pageFile(DIST, page), 'utf8');
      const text = innerText(html, /<pre class="prompt"[^>]*><code[^>]*>/, '</code></pre>');
      assert.equal(text, renderPrompt(bundle.documents), `${page}: prompt text`);
    }
  });

  test('role groups and the stacked bar follow the documents', () => {
    for (const { bundle, page } of expected) {
      const html = readFileSync(pageFile(DIST, page), 'utf8');
      const groups = withAttr(html, 'data-role-group').map((t) => t.attrs.get('data-role-group'));
      const runs = bundle.documents.map((d) => d.role).filter((r, i, all) => i === 0 || all[i - 1] !== r);
      assert.deepEqual(groups, runs, `${page}: one group per run of a role`);
      const svg = /<svg[^>]*class="prompt-bar-svg"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? '';
      const rects = svg.match(/<rect /g)?.length ?? 0;
      const nonEmpty = new Set(bundle.documents.filter((d) => d.text !== '').map((d) => d.role)).size;
      assert.equal(rects, nonEmpty, `${page}: one bar segment per role with prompt bytes`);
    }
  });

  test('a preset page says how many leading prompt bytes it shares with the no-preset bundle', () => {
    const encoder = new TextEncoder();
    const presets = expected.filter((e) => e.bundle.preset !== null);
    assert.ok(presets.length > 0);
    for (const { bundle, page } of presets) {
      const base = expected.find((e) => e.bundle.soul === bundle.soul && e.bundle.preset === null)!.bundle;
      const a = encoder.encode(renderPrompt(base.documents));
      const b = encoder.encode(renderPrompt(bundle.documents));
      let shared = 0;
      while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++;
      const html = readFileSync(pageFile(DIST, page), 'utf8');
      const shown = withAttr(html, 'data-cache-prefix').map((t) => Number(t.attrs.get('data-cache-prefix')));
      assert.deepEqual(shown, [shared], `${page}: shared prefix`);
    }
    for (const { bundle, page } of expected.filter((e) => e.bundle.preset === null)) {
      assert.equal(withAttr(readFileSync(pageFile(DIST, page), 'utf8'), 'data-cache-prefix').length, 0, `${page}: ${bundle.soul} has no comparison`);
    }
  });

  test('warnings from the loader are listed', () => {
    for (const { bundle, page } of expected) {
      const html = readFileSync(pageFile(DIST, page), 'utf8');
      const shown = withAttr(html, 'data-warning').map((t) => t.attrs.get('data-warning'));
      assert.deepEqual(shown, bundle.warnings.map((w) => w.code), `${page}: warnings`);
    }
  });
});

describe('lesson embeds', () => {
  test('<LoadOrder> tables list the loader documents of their bundle', () => {
    const lessonDir = path.join(DIST, 'lessons');
    let embeds = 0;
    for (const slug of readdirSync(lessonDir)) {
      const file = path.join(lessonDir, slug, 'index.html');
      if (!exists(file)) continue;
      const html = readFileSync(file, 'utf8');
      for (const m of html.matchAll(/<figure[^>]*data-embed="load-order"[\s\S]*?<\/figure>/g)) {
        const figure = withAttr(m[0], 'data-embed')[0]!;
        const soul = figure.attrs.get('data-soul');
        const preset = figure.attrs.get('data-preset') || null;
        const want = expected.find((e) => e.bundle.soul === soul && e.bundle.preset === preset);
        assert.ok(want, `lesson ${slug}: embed for unknown bundle ${soul}/${preset}`);
        const got = withAttr(m[0], 'data-uri').map((t) => [t.attrs.get('data-role'), t.attrs.get('data-uri'), t.attrs.get('data-mode')]);
        assert.deepEqual(got, want.bundle.documents.map((d) => [d.role, d.uri, d.mode]), `lesson ${slug}: embed of ${soul}`);
        embeds++;
      }
    }
    assert.ok(embeds > 0, 'at least one lesson embeds a load order');
  });
});
