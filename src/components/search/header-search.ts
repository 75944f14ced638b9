// The header search box, loaded when the box is first focused (site/SiteSearch.astro names this
// script, Enhance imports it): results as you type in a panel under it, a few at a time, with a
// link to the search page for all of them. Escape or a click elsewhere closes the panel.
import { indexesOf, openPagefind, resultCount, resultItem } from './results.ts';

const SHOWN = 6;

function attachHeaderSearch(form: HTMLFormElement, input: HTMLInputElement): void {
  const panel = form.querySelector<HTMLElement>('.site-search-panel')!;
  const status = panel.querySelector<HTMLElement>('.site-search-status')!;
  const list = panel.querySelector<HTMLOListElement>('.site-search-results')!;
  const all = panel.querySelector<HTMLAnchorElement>('.site-search-all')!;
  const at = indexesOf(form);
  let latest = 0;

  const show = (open: boolean): void => {
    panel.hidden = !open;
  };

  const run = async (): Promise<void> => {
    const ticket = ++latest;
    const query = input.value.trim();
    if (query === '') {
      show(false);
      return;
    }
    const found = await (await openPagefind(at)).debouncedSearch(query, {}, 120);
    if (found === null || ticket !== latest) return;
    const hits = await Promise.all(found.results.slice(0, SHOWN).map((r) => r.data()));
    if (ticket !== latest) return;
    list.replaceChildren(...hits.map(resultItem));
    status.textContent = found.results.length === 0 ? resultCount(0, query) : `${resultCount(found.results.length, query)}.`;
    const url = new URL(all.href);
    url.searchParams.set('q', query);
    all.href = url.href;
    all.hidden = found.results.length === 0;
    all.textContent = found.results.length > SHOWN ? `All ${found.results.length} results` : 'Open on the search page';
    show(true);
  };
  const failed = (): void => {
    status.textContent = 'The search index could not be loaded.';
    show(true);
  };

  input.addEventListener('input', () => void run().catch(failed));
  input.addEventListener('focus', () => {
    if (input.value.trim() !== '' && list.children.length > 0) show(true);
  });
  form.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || panel.hidden) return;
    show(false);
    input.focus();
  });
  document.addEventListener('click', (event) => {
    if (!form.contains(event.target as Node)) show(false);
  });
  form.addEventListener('focusout', (event) => {
    if (!form.contains(event.relatedTarget as Node | null)) show(false);
  });
  // Warm the index while the user types the first letters.
  void openPagefind(at).catch(failed);
  if (input.value.trim() !== '') void run().catch(failed);
}

const form = document.querySelector<HTMLFormElement>('form[data-site-search]');
const input = form?.querySelector<HTMLInputElement>('input[type="search"]');
if (form && input) attachHeaderSearch(form, input);
