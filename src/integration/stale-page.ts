// In `astro dev`, a page that missed the reload meant for it asks for one itself. The dev server
// reloads open pages after each vault reload, but a page that was itself reloading then (for an
// earlier save) has no socket to hear it: it shows the data it was rendered from, an edit behind,
// until the next save. So each page's response names the data it was rendered from (a generation
// in its Server-Timing header, which the page can read back), and the page asks the server for the
// current one whenever its socket connects, reloading if they differ.

/** The custom HMR event a page sends to ask, and the server answers with, the current generation. */
export const GENERATION_EVENT = 'soulpress:generation';

/** The Server-Timing metric that carries a page's generation. */
export const GENERATION_METRIC = 'soulpress-data';

/** The `Server-Timing` value for a page rendered at this generation. */
export function generationHeader(generation: number): string {
  return `${GENERATION_METRIC};desc="${generation}"`;
}

/**
 * The check itself, given an expression for the page's HMR context: ask on every (re)connect, reload
 * when behind. It asks at once too (Vite sends it when the socket opens), since the socket may already be
 * open when the module runs; on a first connect it so asks twice, and both answers can come back before
 * the page unloads: it reloads once, as a second reload would cut the first one's navigation short.
 */
export function generationCheck(hot: string): string {
  return `const entry = performance.getEntriesByType('navigation')[0];
const mine = entry && entry.serverTiming ? entry.serverTiming.find((t) => t.name === ${JSON.stringify(GENERATION_METRIC)}) : undefined;
if (mine) {
  let reloading = false;
  ${hot}.on(${JSON.stringify(GENERATION_EVENT)}, (now) => {
    if (reloading || String(now.generation) === mine.description) return;
    reloading = true;
    location.reload();
  });
  const ask = () => ${hot}.send(${JSON.stringify(GENERATION_EVENT)}, {});
  ${hot}.on('vite:ws:connect', ask);
  ask();
}
`;
}

/** The page script Astro injects in dev. */
export const STALE_PAGE_SCRIPT = `if (import.meta.hot) {\n${generationCheck('import.meta.hot')}}\n`;

/**
 * The same check for the dev server's own error page, which Vite does not transform: an inline module
 * that starts Vite's client itself and takes an HMR context from it, as Vite does for the modules it serves.
 */
export function errorPageScript(base: string): string {
  // JSON is a JavaScript string; with `<` escaped it cannot end the inline script either.
  const client = JSON.stringify(`${base}@vite/client`).replace(/</g, '\\u003c');
  return `import { createHotContext } from ${client};\nconst hot = createHotContext('/@soulpress/vault-error');\n${generationCheck('hot')}`;
}
