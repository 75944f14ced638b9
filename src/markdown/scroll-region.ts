// A box that scrolls: a table wider than a phone, a long prompt, a line of code. Keyboard users reach
// it with Tab and scroll it with the arrow keys, and a screen reader names what it holds (axe's
// `scrollable-region-focusable`, WCAG 2.1.1), as docs sites do: `tabindex="0"`, `role="region"` and a
// label. One source for every place such a box is made: the .astro components spread `scrollRegion()`,
// the preview's string renderers write `scrollRegionAttrs()`, and the Markdown pipeline gives notes' and
// lessons' tables (`table-scroll.ts`) and highlighted code (`code-figure.ts`) the same attributes. It
// lives here so the render cache's renderer id (every source of this folder) changes when it does, and
// imports nothing, so the preview can bundle it for the browser.

/** The box's class when it holds a table: its border, its background and its sideways scroll. */
export const TABLE_SCROLL = 'table-scroll';

export interface ScrollRegion {
  tabindex: '0';
  role: 'region';
  'aria-label': string;
}

/** The attributes of a scrolling box, by their HTML names (Astro spreads them, hast takes them as they are). */
export function scrollRegion(label: string): ScrollRegion {
  return { tabindex: '0', role: 'region', 'aria-label': label };
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** The same attributes as markup, for string renderers: ` tabindex="0" role="region" aria-label="…"`. */
export function scrollRegionAttrs(label: string): string {
  return Object.entries(scrollRegion(label))
    .map(([name, value]) => ` ${name}="${value.replace(/[&<>"]/g, (c: string) => ENTITIES[c]!)}"`)
    .join('');
}

/** A table in its scrolling box, as markup. */
export function tableScrollHtml(label: string, table: string): string {
  return `<div class="${TABLE_SCROLL}"${scrollRegionAttrs(label)}>${table}</div>`;
}

/** A Markdown table's name: its header row ("Table with columns key, current, default"); Markdown tables have no caption. */
export function tableLabel(columns: string[]): string {
  const named = columns.map((c) => c.replace(/\s+/g, ' ').trim()).filter((c) => c !== '');
  return named.length === 0 ? 'Table' : `Table with columns ${named.join(', ')}`;
}
