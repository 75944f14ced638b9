// Tables of rendered Markdown (vault notes, lessons) scroll sideways in the same named, keyboard-reachable
// box as the site's own tables (scroll-region.ts), made at build time, so it works without JavaScript.
import { defineHastPlugin } from 'satteri';
import type { HastNode } from 'satteri';
import { TABLE_SCROLL, scrollRegion, tableLabel } from './scroll-region.ts';

type HastElementNode = Extract<HastNode, { type: 'element' }>;

const elementChildren = (node: HastElementNode): HastElementNode[] => node.children.filter((n): n is HastElementNode => n.type === 'element');

/** Every table of rendered Markdown (vault notes, lessons) in a scrolling box named by its header row. */
export const tableScroll = defineHastPlugin({
  name: 'soulpress:table-scroll',
  element: {
    filter: ['table'],
    visit(node, c) {
      const table = node as HastElementNode;
      const head = elementChildren(table).find((n) => n.tagName === 'thead') ?? table;
      const row = elementChildren(head).find((n) => n.tagName === 'tr');
      const columns = row ? elementChildren(row).map((cell) => c.textContent(cell)) : [];
      c.wrapNode(table, { type: 'element', tagName: 'div', properties: { className: [TABLE_SCROLL], ...scrollRegion(tableLabel(columns)) }, children: [] });
    },
  },
});
