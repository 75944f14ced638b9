// The search page's only script: results as you type, the address kept in step (?q=), and every
// result reachable: the first page of them, then more on request.
import { indexesOf, openPagefind, resultCount, resultItem } from './results.ts';
import type { PagefindResult } from './results.ts';

const PAGE = 20;

export function startSearch(): void {
  const form = document.querySelector<HTMLFormElement>('.search-form');
  const input = document.querySelector<HTMLInputElement>('#search-q');
  const status = document.querySelector<HTMLElement>('#search-status');
  const list = document.querySelector<HTMLOListElement>('#search-results');
  const more = document.querySelector<HTMLButtonElement>('#search-more');
  if (!form || !input || !status || !list || !more) return;
  const at = indexesOf(list);
  let results: PagefindResult[] = [];
  let query = '';
  let latest = 0;
  /** How many results are drawn or being drawn: counted before the await, so two quick clicks take two pages. */
  let taken = 0;

  /** Draw the next page of the current results. */
  const showMore = async (ticket: number): Promise<void> => {
    const from = taken;
    taken = Math.min(results.length, taken + PAGE);
    more.disabled = true;
    const next = await Promise.all(results.slice(from, taken).map((r) => r.data()));
    more.disabled = false;
    if (ticket !== latest) return;
    for (const hit of next) list.append(resultItem(hit));
    const left = results.length - list.children.length;
    more.hidden = left <= 0;
    more.textContent = `Show ${Math.min(left, PAGE)} more`;
    if (results.length > 0) status.textContent = `${resultCount(results.length, query)}${left > 0 ? `, ${list.children.length} shown` : ''}.`;
  };

  const run = async (text: string, debounce: boolean): Promise<void> => {
    const ticket = ++latest;
    query = text.trim();
    if (query === '') {
      list.replaceChildren();
      more.hidden = true;
      status.textContent = 'Type a word to search every note, soul page and lesson.';
      return;
    }
    status.textContent = 'Searching…';
    const pagefind = await openPagefind(at);
    const found = debounce ? await pagefind.debouncedSearch(query) : await pagefind.search(query);
    if (found === null || ticket !== latest) return;
    results = found.results;
    taken = 0;
    list.replaceChildren();
    if (results.length === 0) {
      more.hidden = true;
      status.textContent = resultCount(0, query);
      return;
    }
    await showMore(ticket);
  };

  const keepInAddress = (): void => {
    const url = new URL(location.href);
    url.searchParams.set('q', input.value);
    history.replaceState(null, '', url);
  };
  const failed = (): void => {
    status.textContent = 'The search index could not be loaded.';
  };

  input.value = new URL(location.href).searchParams.get('q') ?? '';
  if (input.value === '') input.focus();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    keepInAddress();
    void run(input.value, false).catch(failed);
  });
  input.addEventListener('input', () => {
    keepInAddress();
    void run(input.value, true).catch(failed);
  });
  more.addEventListener('click', () => void showMore(latest).catch(failed));
  void run(input.value, false).catch(failed);
}
