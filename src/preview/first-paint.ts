// The one inline script every page runs as it is parsed, before first paint (layouts/Base.astro): it marks
// `<html data-js>` so the previews' closed panels and the progressive buttons take their space now and
// nothing moves later; marks `<html data-preview>` when the address carries preview state, so the banner
// (and the open panel) show at once; and applies a stored theme choice (with none, CSS follows
// prefers-color-scheme). One script rather than three: each inline script is its own gzip stream in the
// page's JavaScript budget.
import { PREVIEW_PARAMS } from './url-state.ts';

export const FIRST_PAINT =
  `const d=document.documentElement.dataset;d.js='';` +
  `if(/[?&](${PREVIEW_PARAMS.join('|')})=/.test(location.search))d.preview='';` +
  // Storage can be refused (private modes, blocked site data): the theme then follows the system.
  `try{const t=localStorage.getItem('soulpress-theme');if(/^(light|dark)$/.test(t))d.theme=t}catch{}`;
