// Every byte of JavaScript a built page makes the browser run: its inline scripts, its module
// scripts, the preview module its markup names for the opener to load (`data-start`), and every chunk
// those import, statically, with import() or as a worker (new URL), each counted once; or, up front, only
// what loads before the reader does anything (static imports, no import(), worker or preview module).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { tags } from './html.ts';

export interface PageScripts {
  /** dist-relative paths of every JS file the page loads, directly or through imports. */
  files: string[];
  /** Inline script bodies (JSON and other non-JS types left out). */
  inline: string[];
  /** gzip (zlib default level) of each file and inline script, summed. */
  gzipBytes: number;
  rawBytes: number;
}

const IMPORT = /(\bimport\s*\(\s*|\bfrom\s*|\bimport\s*|\bnew\s+URL\s*\(\s*)["'`]([^"'`]+\.js)["'`]/g;
/** An import that waits for the page to ask: `import(…)`, or a worker's URL. */
const LATER = /^(?:import\s*\(|new\s+URL)/;
/** A module's URL written as a string: the previews' openers add such a module as a script when the panel opens. */
const MODULE_URL = /["'`](\/_astro\/[^"'`\s]+\.js)["'`]/g;
const JS_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

const gz = (text: string | Buffer): number => gzipSync(text).byteLength;

export function pageScripts(dist: string, html: string, pageFile: string, { upFront = false }: { upFront?: boolean } = {}): PageScripts {
  const files = new Set<string>();
  const inline: string[] = [];
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    const code = readFileSync(path.join(dist, file), 'utf8');
    for (const m of code.matchAll(IMPORT)) {
      if (upFront && LATER.test(m[1]!)) continue;
      const target = m[2]!;
      // A worker's URL is written from the site root (`/_astro/…`); imports are relative to the chunk.
      visit(target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(file), target)));
    }
    if (!upFront) for (const m of code.matchAll(MODULE_URL)) visit(m[1]!.slice(1));
  };
  const source = html;
  for (const tag of tags(html)) {
    // A live preview's module, added as a script when the reader opens its panel (src/preview/open-panel.ts).
    const start = tag.attrs.get('data-start');
    if (start !== undefined && !upFront) visit(decodeURIComponent(start.startsWith('/') ? start.slice(1) : path.posix.join(path.posix.dirname(pageFile), start)));
    if (tag.name !== 'script' || !JS_TYPES.has(tag.attrs.get('type') ?? '')) continue;
    const src = tag.attrs.get('src');
    if (src !== undefined) {
      const resolved = src.startsWith('/') ? src.slice(1) : path.posix.join(path.posix.dirname(pageFile), src);
      visit(decodeURIComponent(resolved));
      continue;
    }
    // tags() blanks script bodies; read the body from the source at the tag's offset.
    const open = source.indexOf('>', tag.at) + 1;
    const body = source.slice(open, source.indexOf('</script>', open));
    inline.push(body);
    // Astro inlines a small module script: what it imports or starts as a worker is the page's too.
    for (const m of body.matchAll(IMPORT)) {
      if (upFront && LATER.test(m[1]!)) continue;
      const target = m[2]!;
      visit(target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(pageFile), target)));
    }
  }
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(dist, file));
    gzipBytes += gz(bytes);
    rawBytes += bytes.byteLength;
  }
  for (const body of inline) {
    gzipBytes += gz(body);
    rawBytes += Buffer.byteLength(body);
  }
  return { files: [...files].sort(), inline, gzipBytes, rawBytes };
}
