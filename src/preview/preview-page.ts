// What both previews' page parts do alike: start under their root and say so when they cannot, and
// write text the worker sent into the page's `data-*` hooks.

/** Run `start` under the preview's root; a failure is said in the panel's status line, with what still stands. */
export function startPreview(selector: string, complete: string, start: (root: HTMLElement, status: HTMLElement) => Promise<void>): void {
  const root = document.querySelector<HTMLElement>(selector);
  if (!root) return;
  const status = root.querySelector<HTMLElement>('[data-live-status]')!;
  start(root, status).catch((error: unknown) => {
    status.textContent = `The live preview could not start: ${error instanceof Error ? error.message : String(error)}. ${complete}`;
  });
}

/** Text into the elements under `box` that carry `attr` (`data-slot`, `data-fact`), by that attribute's value. */
export function fill(box: ParentNode, attr: string, values: Record<string, string>): void {
  for (const el of box.querySelectorAll<HTMLElement>(`[${attr}]`)) {
    const value = values[el.getAttribute(attr)!];
    if (value !== undefined) el.textContent = value;
  }
}
