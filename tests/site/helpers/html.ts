// Just enough HTML reading for tests over dist/: start tags with their attributes, and text
// between two markers. No parser dependency; the site's own markup is regular.

export interface Tag {
  name: string;
  attrs: Map<string, string>;
  /** Offset of the tag in the source. */
  at: number;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return String.fromCodePoint(code);
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/** Comments, scripts and styles blanked out (same length), so offsets still match the source. */
function blankRawText(html: string): string {
  const blank = (m: string) => ' '.repeat(m.length);
  return html
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/(<script\b[^>]*>)([\s\S]*?)(<\/script>)/gi, (_, a: string, b: string, c: string) => a + blank(b) + c)
    .replace(/(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi, (_, a: string, b: string, c: string) => a + blank(b) + c);
}

const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>\/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g;
const ATTR = /([^\s"'>\/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

export function tags(html: string): Tag[] {
  const out: Tag[] = [];
  const source = blankRawText(html);
  for (const m of source.matchAll(TAG)) {
    const attrs = new Map<string, string>();
    for (const a of (m[2] ?? '').matchAll(ATTR)) attrs.set(a[1]!.toLowerCase(), decodeEntities(a[2] ?? a[3] ?? a[4] ?? ''));
    out.push({ name: m[1]!.toLowerCase(), attrs, at: m.index });
  }
  return out;
}

/** Every element id on the page. */
export function ids(html: string): Set<string> {
  const out = new Set<string>();
  for (const t of tags(html)) {
    const id = t.attrs.get('id');
    if (id !== undefined) out.add(id);
    // <a name> is a legacy anchor target too.
    if (t.name === 'a' && t.attrs.has('name')) out.add(t.attrs.get('name')!);
  }
  return out;
}

/** The decoded text inside the first `<open ...>` … `</close>` whose start tag matches `startPattern`. */
export function innerText(html: string, startPattern: RegExp, close: string): string | null {
  const m = startPattern.exec(html);
  if (!m) return null;
  const start = m.index + m[0].length;
  const end = html.indexOf(close, start);
  if (end < 0) return null;
  return decodeEntities(html.slice(start, end).replace(/<[^>]+>/g, ''));
}

/** Tags that carry an attribute, with a given value when asked. */
export function withAttr(html: string, name: string, value?: string): Tag[] {
  return tags(html).filter((t) => t.attrs.has(name) && (value === undefined || t.attrs.get(name) === value));
}

/** The text content of a whole page, tags removed, entities decoded, whitespace collapsed. */
export function pageText(html: string): string {
  return decodeEntities(blankRawText(html).replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
}
