// Shiki for vault notes and lessons alike (lessons through highlight.ts on Astro's Sätteri
// processor): dual light/dark themes through CSS variables, and the code figure.
import { createHash } from 'node:crypto';
import type { Highlighter } from 'shiki';
import type { Element, Root } from 'hast';
import { codeFigure } from './code-figure.ts';
import { rendererId } from './render-cache.ts';
import { KeptFile } from '../node/kept-file.ts';

// The high-contrast variants: the plain ones' comment colours fall under WCAG AA's 4.5:1 on their own background.
export const SHIKI_THEMES = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } as const;

let highlighter: Promise<Highlighter> | undefined;

// Shiki is imported when a block is first highlighted: a rebuild that finds every block in the cache
// below does without it (about 40 ms of module loading).
let shiki: Promise<typeof import('shiki')> | undefined;
const loadShiki = (): Promise<typeof import('shiki')> => (shiki ??= import('shiki'));

function getHighlighter(): Promise<Highlighter> {
  highlighter ??= loadShiki().then(({ createHighlighter }) => createHighlighter({ themes: Object.values(SHIKI_THEMES), langs: [] }));
  return highlighter;
}

/**
 * Highlighted blocks kept between builds, by their code, language and meta, under the renderer's
 * identity (this folder's sources, the Sätteri and Shiki versions). The lessons' code is highlighted
 * again on every build, as Vite compiles them: ~0.25 s of a rebuild, and the highlighter's start-up
 * besides. Each build keeps only the blocks it used.
 */
let kept: KeptFile<Element> | null = null;

/** Use the blocks the last build left under `dir` (the cache folder); null highlights everything afresh. */
export async function openHighlightCache(dir: string | null): Promise<void> {
  kept = dir === null ? null : await KeptFile.open<Element>(dir, 'soulpress-highlights', rendererId());
}

/** Write the blocks this build used (at the end of a build: the lessons are highlighted while Vite builds). */
export async function saveHighlightCache(): Promise<void> {
  await kept?.save();
}

/** A fence's code as a highlighted `<figure>`; unknown languages fall back to plain text. */
export async function highlightCode(code: string, lang: string | undefined, meta: string | undefined): Promise<Element> {
  if (kept === null) return highlighted(code, lang, meta);
  const key = createHash('sha256').update(JSON.stringify([lang ?? null, meta ?? null])).update(code).digest('base64url');
  let element = kept.get(key);
  if (element === undefined) kept.set(key, (element = await highlighted(code, lang, meta)));
  // A copy: the caller's tree may be changed by the plugins after this one.
  return structuredClone(element);
}

async function highlighted(code: string, lang: string | undefined, meta: string | undefined): Promise<Element> {
  const hl = await getHighlighter();
  let language = (lang ?? 'text').toLowerCase();
  if (!hl.getLoadedLanguages().includes(language)) {
    const { bundledLanguages } = await loadShiki();
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
