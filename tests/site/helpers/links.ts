// A link checker over a built site: every internal href/src must name a file of the site, and
// every #fragment an id on the page it points to. External links are left alone.
import path from 'node:path';
import { exists, listFiles, readPage } from './dist.ts';
import { ids, tags } from './html.ts';

export interface BrokenLink {
  page: string;
  attr: string;
  url: string;
  why: string;
}

export interface LinkReport {
  pages: number;
  checked: number;
  anchors: number;
  broken: BrokenLink[];
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** The site URL path a dist file is served at (`souls/pippa/index.html` → `/base/souls/pippa/`). */
function pageUrl(base: string, rel: string): string {
  const encoded = rel.split('/').map(encodeURIComponent).join('/');
  return base + encoded.replace(/(^|\/)index\.html$/, '$1');
}

/** The dist file a URL path names, or null when it is outside the base. */
function fileFor(dir: string, base: string, urlPath: string): string | null {
  if (!urlPath.startsWith(base)) return null;
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath.slice(base.length));
  } catch {
    return null;
  }
  if (rel === '' || rel.endsWith('/')) rel += 'index.html';
  return path.join(dir, ...rel.split('/'));
}

/** Where an internal link of page `rel` leads: the dist file and the fragment's id (or ''), or why it leads nowhere. */
export function linkTarget(dir: string, base: string, rel: string, url: string): { file: string; id: string } | { why: string } {
  const target = new URL(url, new URL(pageUrl(base, rel), 'http://site.invalid'));
  const file = fileFor(dir, base, target.pathname);
  if (file === null) return { why: `outside the base ${base}` };
  if (!exists(file)) return { why: `no file ${path.relative(dir, file)}` };
  return { file, id: target.hash.length > 1 ? decodeURIComponent(target.hash.slice(1)) : '' };
}

export function checkLinks(dir: string, base = '/'): LinkReport {
  const normalizedBase = base.endsWith('/') ? base : `${base}/`;
  const files = listFiles(dir);
  const htmlFiles = files.filter((f) => f.endsWith('.html'));
  const idCache = new Map<string, Set<string>>();
  const idsOf = (file: string): Set<string> => {
    let set = idCache.get(file);
    if (!set) {
      set = ids(readPage(dir, path.relative(dir, file)));
      idCache.set(file, set);
    }
    return set;
  };
  const report: LinkReport = { pages: htmlFiles.length, checked: 0, anchors: 0, broken: [] };

  for (const rel of htmlFiles) {
    const html = readPage(dir, rel);
    for (const tag of tags(html)) {
      for (const attr of ['href', 'src']) {
        const url = tag.attrs.get(attr);
        if (url === undefined) continue;
        // The canonical link and the sitemap link name the public origin; they are not site-internal.
        if (tag.name === 'link' && (tag.attrs.get('rel') === 'canonical')) continue;
        if (EXTERNAL.test(url)) continue;
        report.checked++;
        const broken = (why: string) => report.broken.push({ page: rel, attr: `${tag.name}[${attr}]`, url, why });
        if (url === '') {
          broken('empty URL');
          continue;
        }
        const target = linkTarget(dir, normalizedBase, rel, url);
        if ('why' in target) {
          broken(target.why);
          continue;
        }
        const { file, id } = target;
        if (id !== '') {
          report.anchors++;
          if (!file.endsWith('.html')) broken('a fragment on a file that is not a page');
          else if (!idsOf(file).has(id)) broken(`no id "${id}" on ${path.relative(dir, file)}`);
        }
      }
    }
  }
  return report;
}
