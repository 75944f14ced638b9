// What Pagefind reads of a page other than a note: the page with the contents of every element marked
// data-search-ignore taken out. Pagefind leaves those elements out of the index anyway (the exclude
// selectors in search-index.ts), but it parses them first, and on a soul or preset page they are nearly
// all of it: the load order, the live preview and the full prompt, about 650 KB of a 680 KB page. At 5k
// notes that parse was 3.2 s of a rebuild's 20 s; the copies give Pagefind the same index from a
// twentieth of the bytes.

/** Elements without an end tag: one of these never holds anything to take out. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

// An opening tag that carries the attribute. Astro writes a bare attribute as ` data-search-ignore`
// followed by a space, `>` or `/`; attribute values never hold a raw `<` in what this site writes
// around it, and text never does (Astro and src/render/escape.ts escape it). Whitespace is HTML's own
// five characters, not \s: the page may arrive as bytes read as Latin-1 (below), where a UTF-8
// continuation byte 0xA0 reads as a no-break space.
const IGNORED = /<([a-z][a-z0-9-]*)\b[^<>]*?[ \t\n\f\r]data-search-ignore(?=[ \t\n\f\r>/=])[^<>]*>/g;

/**
 * The same for a page's bytes, without decoding them: every mark this looks for is ASCII, and a UTF-8
 * character's bytes are all 0x80 or above, so reading the bytes as Latin-1 (one character per byte,
 * the cheapest string V8 makes) finds the same places, and writing the result back as Latin-1 gives
 * the page's own bytes minus what was taken out. Decoding ~80 MB of soul and preset pages as UTF-8
 * was most of this step at 5k notes.
 */
export function searchCopyBytes(page: Buffer): Buffer {
  const text = page.toString('latin1');
  const copy = searchCopy(text);
  return copy === text ? page : Buffer.from(copy, 'latin1');
}

/**
 * `html` with the contents of each data-search-ignore element removed (the element itself stays, empty,
 * so the page's structure and every other text are as they were). Where the tags do not pair up as
 * expected the page is returned as it is: Pagefind then does the same work as before, never less text.
 */
export function searchCopy(html: string): string {
  const balanced = new Map<string, boolean>();
  let out = '';
  let from = 0;
  IGNORED.lastIndex = 0;
  for (let m = IGNORED.exec(html); m !== null; m = IGNORED.exec(html)) {
    const name = m[1]!;
    const open = m.index + m[0].length;
    if (VOID.has(name) || m[0].endsWith('/>')) continue;
    // A stray tag of this name anywhere (in a comment, say) could pair with the wrong end tag.
    if (!balanced.has(name)) balanced.set(name, pairs(html, name));
    if (!balanced.get(name)) return html;
    const close = matchingClose(html, name, open);
    if (close === -1) return html;
    out += html.slice(from, open);
    from = close;
    IGNORED.lastIndex = close;
  }
  return from === 0 ? html : out + html.slice(from);
}

/** Whether the page opens elements of `name` exactly as often as it closes them. */
function pairs(html: string, name: string): boolean {
  let depth = 0;
  for (const t of html.matchAll(tagsOf(name))) {
    depth += t[1] ? -1 : 1;
    if (depth < 0) return false;
  }
  return depth === 0;
}

function tagsOf(name: string): RegExp {
  return new RegExp(`<(/?)${name}(?=[ \\t\\n\\f\\r>/])`, 'g');
}

/** Where the end tag closing an element of `name` opened just before `at` starts, or -1. */
function matchingClose(html: string, name: string, at: number): number {
  const tags = tagsOf(name);
  tags.lastIndex = at;
  let depth = 1;
  for (let t = tags.exec(html); t !== null; t = tags.exec(html)) {
    depth += t[1] ? -1 : 1;
    if (depth === 0) return t.index;
  }
  return -1;
}
