// Code is tokenised once for both themes (theme-pair.ts): what highlighted() makes must be what
// Shiki's own dual-theme highlighting makes, byte for byte, or a page's colours would change.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { toHtml } from 'hast-util-to-html';
import { createHighlighter, flatTokenVariants, type ThemeRegistrationResolved } from 'shiki';
import { codeFigure } from '../../src/markdown/code-figure.ts';
import { highlighted, SHIKI_THEMES } from '../../src/markdown/shiki.ts';
import { pairThemes } from '../../src/markdown/theme-pair.ts';

// Each sample reaches something the pair has to carry over: font styles (bold, italic, underline,
// strike-through in Markdown), backgrounds (a diff's added and removed lines), terminal colours (ANSI), whitespace-only tokens
// between styled ones, embedded languages, an empty line, tabs, and a grammar Shiki does not have.
const SAMPLES: Array<[lang: string, code: string]> = [
  ['ts', 'import { test } from "node:test";\n\nexport async function f<T extends object>(x: T): Promise<T> {\n\t// a comment\n  return { ...x, n: 0x1f, s: `t ${x}` } as T;\n}\n'],
  ['js', 'const re = /a+b?/g;   let s = \'x\'; // trailing\n/** @param {number} n */\nfunction g(n) { return n ?? null; }'],
  ['astro', '---\nconst { title } = Astro.props;\n---\n<h1 class="t">{title}</h1>\n<style>h1 { color: red; }</style>'],
  ['markdown', '# Title\n\n*it* **bold** ~~gone~~ [link](https://example.com) `code`\n\n> quote\n\n- a\n  1. b\n\n```ts\nconst x = 1;\n```\n'],
  ['diff', 'diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-removed line\n+added line\n context\n'],
  ['css', '@media (prefers-color-scheme: dark) {\n  :root { --x: #fff; }\n  a:hover::after { content: "→"; }\n}'],
  ['json', '{ "a": [1, 2.5, true, null], "b": { "c": "d" } }'],
  ['yaml', 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest # c\n    steps: [ { run: "npm test" } ]'],
  ['bash', '#!/usr/bin/env bash\nset -euo pipefail\nfor f in *.md; do echo "$f" | wc -c; done > out.txt 2>&1'],
  ['python', 'class A:\n    """Doc."""\n    def f(self, x: int = 2) -> int:\n        return x ** 2  # square\n'],
  ['rust', 'fn main() {\n    let s: &str = "x\\n";\n    println!("{}", s);\n}'],
  ['sql', "SELECT a, COUNT(*) FROM t WHERE b = 'x' GROUP BY a;"],
  ['html', '<!doctype html><p class="x">a &amp; b<script>let x = 1;</script>'],
  ['text', 'plain   text\n\n\twith a tab'],
  ['ansi', '\u001b[31mred\u001b[0m \u001b[1;2;32mbold dim green\u001b[0m plain'],
  ['no-such-language', 'x < y'],
];

const reference = await createHighlighter({ themes: Object.values(SHIKI_THEMES), langs: SAMPLES.map(([lang]) => lang).filter((l) => l !== 'no-such-language') });

/** What Shiki's dual-theme highlighting makes of a block, with the same figure around it (and, as highlighted() does, without one final line break). */
function dual(code: string, lang: string): string {
  const language = reference.getLoadedLanguages().includes(lang) ? lang : 'text';
  const root = reference.codeToHast(code.replace(/\n$/, ''), { lang: language, tokenizeTimeLimit: 0, themes: SHIKI_THEMES, defaultColor: false, transformers: [codeFigure()] });
  return toHtml(root.children[0]!);
}

test('the two themes are paired: their rules differ only in colours', () => {
  assert.notEqual(pairThemes(reference.getTheme(SHIKI_THEMES.light), reference.getTheme(SHIKI_THEMES.dark), flatTokenVariants), null);
});

test('a block tokenised once is the block Shiki highlights in both themes', async () => {
  for (const [lang, code] of SAMPLES) assert.equal(toHtml(await highlighted(code, lang, undefined)), dual(code, lang), lang);
});

test('any text, in any of the languages, highlights as Shiki does in both themes', async () => {
  const chars = fc.constantFrom(' ', '  ', '\t', '\n', '*', '_', '~~', '`', '#', '-', '+', '"', "'", '//', '/*', '*/', '<', '>', '{', '}', '(', ')', 'x', 'let', 'const', '1', '[', ']', '(u)', '@@', '\\');
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...SAMPLES.map(([lang]) => lang)), fc.array(chars, { maxLength: 60 }), async (lang, parts) => {
      const code = parts.join('');
      assert.equal(toHtml(await highlighted(code, lang, undefined)), dual(code, lang));
    }),
    { numRuns: 150 },
  );
});

test('themes whose rules differ in more than colours are not paired', () => {
  const light = reference.getTheme(SHIKI_THEMES.light);
  const dark = reference.getTheme(SHIKI_THEMES.dark);
  const settings = dark.settings.map((rule, i) => (i === 1 ? { ...rule, settings: { ...rule.settings, fontStyle: 'italic' } } : rule));
  const italicComments: ThemeRegistrationResolved = { ...dark, settings };
  assert.equal(pairThemes(light, italicComments, flatTokenVariants), null);
  assert.equal(pairThemes(light, { ...dark, settings: dark.settings.slice(1) }, flatTokenVariants), null);
});
