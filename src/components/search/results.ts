// What the search page and the header's search box share: Pagefind's two indexes opened once, and
// one result drawn as elements (title, page kind, excerpt, the headings it matched), never as the
// excerpt's raw HTML.
export interface SubResult {
  title: string;
  url: string;
  excerpt: string;
  anchor?: { id: string };
}
export interface Hit {
  url: string;
  excerpt: string;
  meta: { title?: string; kind?: string };
  sub_results?: SubResult[];
}
export interface PagefindResult {
  data(): Promise<Hit>;
}
export interface Pagefind {
  search(query: string): Promise<{ results: PagefindResult[] }>;
  debouncedSearch(query: string, options?: object, ms?: number): Promise<{ results: PagefindResult[] } | null>;
  mergeIndex(url: string): Promise<void>;
  options(options: { excerptLength?: number }): Promise<void>;
}

/** Headings shown under a result: the page's own best matches, a few, each linking into the page. */
const HEADINGS_SHOWN = 3;

/** Where the two indexes live, from the data attributes the page gives its search element. */
export function indexesOf(el: HTMLElement): { pages: string; notes: string } {
  return { pages: el.dataset['pagefind']!, notes: el.dataset['pagefindNotes']! };
}

let opened: Promise<Pagefind> | null = null;

/** Pagefind over the site's pages, merged with each shard of the note pages' own index; loaded once. */
export function openPagefind(at: { pages: string; notes: string }): Promise<Pagefind> {
  opened ??= (async () => {
    const pagefind = (await import(/* @vite-ignore */ at.pages)) as Pagefind;
    await pagefind.options({ excerptLength: 24 });
    // The note pages' index comes in shards (see search-index.ts), space-separated.
    for (const shard of at.notes.split(' ').filter(Boolean)) await pagefind.mergeIndex(shard);
    return pagefind;
  })();
  return opened;
}

/** Copy an excerpt into `into`, keeping only its text and <mark> highlights. */
function appendExcerpt(into: HTMLElement, excerpt: string): void {
  const parsed = new DOMParser().parseFromString(`<p>${excerpt}</p>`, 'text/html');
  for (const node of Array.from(parsed.body.firstChild?.childNodes ?? [])) {
    if (node.nodeType === Node.ELEMENT_NODE && (node as Element).tagName === 'MARK') {
      const mark = document.createElement('mark');
      mark.textContent = node.textContent;
      into.append(mark);
    } else into.append(node.textContent ?? '');
  }
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
}

/** One result: the page's title and kind, its excerpt, then the headings inside it that matched. */
export function resultItem(hit: Hit): HTMLLIElement {
  const item = el('li', 'search-hit');
  const link = el('a', 'search-title', hit.meta.title || hit.url);
  link.href = hit.url;
  item.append(link, ' ', el('span', 'search-kind', hit.meta.kind || 'Page'));
  const headings = (hit.sub_results ?? []).filter((s) => s.anchor && s.url !== hit.url).slice(0, HEADINGS_SHOWN);
  // The page's excerpt is often its best heading's: shown once, under that heading.
  if (!headings.some((s) => s.excerpt === hit.excerpt)) {
    const excerpt = el('p', 'search-excerpt');
    appendExcerpt(excerpt, hit.excerpt);
    item.append(excerpt);
  }
  if (headings.length > 0) {
    const list = el('ul', 'search-headings');
    for (const sub of headings) {
      const li = el('li', '');
      const a = el('a', 'search-heading', sub.title);
      a.href = sub.url;
      const p = el('p', 'search-excerpt');
      appendExcerpt(p, sub.excerpt);
      li.append(a, p);
      list.append(li);
    }
    item.append(list);
  }
  return item;
}

/** "3 results for “x”", or that there are none. */
export function resultCount(count: number, query: string): string {
  return count === 0 ? `No results for “${query}”.` : `${count} result${count === 1 ? '' : 's'} for “${query}”`;
}
