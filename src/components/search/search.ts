// The search page's only script: Pagefind's own index, queried from the browser, results
// rendered as plain text plus <mark>, never as the excerpt's raw HTML.
interface PagefindResult {
  data(): Promise<{ url: string; excerpt: string; meta: { title?: string; kind?: string } }>;
}
interface Pagefind {
  search(query: string): Promise<{ results: PagefindResult[] }>;
  mergeIndex(url: string): Promise<void>;
}

const LIMIT = 20;

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

/** Pagefind over the site's pages, merged with each shard of the note pages' own index (see search-index.ts). */
async function openIndexes(pagesScript: string, notesIndexes: string): Promise<Pagefind> {
  const pagefind = (await import(/* @vite-ignore */ pagesScript)) as Pagefind;
  for (const index of notesIndexes.split(' ').filter(Boolean)) await pagefind.mergeIndex(index);
  return pagefind;
}

export function startSearch(): void {
  const form = document.querySelector<HTMLFormElement>('.search-form');
  const input = document.querySelector<HTMLInputElement>('#search-q');
  const status = document.querySelector<HTMLElement>('#search-status');
  const list = document.querySelector<HTMLOListElement>('#search-results');
  if (!form || !input || !status || !list) return;
  let pagefind: Promise<Pagefind> | null = null;
  let latest = 0;

  const run = async (query: string): Promise<void> => {
    const ticket = ++latest;
    list.replaceChildren();
    if (query.trim() === '') {
      status.textContent = 'Type a word to search every note, soul page and lesson.';
      return;
    }
    status.textContent = 'Searching…';
    pagefind ??= openIndexes(list.dataset['pagefind']!, list.dataset['pagefindNotes']!);
    const { results } = await (await pagefind).search(query);
    const shown = await Promise.all(results.slice(0, LIMIT).map((r) => r.data()));
    if (ticket !== latest) return;
    for (const hit of shown) {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = hit.url;
      link.textContent = hit.meta.title || hit.url;
      const kind = document.createElement('span');
      kind.className = 'search-kind';
      kind.textContent = hit.meta.kind || 'Page';
      const excerpt = document.createElement('p');
      appendExcerpt(excerpt, hit.excerpt);
      item.append(link, ' ', kind, excerpt);
      list.append(item);
    }
    const more = results.length > LIMIT ? `, the first ${LIMIT} shown` : '';
    status.textContent = results.length === 0 ? `No results for “${query}”.` : `${results.length} result${results.length === 1 ? '' : 's'} for “${query}”${more}.`;
  };

  const query = new URL(location.href).searchParams.get('q') ?? '';
  input.value = query;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const url = new URL(location.href);
    url.searchParams.set('q', input.value);
    history.replaceState(null, '', url);
    void run(input.value);
  });
  void run(query).catch(() => {
    status.textContent = 'The search index could not be loaded.';
  });
}
