// A live preview loads nothing until it is wanted: its code, the loader or composer, and the snapshot it
// fetches come when the reader opens the panel, or at once on an address that carries preview state
// (a shared preview link), where the panel opens by itself. Until then a page runs only this.
//
// The preview's code is one self-contained module (built as Vite builds a worker, `?worker&url`) that
// this adds to the page as a module script. An import() would do the same, but Vite wraps every import()
// in its preload helper, about 1 KB gzipped that these pages would carry for nothing.

/** Start the preview under `root` the first time its panel is open: `src` is its module; `complete` says what stands without it. */
export function startWhenOpen(root: HTMLElement, src: string, complete: string): void {
  const status = root.querySelector<HTMLElement>('[data-live-status]')!;
  const panel = root.querySelector<HTMLDetailsElement>('details[data-live-panel]')!;
  let started = false;
  const begin = (): void => {
    if (started || !panel.open) return;
    started = true;
    status.textContent = 'Loading the live preview…';
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    script.onerror = () => {
      status.textContent = `The live preview could not start: its script did not load. ${complete}`;
    };
    document.head.append(script);
  };
  // The reader came for that preview.
  if (document.documentElement.hasAttribute('data-preview')) panel.open = true;
  panel.addEventListener('toggle', begin);
  begin();
}
