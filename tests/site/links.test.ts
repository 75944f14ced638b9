// No internal link or anchor of the built site is broken; and the checker itself catches breakage.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { DIST, cleanup, tmp } from './helpers/dist.ts';
import { checkLinks } from './helpers/links.ts';

const scratch: string[] = [];
after(() => scratch.forEach(cleanup));

test('every internal link and anchor in dist/ resolves', () => {
  const report = checkLinks(DIST);
  assert.deepEqual(report.broken, []);
  // A checker that saw nothing would pass anything: the site has many links and anchors.
  assert.ok(report.pages > 50, `pages: ${report.pages}`);
  assert.ok(report.checked > 1000, `links: ${report.checked}`);
  assert.ok(report.anchors > 100, `anchors: ${report.anchors}`);
});

test('the checker reports a missing page, a missing anchor and a link outside the base', () => {
  const dir = tmp('links');
  scratch.push(dir);
  mkdirSync(path.join(dir, 'a'), { recursive: true });
  mkdirSync(path.join(dir, '灵台 x'), { recursive: true });
  writeFileSync(path.join(dir, '灵台 x', 'index.html'), '<h1 id="top">x</h1>');
  writeFileSync(
    path.join(dir, 'a', 'index.html'),
    [
      '<a href="/base/a/#here" id="here">ok</a>',
      `<a href="/base/${encodeURIComponent('灵台 x')}/#top">ok</a>`,
      '<a href="../a/">ok</a>',
      '<a href="https://example.org/x">external</a>',
      '<a href="/base/missing/">missing page</a>',
      '<a href="/base/a/#nowhere">missing anchor</a>',
      '<a href="/elsewhere/">outside</a>',
      '<script>const s = "<a href=\'/base/script-text/\'>";</script>',
    ].join('\n'),
  );
  const report = checkLinks(dir, '/base/');
  assert.deepEqual(
    report.broken.map((b) => b.url),
    ['/base/missing/', '/base/a/#nowhere', '/elsewhere/'],
  );
});
