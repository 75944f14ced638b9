// Vault notes rendered with Sätteri: Markdown only (never MDX, never scripts), raw HTML shown
// as text, unsafe link schemes dropped, soul:// URIs linked to note pages, code highlighted by Shiki.
import { defineHastPlugin, defineMdastPlugin, markdownToHtml } from 'satteri';
import type { HastNode, MdastNode } from 'satteri';
import { highlight } from './highlight.ts';
import { isSafeUrl, linkTarget } from './links.ts';
import { BASE_MARKER } from './base-marker.ts';
import { headingAnchors } from './heading-anchors.ts';
import { tableScroll } from './table-scroll.ts';

/** Page path of every known note, by URI: the only thing a note's HTML takes from the rest of the site. */
export interface PageLookup {
  get(uri: string): string | undefined;
}

export interface NoteContext {
  vault: string;
  path: string;
  pages: PageLookup;
  /** The page's own title: a first heading that repeats it is dropped. */
  title: string;
}

/**
 * Every id a note's content gets starts with this (as on GitHub, and as Sätteri's footnote ids
 * already do), so a note's heading can never take an id of the page around it (`main`,
 * `note-popover`, a lesson's own headings) and fragments that point into notes get it too.
 */
const ID_PREFIX = 'user-content-';

/** `#part` → `#user-content-part`; an empty fragment is dropped. */
function noteFragment(fragment: string): string {
  if (fragment.length <= 1) return '';
  const id = fragment.slice(1);
  return `#${id.startsWith(ID_PREFIX) ? id : ID_PREFIX + id}`;
}

/** The href a link in the note gets, or null to drop the link and keep its text. */
function hrefFor(url: string, ctx: NoteContext): string | null {
  const target = linkTarget(url, ctx.vault, ctx.path);
  switch (target.kind) {
    case 'external':
      return target.href;
    case 'anchor':
      return noteFragment(target.href);
    case 'note': {
      const page = ctx.pages.get(target.uri);
      return page === undefined ? null : BASE_MARKER + page + noteFragment(target.fragment);
    }
    case 'drop':
      return null;
  }
}

const BLOCK_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

function safety(ctx: NoteContext) {
  return defineMdastPlugin({
    name: 'soulpress:note-safety',
    // Raw HTML is shown as the text it is, never parsed: a note cannot inject markup or scripts.
    html(node, c) {
      const parent = c.parent(node);
      const textNode = { type: 'text', value: node.value } as MdastNode;
      if (parent && BLOCK_PARENTS.has(parent.type)) return { type: 'paragraph', children: [textNode] } as MdastNode;
      return textNode;
    },
    link(node, c) {
      const href = hrefFor(node.url, ctx);
      if (href === null) c.replaceNode(node, node.children as MdastNode[]);
      else if (href !== node.url) c.setProperty(node, 'url', href);
    },
    definition(node, c) {
      const href = hrefFor(node.url, ctx);
      c.setProperty(node, 'url', href ?? '');
    },
    // Images would load from anywhere; a note shows a link to a web image, or just its alt text.
    image(node) {
      const alt = node.alt || node.url;
      if (/^https?:\/\//i.test(node.url.trim())) {
        return { type: 'link', url: node.url.trim(), children: [{ type: 'text', value: `image: ${alt}` }] } as MdastNode;
      }
      return { type: 'text', value: alt } as MdastNode;
    },
    imageReference(node) {
      return { type: 'text', value: node.alt ?? '' } as MdastNode;
    },
    // `soul://…` in code is the most common way notes name each other: link it when the note exists.
    inlineCode(node, c) {
      const page = ctx.pages.get(node.value.trim());
      if (page === undefined || c.parent(node)?.type === 'link') return;
      return { type: 'link', url: BASE_MARKER + page, children: [{ type: 'inlineCode', value: node.value }] } as MdastNode;
    },
    // The page has its own <h1>: the note's headings move one level down, and a first heading
    // that repeats the title is dropped.
    heading(node, c) {
      if (node.depth === 1 && c.indexOf(node) === 0 && c.parent(node)?.type === 'root' && c.textContent(node).trim() === ctx.title) {
        c.removeNode(node);
        return;
      }
      c.setProperty(node, 'depth', Math.min(node.depth + 1, 6) as 1 | 2 | 3 | 4 | 5 | 6);
    },
  });
}

type HastElementNode = Extract<HastNode, { type: 'element' }>;

/** Defence in depth: whatever the Markdown stage missed, no href or src leaves with an unsafe scheme. */
const linkGuard = defineHastPlugin({
  name: 'soulpress:link-guard',
  element: {
    filter: ['a', 'img'],
    visit(node, c) {
      const props = (node as HastElementNode).properties ?? {};
      const url = String(props['href'] ?? props['src'] ?? '');
      if (url !== '' && isSafeUrl(url)) return;
      return { type: 'element', tagName: 'span', properties: {}, children: (node as HastElementNode).children } as HastNode;
    },
  },
});

/** The note's body (frontmatter already split off) as sanitized HTML. */
export async function renderNote(body: string, ctx: NoteContext): Promise<string> {
  const result = await markdownToHtml(body, {
    features: { frontmatter: false, gfm: true, rawHtml: false },
    mdastPlugins: [safety(ctx)],
    hastPlugins: [headingAnchors({ prefix: ID_PREFIX }), linkGuard, tableScroll, highlight],
  });
  return result.html;
}
