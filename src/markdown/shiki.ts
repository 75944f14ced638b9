// Shiki for vault notes and lessons alike (lessons through highlight.ts on Astro's Sätteri
// processor): dual light/dark themes through CSS variables, and the code figure.
import { createHash } from 'node:crypto';
import type { Highlighter } from 'shiki';
import type { Element, Root } from 'hast';
import { codeFigure } from './code-figure.ts';
import { rendererId } from './render-cache.ts';
import { KeptFile } from '../node/kept-file.ts';
import { pairThemes, type ThemePair } from './theme-pair.ts';

// The high-contrast variants: the plain ones' comment colours fall under WCAG AA's 4.5:1 on their own background.
export const SHIKI_THEMES = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } as const;

let highlighter: Promise<{ hl: Highlighter; pair: ThemePair | null }> | undefined;

// Shiki is imported when a block is first highlighted: a rebuild that finds every block in the cache
// below does without it (about 40 ms of module loading).
let shiki: Promise<typeof import('shiki')> | undefined;
const loadShiki = (): Promise<typeof import('shiki')> => (shiki ??= import('shiki'));

/** The highlighter, with the two themes as one (theme-pair.ts) when their rules allow it. */
function getHighlighter(): Promise<{ hl: Highlighter; pair: ThemePair | null }> {
  highlighter ??= loadShiki().then(async ({ createHighlighter, flatTokenVariants }) => {
    const hl = await createHighlighter({ themes: Object.values(SHIKI_THEMES), langs: [] });
    const pair = pairThemes(hl.getTheme(SHIKI_THEMES.light), hl.getTheme(SHIKI_THEMES.dark), flatTokenVariants);
    if (pair) await hl.loadTheme(pair.theme);
    return { hl, pair };
  });
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

/** A fenced block as a Markdown or MDX tree has it. */
export interface CodeBlock {
  code: string;
  lang: string | undefined;
  meta: string | undefined;
}

/** A block's key; one final line break, which a tree may or may not keep, does not change it (nor the highlighting). */
function blockKey(code: string, lang: string | undefined, meta: string | undefined): string {
  return createHash('sha256').update(JSON.stringify([lang ?? null, meta ?? null])).update(code.replace(/\n$/, '')).digest('base64url');
}

/**
 * The lessons' blocks, highlighted ahead on a note-rendering worker (render-pool.ts): the lessons reach
 * highlightCode while Vite compiles them, on the main thread and on the build's critical path, where a
 * cold build started Shiki, compiled the grammars and highlighted (about 0.5 s). A worker has Shiki
 * started for the notes already. `queued` waits for a worker pool to take it (a build with no notes to
 * render starts none, and the main thread highlights as before); `ahead` holds what a pool took, by key.
 */
let queued: CodeBlock[] = [];
const ahead = new Map<string, Promise<Element | undefined>>();

/** Blocks the next note-rendering worker pool should highlight before its notes. */
export function highlightAhead(blocks: readonly CodeBlock[]): void {
  queued = [...blocks];
}

/**
 * For the render pool: the queued blocks not already kept from the last build (emptying the queue), and
 * `settle`, to call once with their figures in order, or with null when the worker could not (the main
 * thread then highlights them itself).
 */
export function takeAhead(): { blocks: CodeBlock[]; settle: (elements: readonly Element[] | null) => void } | null {
  // Each block once, by key, and only if the last build did not keep it.
  const byKey = new Map<string, CodeBlock>();
  for (const b of queued) {
    const key = blockKey(b.code, b.lang, b.meta);
    if (!byKey.has(key) && kept?.get(key) === undefined) byKey.set(key, b);
  }
  queued = [];
  if (byKey.size === 0) return null;
  const resolvers = [...byKey.keys()].map((key) => {
    let resolve!: (element: Element | undefined) => void;
    ahead.set(key, new Promise<Element | undefined>((r) => (resolve = r)));
    return resolve;
  });
  const blocks = [...byKey.values()];
  let settled = false;
  return {
    blocks,
    settle: (elements) => {
      if (settled) return;
      settled = true;
      resolvers.forEach((resolve, i) => resolve(elements?.[i]));
    },
  };
}

/** How this thread's highlightCode calls were served since it started: kept from the last build, highlighted ahead on a worker, or here (the build's log says so at its end). */
export const highlightCounts = { kept: 0, ahead: 0, here: 0 };

/** A fence's code as a highlighted `<figure>`; unknown languages fall back to plain text. */
export async function highlightCode(code: string, lang: string | undefined, meta: string | undefined): Promise<Element> {
  const key = blockKey(code, lang, meta);
  let element = kept?.get(key);
  if (element !== undefined) highlightCounts.kept++;
  else {
    const early = ahead.get(key);
    ahead.delete(key);
    element = early && (await early);
    if (element) highlightCounts.ahead++;
    else {
      highlightCounts.here++;
      element = await highlighted(code, lang, meta);
    }
    if (kept === null) return element;
    kept.set(key, element);
  }
  // A copy: the caller's tree may be changed by the plugins after this one.
  return structuredClone(element);
}

/** What highlightCode makes of a block, made here: what a worker runs for the blocks it is handed ahead. */
export async function highlighted(code: string, lang: string | undefined, meta: string | undefined): Promise<Element> {
  const { hl, pair } = await getHighlighter();
  let language = (lang ?? 'text').toLowerCase();
  if (!hl.getLoadedLanguages().includes(language)) {
    const { bundledLanguages } = await loadShiki();
    if (language in bundledLanguages) await hl.loadLanguage(language as keyof typeof bundledLanguages);
    else language = 'text';
  }
  const common = {
    lang: language,
    // Shiki stops tokenising a line after 500 ms by default and leaves the rest coloured by the
    // last state, so on a busy machine (or at a grammar's first, cold use) the same block came out
    // in other colours from one build to the next. Output must depend on the input alone.
    tokenizeTimeLimit: 0,
    meta: meta ? { __raw: meta } : undefined,
  };
  const source = code.replace(/\n$/, '');
  const root = (
    pair
      ? hl.codeToHast(source, { ...common, theme: pair.theme.name, ...pair.options, transformers: [...pair.options.transformers, codeFigure()] })
      : hl.codeToHast(source, { ...common, themes: SHIKI_THEMES, defaultColor: false, transformers: [codeFigure()] })
  ) as Root;
  return root.children[0] as Element;
}
