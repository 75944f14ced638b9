// A live preview loads nothing until it is wanted: its code, the loader or composer, and the snapshot it
// fetches come when the reader opens the panel, or at once on an address that carries preview state
// (a shared preview link), where the panel opens by itself. Until then a page runs only this, as part
// of the script every page runs (components/site/Enhance.astro), so a preview page loads no file of its own.
//
// A preview's root names its module (`data-start`, the URL of a module built as Vite builds a worker,
// `?worker&url`: one self-contained ES module) and what stands without it (`data-complete`); this adds
// the module to the page as a module script. An import() would do the same, but Vite wraps every import()
// in its preload helper, about 1 KB gzipped that these pages would carry for nothing.

/** Start the preview under `root` the first time its panel is open. */
function startWhenOpen(root: HTMLElement): void {
  const status = root.querySelector<HTMLElement>('[data-live-status]')!;
  const panel = root.querySelector<HTMLDetailsElement>('details[data-live-panel]')!;
  let started = false;
  const begin = (): void => {
    if (started || !panel.open) return;
    started = true;
    status.textContent = 'Loading the live preview…';
    const script = document.createElement('script');
    script.type = 'module';
    script.src = root.dataset.start!;
    script.onerror = () => {
      status.textContent = `The live preview could not start: its script did not load. ${root.dataset.complete}`;
    };
    document.head.append(script);
  };
  // The reader came for that preview.
  if (document.documentElement.hasAttribute('data-preview')) panel.open = true;
  panel.addEventListener('toggle', begin);
  begin();
}

for (const root of document.querySelectorAll<HTMLElement>('[data-start]')) startWhenOpen(root);
