// Two themes from one tokenisation. Shiki's dual-theme highlighting runs the grammar once per theme
// and then aligns the two token streams; for a light and a dark theme whose rules match the same
// scopes with the same font styles (GitHub's high-contrast pair does), both runs find the same rule
// for every token. So the grammar runs once, over a theme whose every colour stands for the pair of
// colours the two themes give that rule, and the tokens are then written by Shiki's own dual-theme
// writer (flatTokenVariants). The HTML is the same, byte for byte (tests/unit/theme-pair.test.ts
// compares it with Shiki's own output); the grammar, most of a block's highlighting time, runs half as
// often.
import type { ShikiTransformer, ThemedToken, ThemeRegistrationResolved, TokenStyles, flatTokenVariants } from 'shiki';

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
 * tokens could then differ, and Shiki's dual highlighting is the only faithful way). `flat` is Shiki's
 * own flatTokenVariants, which writes its dual-theme tokens: handed in, as shiki.ts loads Shiki only
 * when a block is first highlighted.
 */
export function pairThemes(light: ThemeRegistrationResolved, dark: ThemeRegistrationResolved, flat: typeof flatTokenVariants): ThemePair | null {
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
  /** A token of the pair theme as Shiki writes a dual-theme token: each theme's style as a variable of its own. */
  const dual = (token: ThemedToken): ThemedToken => {
    const [lightColor, darkColor] = split(token.color);
    const [lightBg, darkBg] = split(token.bgColor);
    const style = (color: string | undefined, bgColor: string | undefined): TokenStyles => ({ color, bgColor, fontStyle: token.fontStyle });
    return flat({ content: token.content, offset: token.offset, variants: { light: style(lightColor, lightBg), dark: style(darkColor, darkBg) } }, ['light', 'dark'], '--shiki-', false);
  };
  const transformer: ShikiTransformer = {
    name: 'soulpress:theme-pair',
    tokens(lines) {
      return mergeWhitespace(lines.map((line) => line.map(dual)));
    },
    pre(node) {
      node.properties['class'] = className;
    },
  };
  return { theme, options: { mergeWhitespaces: false, rootStyle, transformers: [transformer] } };
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
