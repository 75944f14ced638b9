// A note's first lines for its link popovers, as markup: taken from the note's own HTML, rendered and
// sanitized at build time (render-note.ts), so `*emphasis*` shows as emphasis and the browser needs no
// Markdown parser. What it keeps is narrower still: the text of the first blocks of prose and a few inline
// tags written bare, with no attribute at all, so nothing in a popover can link, load or run anything.

const LINES = 3;
const CHARS = 280;
/** Inline tags kept (without attributes); every other tag is dropped and its text kept. */
const KEEP = new Set(['em', 'strong', 'code', 'del', 's', 'kbd', 'sub', 'sup']);
/** Blocks whose text is not prose to preview: headings, code figures and their buttons, tables, media. */
const SKIP = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'figure', 'table', 'button', 'svg', 'script', 'style', 'template', 'section']);
/** Where a line of the excerpt ends. */
const BLOCK = new Set(['p', 'li', 'dt', 'dd', 'blockquote', 'div', 'ul', 'ol']);

/** The first lines of a note's rendered HTML (at most 3 blocks, 280 characters, a cut ends in "…"). */
export function excerptHtml(html: string): string {
  const lines: string[] = [];
  let line = '';
  let visible = 0; // characters shown so far, an entity counting as one
  let skip = 0;
  const open: string[] = [];
  const flush = (): void => {
    while (open.length) line += `</${open.pop()}>`;
    if (/[^\s]/.test(line.replace(/<[^>]*>/g, ''))) lines.push(line.trim());
    line = '';
  };
  // A heading's anchor link (heading-anchors.ts) names its section for screen readers: not prose.
  const prose = html.replace(/<a class="heading-anchor"[^>]*>[\s\S]*?<\/a>/g, '');
  for (const [, tag, text] of prose.matchAll(/<(\/?[a-zA-Z][a-zA-Z0-9]*)[^>]*>|([^<]+)/g)) {
    if (lines.length >= LINES || visible >= CHARS) break;
    if (text !== undefined) {
      if (skip) continue;
      // Counted by code point with each entity one character, so a cut never splits either.
      const units = text.replace(/\s+/g, ' ').match(/&[#a-zA-Z0-9]+;|[\s\S]/gu) ?? [];
      if (visible + units.length > CHARS) {
        line += `${units.slice(0, CHARS - 1 - visible).join('').trimEnd()}…`;
        visible = CHARS;
        break;
      }
      line += units.join('');
      visible += units.length;
      continue;
    }
    const closing = tag!.startsWith('/');
    const name = (closing ? tag!.slice(1) : tag!).toLowerCase();
    if (SKIP.has(name)) skip = Math.max(0, skip + (closing ? -1 : 1));
    else if (skip) continue;
    else if (BLOCK.has(name)) flush();
    else if (KEEP.has(name)) {
      if (!closing) {
        line += `<${name}>`;
        open.push(name);
      } else if (open.at(-1) === name) line += `</${open.pop()}>`;
    }
  }
  flush();
  return lines.join('\n');
}
