// The rest of the page set: home, lessons, 404, sitemap, and what every page shares
// (one h1, lang, skip link, theme before paint, a small JS budget).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { before, test } from 'node:test';
import { DIST, exists, listFiles, pageFile } from './helpers/dist.ts';
import { expectedBundles } from './helpers/family.ts';
import type { Expected } from './helpers/family.ts';
import { pageText, tags, withAttr } from './helpers/html.ts';

let bundles: Expected[] = [];
let htmlFiles: string[] = [];

before(async () => {
  bundles = await expectedBundles();
  htmlFiles = listFiles(DIST).filter((f) => f.endsWith('.html'));
});

const page = (p: string) => readFileSync(pageFile(DIST, p), 'utf8');

test('home has a card per soul and guest with its loader figures', () => {
  const html = page('');
  const cards = withAttr(html, 'data-member');
  const defaults = bundles.filter((e) => e.bundle.preset === null);
  assert.deepEqual(
    cards.map((c) => c.attrs.get('data-member')),
    defaults.map((e) => e.bundle.soul),
  );
  for (const { bundle } of defaults) {
    const start = html.indexOf(`data-member="${bundle.soul}"`);
    const card = html.slice(start, html.indexOf('</article>', start));
    const whole = bundle.documents.filter((d) => d.mode === 'whole').length;
    assert.match(card, new RegExp(`data-documents>${bundle.documents.length}<`), `${bundle.soul}: documents`);
    assert.match(card, new RegExp(`data-whole>${whole}<`), `${bundle.soul}: whole`);
    assert.match(card, new RegExp(`data-pointer>${bundle.documents.length - whole}<`), `${bundle.soul}: pointer`);
    assert.ok(card.includes(bundle.display), `${bundle.soul}: display name`);
  }
  assert.ok(html.includes('cwkpippa-shared'), 'the shared vault');
});

test('lessons: series position, status, reading time, tags and previous/next', () => {
  const lessons = htmlFiles.filter((f) => /^lessons\/[^/]+\/index\.html$/.test(f));
  assert.ok(lessons.length >= 1, 'the sample has lessons');
  const positions = lessons.map((f) => {
    const text = pageText(readFileSync(path.join(DIST, f), 'utf8'));
    const m = /Lesson (\d+) of (\d+)/.exec(text);
    assert.ok(m, `${f}: series position`);
    assert.equal(Number(m[2]), lessons.length, `${f}: series length`);
    assert.match(text, /\b(published|draft)\b/, `${f}: status`);
    assert.match(text, /\d+ min read/, `${f}: reading time`);
    return Number(m[1]);
  });
  assert.deepEqual([...positions].sort((a, b) => a - b), lessons.map((_, i) => i + 1));
  for (const f of lessons) {
    const html = readFileSync(path.join(DIST, f), 'utf8');
    const rels = tags(html).filter((t) => t.name === 'a' && t.attrs.has('rel')).map((t) => t.attrs.get('rel'));
    const n = Number(/Lesson (\d+) of/.exec(pageText(html))![1]);
    assert.equal(rels.includes('prev'), n > 1, `${f}: previous`);
    assert.equal(rels.includes('next'), n < lessons.length, `${f}: next`);
  }
});

test('lesson code blocks are titled figures with a language label and a copy button', () => {
  const html = page('lessons/the-load-order/');
  const figures = withAttr(html, 'data-language').filter((t) => t.name === 'figure');
  assert.ok(figures.length > 0);
  assert.ok(html.includes('<span class="code-title">src/core/roles.ts</span>'));
  assert.ok(html.includes('<span class="code-lang">TypeScript</span>'));
  assert.equal(withAttr(html, 'data-copy').filter((t) => t.name === 'button').length >= figures.length, true);
  assert.match(html, /--shiki-dark:/, 'dual-theme highlighting');
});

test('a 404 page and a sitemap of every page', () => {
  assert.ok(exists(path.join(DIST, '404.html')));
  const index = readFileSync(path.join(DIST, 'sitemap-index.xml'), 'utf8');
  assert.match(index, /sitemap-0\.xml/);
  const urls = [...readFileSync(path.join(DIST, 'sitemap-0.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const pages = htmlFiles.filter((f) => f !== '404.html').map((f) => `/${f.split('/').map(encodeURIComponent).join('/')}`.replace(/index\.html$/, ''));
  assert.deepEqual(new Set(urls), new Set(pages));
});

test('every page: lang, one h1, a skip link to main, the theme applied before paint', () => {
  for (const f of htmlFiles) {
    const html = readFileSync(path.join(DIST, f), 'utf8');
    const t = tags(html);
    assert.equal(t.find((x) => x.name === 'html')?.attrs.get('lang'), 'en', `${f}: lang`);
    assert.equal(t.filter((x) => x.name === 'h1').length, 1, `${f}: one h1`);
    assert.equal(t.filter((x) => x.name === 'main').length, 1, `${f}: one main`);
    assert.ok(t.some((x) => x.name === 'a' && x.attrs.get('href') === '#main' && x.attrs.get('class') === 'skip-link'), `${f}: skip link`);
    const head = html.slice(0, html.indexOf('</head>'));
    assert.ok(head.includes("localStorage.getItem('soulpress-theme')"), `${f}: theme before paint`);
  }
});

// Soul, preset and guest pages also run the live preview: their 16 KB budget, imports followed, is
// checked in preview-budget.test.ts.
const bundlePage = /^(souls\/[^/]+\/(?:[^/]+\/)?|guests\/[^/]+\/)index\.html$/;

test('JavaScript stays tiny: under 3 KB gzipped per page, no framework', () => {
  for (const f of htmlFiles.filter((f) => !bundlePage.test(f))) {
    const html = readFileSync(path.join(DIST, f), 'utf8');
    let js = '';
    for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      const src = /src="([^"]+)"/.exec(m[1]!)?.[1];
      js += src ? readFileSync(path.join(DIST, src.replace(/^\//, '')), 'utf8') : m[2];
    }
    const size = gzipSync(js).byteLength;
    assert.ok(size < 3 * 1024, `${f}: ${size} bytes of JS gzipped`);
  }
});

test('no page carries scoped-style attributes: component styles are global by their own classes', () => {
  // A scoped <style> stamps data-astro-cid-* on every element its component draws (4 KiB of a note page).
  for (const f of htmlFiles) assert.doesNotMatch(readFileSync(path.join(DIST, f), 'utf8'), /data-astro-cid-/, `${f}: a component with a scoped <style> (docs/decisions.md, "Styles beside what they style")`);
});
