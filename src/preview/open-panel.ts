// A live preview loads nothing until it is wanted: its code, the loader or composer, and the snapshot it
// fetches come when the reader opens the panel, or at once on an address that carries preview state
// (a shared preview link), where the panel opens by itself. Until then a page runs only this.

type Start = (root: HTMLElement, status: HTMLElement) => Promise<void>;

/** Start the preview under `root` the first time its panel is open; `complete` says what stands without it. */
export function startWhenOpen(root: HTMLElement, load: () => Promise<Start>, complete: string): void {
  const status = root.querySelector<HTMLElement>('[data-live-status]')!;
  const panel = root.querySelector<HTMLDetailsElement>('details[data-live-panel]')!;
  let started = false;
  const begin = (): void => {
    if (started || !panel.open) return;
    started = true;
    status.textContent = 'Loading the live preview…';
    load()
      .then((start) => start(root, status))
      .catch((error: unknown) => {
        status.textContent = `The live preview could not start: ${error instanceof Error ? error.message : String(error)}. ${complete}`;
      });
  };
  // The reader came for that preview.
  if (document.documentElement.hasAttribute('data-preview')) panel.open = true;
  panel.addEventListener('toggle', begin);
  begin();
}
