// Every page of a built site and every internal link on it, fetched over HTTP from a real static
// server (not looked up as file paths), so a name a URL or a server would rewrite shows as a 404.
import path from 'node:path';
import { listFiles } from './dist.ts';
import { tags } from './html.ts';
import { serveDir } from './static-server.ts';

export interface CrawlReport {
  pages: number;
  fetched: number;
  /** `<status> <url> (linked from <page>)`. */
  broken: string[];
  /** data-uri of every note page, as served, to the URL it was served at. */
  notePages: Map<string, string[]>;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * Serve `root` (the folder that holds the site at `base`, e.g. `<root>/team/souls/` for base
 * `/team/souls/`) and fetch every HTML page of `site` by its URL, then every internal href and src.
 */
export async function crawl(root: string, site: string, base: string): Promise<CrawlReport> {
  const server = await serveDir(root);
  const report: CrawlReport = { pages: 0, fetched: 0, broken: [], notePages: new Map() };
  const seen = new Map<string, number>();
  const get = async (url: string): Promise<{ status: number; body: string }> => {
    report.fetched++;
    const res = await fetch(server.origin + url, { redirect: 'manual' });
    return { status: res.status, body: res.status === 200 ? await res.text() : '' };
  };
  try {
    const pages = listFiles(site).filter((f) => f.endsWith('.html') && f !== '404.html');
    for (const rel of pages) {
      const url = base + rel.split('/').map(encodeURIComponent).join('/').replace(/(^|\/)index\.html$/, '$1');
      const page = await get(url);
      report.pages++;
      if (page.status !== 200) {
        report.broken.push(`${page.status} ${url} (the page of ${rel})`);
        continue;
      }
      const here = new URL(url, 'http://site.invalid');
      for (const tag of tags(page.body)) {
        const uri = tag.name === 'article' ? tag.attrs.get('data-uri') : undefined;
        if (uri !== undefined && tag.attrs.has('data-note')) report.notePages.set(uri, [...(report.notePages.get(uri) ?? []), url]);
        for (const attr of ['href', 'src']) {
          const link = tag.attrs.get(attr);
          if (link === undefined || EXTERNAL.test(link) || (tag.name === 'link' && tag.attrs.get('rel') === 'canonical')) continue;
          const target = new URL(link, here);
          const key = target.pathname;
          let status = seen.get(key);
          if (status === undefined) {
            status = (await get(key)).status;
            seen.set(key, status);
          }
          if (status !== 200) report.broken.push(`${status} ${link} (linked from ${path.posix.join(base, rel)})`);
        }
      }
    }
  } finally {
    await server.close();
  }
  return report;
}
