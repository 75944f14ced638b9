// Every box that can scroll sideways (a table, a prompt, code, a diff) can be reached by keyboard and is
// named, on every page: it is a region with tabindex="0" and a label, or sits first in one. The browser's
// check (tests/browser/a11y.spec.ts) sees one page per route at 375 px; this sees every page's markup,
// so a table on a page it does not visit (an agent's SHOW rows, a note's Markdown table) is covered too.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DIST, listFiles, readPage } from './helpers/dist.ts';
import { tags } from './helpers/html.ts';
import type { Tag } from './helpers/html.ts';

const pages = listFiles(DIST).filter((f) => f.endsWith('.html'));

const isRegion = (t: Tag | undefined): boolean => t !== undefined && t.attrs.get('tabindex') === '0' && t.attrs.get('role') === 'region' && (t.attrs.get('aria-label') ?? '').trim() !== '';
const classes = (t: Tag): string[] => (t.attrs.get('class') ?? '').split(/\s+/);

describe('scrolling boxes', () => {
  test('every table and every pre is a named region a keyboard reaches, or the first thing in one', () => {
    assert.ok(pages.length > 60, `only ${pages.length} pages`);
    const problems: string[] = [];
    let boxes = 0;
    for (const page of pages) {
      const all = tags(readPage(DIST, page));
      all.forEach((t, i) => {
        if (t.name !== 'table' && t.name !== 'pre') return;
        // Frontmatter's key-value tables wrap their values (a multi-line one is a pre-wrap <pre> in its cell): they never scroll.
        if (classes(t).some((c) => c === 'kv' || c === 'frontmatter') || (t.name === 'pre' && all[i - 1]?.name === 'td')) return;
        boxes++;
        if (!isRegion(t) && !isRegion(all[i - 1])) problems.push(`${page}: <${t.name} class="${t.attrs.get('class') ?? ''}">`);
      });
    }
    assert.ok(boxes > 100, `only ${boxes} tables and pre blocks`);
    assert.deepEqual(problems, []);
  });
});
