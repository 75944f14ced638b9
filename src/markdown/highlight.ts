// Fenced code as a highlighted figure, for vault notes (render-note.ts) and for lessons (Astro's
// Sätteri processor in astro.config.mjs, with Astro's own Shiki off): one path, so both look
// alike and a block's colours never depend on what was highlighted before it (shiki.ts).
import { defineHastPlugin } from 'satteri';
import type { HastNode } from 'satteri';
import { highlightCode } from './shiki.ts';

type HastElementNode = Extract<HastNode, { type: 'element' }>;

export const highlight = defineHastPlugin({
  name: 'soulpress:highlight',
  element: {
    filter: ['pre'],
    async visit(node, c) {
      const code = (node as HastElementNode).children.find((n): n is HastElementNode => n.type === 'element' && n.tagName === 'code');
      if (!code) return;
      const data = (code as { data?: { lang?: string | null; meta?: string | null } }).data;
      const className = code.properties?.['className'];
      const fromClass = Array.isArray(className)
        ? String(className.find((x) => String(x).startsWith('language-')) ?? '').slice('language-'.length)
        : '';
      const lang = data?.lang ?? (fromClass || undefined);
      return (await highlightCode(c.textContent(code), lang, data?.meta ?? undefined)) as unknown as HastNode;
    },
  },
});
