// Headings of rendered Markdown (vault notes, lessons) get an id and a link to themselves beside
// them, as docs sites do: the link sits next to the heading, in a wrapper, so the heading's
// accessible name stays its own text, and the link is named for the section it points to.
import { defineHastPlugin } from 'satteri';
import type { HastNode } from 'satteri';
import { slugger } from './slug.ts';

type HastElementNode = Extract<HastNode, { type: 'element' }>;

/** The heading, wrapped with its anchor link. */
function anchored(heading: HastElementNode, id: string, text: string): HastNode {
  const label: HastNode = { type: 'element', tagName: 'span', properties: { className: ['visually-hidden'] }, children: [{ type: 'text', value: `Link to the section “${text}”` }] } as HastNode;
  const link = { type: 'element', tagName: 'a', properties: { className: ['heading-anchor'], href: `#${id}` }, children: [label] } as HastNode;
  return { type: 'element', tagName: 'div', properties: { className: ['anchored'] }, children: [heading, link] } as HastNode;
}

/**
 * Ids (`prefix` + a GitHub-style slug, repeats numbered) for headings without one, and an anchor
 * beside each heading that got its id here. A heading that already has an id (Sätteri's footnote
 * heading, or the heading again inside its new wrapper) is left as it is.
 */
export function headingAnchors(options: { prefix?: string; levels?: string[] } = {}) {
  const { prefix = '', levels = ['h2', 'h3', 'h4', 'h5', 'h6'] } = options;
  return () => {
    const slug = slugger();
    return defineHastPlugin({
      name: 'soulpress:heading-anchors',
      element: {
        filter: levels,
        visit(node, c) {
          if ((node as HastElementNode).properties?.['id']) return;
          const text = c.textContent(node).trim();
          const id = prefix + slug(text);
          c.setProperty(node, 'id', id);
          return anchored(node as HastElementNode, id, text);
        },
      },
    });
  };
}
