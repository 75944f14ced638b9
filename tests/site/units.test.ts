// One unit convention on every page: sizes are bytes (B) and KiB (1,024 B), never KB, and each page
// says so once. Only the site's own words count: a vault's text (note bodies, embedded notes, prompts
// and other <pre> blocks, frontmatter values) is the author's and is shown as written.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DIST, listFiles, readPage } from './helpers/dist.ts';
import { decodeEntities } from './helpers/html.ts';
import { size, UNITS_NOTE } from '../../src/render/format.ts';

/** The element opening at `start`, up to its matching close (same tag name, nesting counted). */
function elementEnd(html: string, start: number, name: string): number {
  const re = new RegExp(`<(/?)${name}\\b[^>]*>`, 'gi');
  re.lastIndex = start;
  let depth = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return re.lastIndex;
  }
  return html.length;
}

/** The page's text with everything a vault wrote taken out. */
function siteText(html: string): string {
  let out = html.replace(/<(script|style|pre)\b[\s\S]*?<\/\1>/gi, ' ');
  for (const marker of [/<(div) class="prose note(?:-embed)?-body"/i, /<(section) class="frontmatter"/i]) {
    for (let m = marker.exec(out); m; m = marker.exec(out)) out = out.slice(0, m.index) + out.slice(elementEnd(out, m.index, m[1]!));
  }
  return decodeEntities(out.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
}

const pages = listFiles(DIST).filter((f) => f.endsWith('.html'));

describe('units', () => {
  test('size() writes KiB, binary', () => {
    assert.equal(size(1000), '1000 B');
    assert.equal(size(15171), '14.8 KiB');
  });

  test('no page writes KB, and every page states the convention once', () => {
    assert.ok(pages.length > 60, `only ${pages.length} pages`);
    let kib = 0;
    for (const page of pages) {
      const text = siteText(readPage(DIST, page));
      assert.doesNotMatch(text, /\d\s*[kK]B\b/, `${page}: a size in KB`);
      if (/\d\s*KiB\b/.test(text)) kib++;
      assert.equal(text.split(UNITS_NOTE).length - 1, 1, `${page}: the unit convention is not stated exactly once`);
    }
    assert.ok(kib >= 10, `only ${kib} pages show a size in KiB: the check would see nothing`);
  });

  test('the check sees a KB a page writes itself, and ignores one inside a note', () => {
    assert.match(siteText('<p>Prompt 14.8 KB</p>'), /14\.8 KB/);
    assert.doesNotMatch(siteText('<div class="prose note-body"><div><p>8 KB</p></div></div><p>after</p>'), /KB/);
  });
});
