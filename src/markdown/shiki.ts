// Shiki for vault notes and lessons alike (lessons through highlight.ts on Astro's Sätteri
// processor): dual light/dark themes through CSS variables, and the code figure.
import { bundledLanguages, createHighlighter } from 'shiki';
import type { Highlighter } from 'shiki';
import type { Element, Root } from 'hast';
import { codeFigure } from './code-figure.ts';

// The high-contrast variants: the plain ones' comment colours fall under WCAG AA's 4.5:1 on their own background.
export const SHIKI_THEMES = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } as const;

let highlighter: Promise<Highlighter> | undefined;
const ready = new Map<string, Promise<Highlighter>>();

/**
 * The highlighter, with `language` loaded and used once. With two themes, the first block Shiki
 * highlights in a language after loading it can come out in wrong light-theme colours (tokens
 * taking the colour of the one before); every later call is right. Which block came first depended
 * on worker scheduling and Vite's compile order, so builds of one tree differed; a throwaway call
 * per language makes every real block a later one.
 */
function highlighterFor(language: string): Promise<Highlighter> {
  let loaded = ready.get(language);
  if (!loaded) {
    highlighter ??= createHighlighter({ themes: Object.values(SHIKI_THEMES), langs: [] });
    loaded = highlighter.then(async (hl) => {
      if (language !== 'text') await hl.loadLanguage(language as keyof typeof bundledLanguages);
      hl.codeToHast('x', { lang: language, themes: SHIKI_THEMES, defaultColor: false });
      return hl;
    });
    ready.set(language, loaded);
  }
  return loaded;
}

/** A fence's code as a highlighted `<figure>`; unknown languages fall back to plain text. */
export async function highlightCode(code: string, lang: string | undefined, meta: string | undefined): Promise<Element> {
  const wanted = (lang ?? 'text').toLowerCase();
  const language = wanted in bundledLanguages ? wanted : 'text';
  const hl = await highlighterFor(language);
  const root = hl.codeToHast(code.replace(/\n$/, ''), {
    lang: language,
    themes: SHIKI_THEMES,
    defaultColor: false,
    meta: meta ? { __raw: meta } : undefined,
    transformers: [codeFigure()],
  }) as Root;
  return root.children[0] as Element;
}
