// What both previews' page parts do alike: start under their root and say so when they cannot, and
// write text the worker sent into the page's `data-*` hooks.
//
// Each preview is one module for both threads: the opener adds it to the page as a script, and the page
// starts the same file again as its worker (`new Worker(import.meta.url)`), where there is no document
// and it serves the worker's side instead. An opened preview so loads one file, not a page part and a
// worker: one gzip stream, in which the requests and replies both sides spell compress against each other.

/**
 * Run `start` under the preview's root; a failure is said in the panel's status line, with what still stands.
 * In the preview's worker (no document), run `worker`.
 */
export function startPreview(selector: string, complete: string, start: (root: HTMLElement, status: HTMLElement) => Promise<void>, worker: () => void): void {
  if (typeof document === 'undefined') return worker();
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

/**
 * The editor of a chosen file, read-only until that file's text has come back from the worker: a
 * reader who types straight after choosing would otherwise have the reply write over their typing.
 * Reads may overlap (a choice right after an apply re-reads): the editor opens when the last returns.
 */
export function readsInto(editor: HTMLTextAreaElement): <T>(read: Promise<T>) => Promise<T> {
  let pending = 0;
  return async (read) => {
    pending++;
    editor.readOnly = true;
    try {
      return await read;
    } finally {
      editor.readOnly = --pending > 0;
    }
  };
}
