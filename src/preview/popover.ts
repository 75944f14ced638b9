// Hover and focus previews of note links and `soul://` pointers on every page: one shared
// tooltip (role="tooltip") with the note's title and first lines, described by the trigger while
// open. Opens on hover or keyboard focus, stays while the pointer is over it, closes on Escape,
// on leaving, or on blur. The note index is fetched once, on the first open.
import type { NoteIndex } from '../data/snapshot-types.ts';

const URI = /^soul:\/\/\S+$/;
const ID = 'note-popover';

interface Found {
  title: string;
  excerpt: string;
  uri: string;
}

let index: Promise<{ byUri: Map<string, Found>; byPath: Map<string, Found> }> | null = null;

function loadIndex() {
  // The layout says where the index and the note pages are (src/layouts/Base.astro), from the routes module.
  index ??= fetch(document.documentElement.dataset.noteIndex!)
    .then((r): Promise<NoteIndex> | NoteIndex => (r.ok ? r.json() : {}))
    .then((data) => {
      const byUri = new Map<string, Found>();
      const byPath = new Map<string, Found>();
      for (const [uri, [title, href, excerpt]] of Object.entries(data)) {
        const found = { title, excerpt, uri };
        byUri.set(uri, found);
        byPath.set(new URL(document.documentElement.dataset.base! + href, location.href).pathname, found);
      }
      return { byUri, byPath };
    });
  return index;
}

const uriText = (el: Element | null): string | null => {
  const text = el?.textContent?.trim() ?? '';
  return URI.test(text) ? text : null;
};

/** The element that shows a preview for an event target, and how to find its note. */
function triggerOf(target: EventTarget | null): { el: HTMLElement; uri: string | null; path: string | null } | null {
  if (!(target instanceof Element) || target.closest(`#${ID}, [data-live]`)) return null;
  const a = target.closest<HTMLAnchorElement>('a[href]');
  if (a && new URL(a.href).pathname.startsWith(document.documentElement.dataset.notesRoot!)) return { el: a, uri: null, path: new URL(a.href).pathname };
  const code = target.closest<HTMLElement>('code');
  if (uriText(code)) return { el: code!, uri: uriText(code), path: null };
  // A link whose text is a pointer (a lesson's load-order embed): the pointer's note.
  const inner = a && uriText(a.querySelector('code'));
  return inner ? { el: a!, uri: inner, path: null } : null;
}

const tip = document.createElement('div');
tip.id = ID;
tip.className = 'note-popover';
tip.setAttribute('role', 'tooltip');
tip.hidden = true;
document.body.append(tip);

let current: HTMLElement | null = null;
let timer = 0;

function close(): void {
  clearTimeout(timer);
  tip.hidden = true;
  current?.removeAttribute('aria-describedby');
  current = null;
}

async function open(trigger: NonNullable<ReturnType<typeof triggerOf>>): Promise<void> {
  if (current === trigger.el) return;
  close();
  current = trigger.el;
  const { byUri, byPath } = await loadIndex();
  if (current !== trigger.el) return;
  const found = trigger.uri ? byUri.get(trigger.uri) : byPath.get(trigger.path!);
  if (!found && !trigger.uri) return close();
  // The title and URI are text nodes: never parsed as markup.
  const part = (tag: string, className: string, text: string) => Object.assign(document.createElement(tag), { className: `note-popover-${className}`, textContent: text });
  tip.replaceChildren(part('strong', 'title', found?.title ?? 'Not a note of this vault'), part('code', 'uri', found?.uri ?? trigger.uri!));
  // The excerpt is markup the build made from the note's sanitized HTML: bare inline tags and text, no attribute.
  if (found?.excerpt) {
    const lines = part('span', 'lines', '');
    lines.innerHTML = found.excerpt;
    tip.append(lines);
  }
  trigger.el.setAttribute('aria-describedby', ID);
  tip.hidden = false;
  const r = trigger.el.getBoundingClientRect();
  const width = tip.offsetWidth;
  const below = r.bottom + tip.offsetHeight + 8 < innerHeight;
  tip.style.left = `${Math.max(8, Math.min(r.left, document.documentElement.clientWidth - width - 8)) + scrollX}px`;
  tip.style.top = `${(below ? r.bottom + 6 : r.top - tip.offsetHeight - 6) + scrollY}px`;
}

// Pointers outside a link get a tab stop of their own, unless a link beside them already opens the same preview.
for (const code of document.querySelectorAll('code')) {
  if (uriText(code) && !code.closest('a, [data-live], pre') && !code.closest('td, li, dd')?.querySelector('a[href]')) code.tabIndex = 0;
}

document.addEventListener('mouseover', (event) => {
  if (tip.contains(event.target as Node)) return clearTimeout(timer);
  const trigger = triggerOf(event.target);
  clearTimeout(timer);
  if (trigger) timer = window.setTimeout(() => void open(trigger), 250);
  else if (current) timer = window.setTimeout(close, 200);
});
document.addEventListener('focusin', (event) => {
  const trigger = triggerOf(event.target);
  if (trigger && trigger.el.matches(':focus-visible')) void open(trigger);
  else close();
});
document.addEventListener('focusout', (event) => {
  if (event.target === current) close();
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && current) close();
});
