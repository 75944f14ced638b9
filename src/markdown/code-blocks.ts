// The fenced code blocks of an MDX document, as Sätteri's MDX parser (the one the lessons are compiled
// with) finds them: what the lessons will ask shiki.ts to highlight, known before Vite compiles them.
import { mdxToMdast } from 'satteri';
import type { MdastNode } from 'satteri';
import type { CodeBlock } from './shiki.ts';

/** Every fenced block of `mdx` (frontmatter removed), in order; none when it does not parse (its compile says why). */
export function mdxCodeBlocks(mdx: string): CodeBlock[] {
  let tree: MdastNode;
  try {
    tree = mdxToMdast(mdx);
  } catch {
    return [];
  }
  const blocks: CodeBlock[] = [];
  const walk = (node: MdastNode): void => {
    if (node.type === 'code') blocks.push({ code: node.value, lang: node.lang ?? undefined, meta: node.meta ?? undefined });
    if ('children' in node) for (const child of node.children as MdastNode[]) walk(child);
  };
  walk(tree);
  return blocks;
}
