// Two themes from one tokenisation. Shiki's dual-theme highlighting runs the grammar once per theme
// and then aligns the two token streams; for a light and a dark theme whose rules match the same
// scopes with the same font styles (GitHub's high-contrast pair does), both runs find the same rule
// for every token. So the grammar runs once, over a theme whose every colour stands for the pair of
// colours the two themes give that rule, and the tokens are then written as Shiki writes dual-theme
// tokens. The HTML is the same, byte for byte (tests/unit/theme-pair.test.ts compares it with Shiki's
// own output); the grammar, most of a block's highlighting time, runs half as often.
import type { ShikiTransformer, ThemedToken, ThemeRegistrationResolved } from 'shiki';

/** A light and a dark theme as one: `theme` to tokenise with, and what rewrites its tokens as Shiki's dual output. */
export interface ThemePair {
  theme: ThemeRegistrationResolved;
  /** codeToHast options beside `theme` that make its output Shiki's dual-theme output. */
  options: { mergeWhitespaces: false; rootStyle: string; transformers: ShikiTransformer[] };
}

type Settings = NonNullable<ThemeRegistrationResolved['settings']>[number];

/** A rule without its colours, to compare the two themes' rules by. */
const shape = (rule: Settings): string => {
  const { foreground, background, ...rest } = rule.settings ?? {};
  return JSON.stringify([rule.scope ?? null, rest, foreground !== undefined, background !== undefined]);
};

/**
 * The pair as one theme, or null when the two themes' rules differ in more than colours (their
 * tokens could then differ, and Shiki's dual highlighting is the only faithful way).
 */
export function pairThemes(light: ThemeRegistrationResolved, dark: ThemeRegistrationResolved): ThemePair | null {
  const a = light.settings ?? [];
  const b = dark.settings ?? [];
  if (a.length !== b.length || a.some((rule, i) => shape(rule) !== shape(b[i]!))) return null;
  // Each distinct pair of colours is a colour of its own: #000000, #000001, ...
  const codes = new Map<string, string>();
  const pairs = new Map<string, readonly [string, string]>();
  const code = (l: string | undefined, d: string | undefined): string | undefined => {
    if (l === undefined || d === undefined) return undefined;
    const key = `${l}\u0000${d}`;
    let c = codes.get(key);
    if (c === undefined) {
      c = `#${codes.size.toString(16).padStart(6, '0')}`;
      codes.set(key, c);
      // Upper-cased as TextMate's colour map gives every token colour (the themes' fg and bg are not).
      pairs.set(c.toUpperCase(), [l.toUpperCase(), d.toUpperCase()]);
    }
    return c;
  };
  const settings = a.map((rule, i): Settings => {
    const other = b[i]!.settings ?? {};
    const s = { ...rule.settings };
    const fg = code(s.foreground, other.foreground);
    const bg = code(s.background, other.background);
    if (fg !== undefined) s.foreground = fg;
    if (bg !== undefined) s.background = bg;
    return { ...rule, settings: s };
  });
  const name = `soulpress-pair ${light.name} ${dark.name}`;
  const theme: ThemeRegistrationResolved = { ...light, name, settings, fg: code(light.fg, dark.fg)!, bg: code(light.bg, dark.bg)! };
  // As Shiki's codeToTokens writes a dual-theme block with defaultColor false: the themes' own names, and
  // each theme's foreground and background as variables.
  const className = `shiki shiki-themes ${light.name} ${dark.name}`;
  const rootStyle = `--shiki-light:${light.fg};--shiki-dark:${dark.fg};--shiki-light-bg:${light.bg};--shiki-dark-bg:${dark.bg}`;
  const split = (color: string | undefined): readonly [string | undefined, string | undefined] => {
    if (color === undefined) return [undefined, undefined];
    const pair = pairs.get(color.toUpperCase());
    if (pair === undefined) throw new Error(`a token's colour ${color} is not one of the theme pair's`);
    return pair;
  };
  const transformer: ShikiTransformer = {
    name: 'soulpress:theme-pair',
    tokens(lines) {
      return mergeWhitespace(lines.map((line) => line.map((token) => dualToken(token, split(token.color), split(token.bgColor)))));
    },
    pre(node) {
      node.properties['class'] = className;
    },
  };
  return { theme, options: { mergeWhitespaces: false, rootStyle, transformers: [transformer] } };
}

/** A token as Shiki's flatTokenVariants writes it for the variants light and dark: each style as a variable per theme. */
function dualToken(token: ThemedToken, [lightColor, darkColor]: readonly [string | undefined, string | undefined], [lightBg, darkBg]: readonly [string | undefined, string | undefined]): ThemedToken {
  const light = styleOf(lightColor, lightBg, token.fontStyle);
  const dark = styleOf(darkColor, darkBg, token.fontStyle);
  const keys = [...new Set([...Object.keys(light), ...Object.keys(dark)])];
  const htmlStyle: Record<string, string> = {};
  for (const [variant, style] of [['light', light], ['dark', dark]] as const) {
    for (const key of keys) htmlStyle[`--shiki-${variant}${key === 'color' ? '' : key === 'background-color' ? '-bg' : `-${key}`}`] = style[key] || 'inherit';
  }
  return { content: token.content, offset: token.offset, htmlStyle } as ThemedToken;
}

// Shiki's FontStyle flags.
const ITALIC = 1;
const BOLD = 2;
const UNDERLINE = 4;
const STRIKETHROUGH = 8;

/** One theme's style of a token, in the order Shiki's getTokenStyleObject gives its keys. */
function styleOf(color: string | undefined, bg: string | undefined, fontStyle: number | undefined): Record<string, string> {
  const style: Record<string, string> = {};
  if (color) style['color'] = color;
  if (bg) style['background-color'] = bg;
  if (fontStyle) {
    if (fontStyle & ITALIC) style['font-style'] = 'italic';
    if (fontStyle & BOLD) style['font-weight'] = 'bold';
    const decorations = [...(fontStyle & UNDERLINE ? ['underline'] : []), ...(fontStyle & STRIKETHROUGH ? ['line-through'] : [])];
    if (decorations.length > 0) style['text-decoration'] = decorations.join(' ');
  }
  return style;
}

/**
 * Shiki's whitespace merging as it applies to dual-theme tokens, which carry no font style: a
 * whitespace-only token (not a line's last) joins the next one. Shiki would merge the pair theme's
 * tokens before they are rewritten, and there an underlined space stays apart, which it does not in
 * dual output.
 */
function mergeWhitespace(lines: ThemedToken[][]): ThemedToken[][] {
  return lines.map((line) => {
    const out: ThemedToken[] = [];
    let carried = '';
    let offset = 0;
    line.forEach((token, i) => {
      if (/^\s+$/.test(token.content) && i + 1 < line.length) {
        if (carried === '') offset = token.offset;
        carried += token.content;
      } else if (carried !== '') {
        out.push({ ...token, offset, content: carried + token.content });
        carried = '';
      } else out.push(token);
    });
    return out;
  });
}
