// Shiki for vault notes and lessons alike (lessons through highlight.ts on Astro's Sätteri
// processor): dual light/dark themes through CSS variables, and the code figure.
import { bundledLanguages, createHighlighter } from 'shiki';
import type { Highlighter } from 'shiki';
import type { Element, Root } from 'hast';
import { codeFigure } from './code-figure.ts';

// The high-contrast variants: the plain ones' comment colours fall under WCAG AA's 4.5:1 on their own background.
export const SHIKI_THEMES = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } as const;

let highlighter: Promise<Highlighter> | undefined;

function getHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({ themes: Object.values(SHIKI_THEMES), langs: [] });
  return highlighter;
}

/** A fence's code as a highlighted `<figure>`; unknown languages fall back to plain text. */
export async function highlightCode(code: string, lang: string | undefined, meta: string | undefined): Promise<Element> {
  const hl = await getHighlighter();
  let language = (lang ?? 'text').toLowerCase();
  if (!hl.getLoadedLanguages().includes(language)) {
    if (language in bundledLanguages) await hl.loadLanguage(language as keyof typeof bundledLanguages);
    else language = 'text';
  }
  const root = hl.codeToHast(code.replace(/\n$/, ''), {
    lang: language,
    // Shiki stops tokenising a line after 500 ms by default and leaves the rest coloured by the
    // last state, so on a busy machine (or at a grammar's first, cold use) the same block came out
    // in other colours from one build to the next. Output must depend on the input alone.
    tokenizeTimeLimit: 0,
    themes: SHIKI_THEMES,
    defaultColor: false,
    meta: meta ? { __raw: meta } : undefined,
    transformers: [codeFigure()],
  }) as Root;
  return root.children[0] as Element;
}
