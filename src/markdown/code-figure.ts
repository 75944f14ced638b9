// Fenced code as a figure: a caption with the block's title, its language and a copy button.
// The same transformer runs for lessons (Astro's Shiki config) and for vault notes, so both look alike.
import type { ShikiTransformer } from 'shiki';
import type { Element, ElementContent, Root } from 'hast';
import { scrollRegion } from './scroll-region.ts';

const LANGUAGE_NAMES: Record<string, string> = {
  ts: 'TypeScript',
  typescript: 'TypeScript',
  tsx: 'TSX',
  js: 'JavaScript',
  javascript: 'JavaScript',
  mjs: 'JavaScript',
  jsx: 'JSX',
  json: 'JSON',
  jsonc: 'JSON',
  sh: 'Shell',
  bash: 'Shell',
  shell: 'Shell',
  zsh: 'Shell',
  console: 'Console',
  shellsession: 'Console',
  yaml: 'YAML',
  yml: 'YAML',
  md: 'Markdown',
  markdown: 'Markdown',
  mdx: 'MDX',
  html: 'HTML',
  css: 'CSS',
  astro: 'Astro',
  toml: 'TOML',
  diff: 'Diff',
  python: 'Python',
  py: 'Python',
  rust: 'Rust',
  go: 'Go',
  sql: 'SQL',
  text: 'Text',
  txt: 'Text',
  plaintext: 'Text',
  plain: 'Text',
};

/** The readable name of a fence's language: `ts` → TypeScript; unknown ones as written. */
export function languageName(lang: string | undefined): string {
  if (!lang) return 'Text';
  return LANGUAGE_NAMES[lang.toLowerCase()] ?? lang;
}

/** `title="roles.ts"` (or single quotes, or a bare word) from a fence's meta string. */
export function codeTitle(meta: string | undefined | null): string | null {
  const match = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta ?? '');
  if (!match) return null;
  const title = match[1] ?? match[2] ?? match[3] ?? '';
  return title === '' ? null : title;
}

function el(tagName: string, properties: Element['properties'], children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children };
}

const text = (value: string): ElementContent => ({ type: 'text', value });

/** Wrap a highlighted `<pre>` in `<figure class="code">` with its caption. */
export function figureFor(pre: Element, lang: string | undefined, meta: string | undefined | null): Element {
  const title = codeTitle(meta);
  const caption: ElementContent[] = [];
  if (title) caption.push(el('span', { className: ['code-title'] }, [text(title)]));
  caption.push(el('span', { className: ['code-lang'] }, [text(languageName(lang))]));
  // Hidden until the copy script runs: without JavaScript there is no dead button.
  caption.push(el('button', { type: 'button', className: ['copy'], hidden: true, dataCopy: '' }, [text('Copy')]));
  // A long line scrolls sideways inside the block: Tab reaches it (Shiki's tabindex), and it is named.
  pre.properties = { ...pre.properties, ...scrollRegion(title ? `Code: ${title}` : `Code (${languageName(lang)})`) };
  return el('figure', { className: ['code', title ? 'has-title' : 'no-title'], dataLanguage: lang ?? 'text' }, [
    el('figcaption', { className: ['code-caption'] }, caption),
    pre,
  ]);
}

export function codeFigure(): ShikiTransformer {
  return {
    name: 'soulpress:code-figure',
    pre(node) {
      this.addClassToHast(node, 'code-pre');
    },
    root(root: Root) {
      const pre = root.children.find((c): c is Element => c.type === 'element' && c.tagName === 'pre');
      if (!pre) return root;
      const options = this.options as { lang?: string; meta?: { __raw?: string } };
      return { type: 'root', children: [figureFor(pre, options.lang, options.meta?.__raw)] };
    },
  };
}
