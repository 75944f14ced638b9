// What the integration sets in Astro's config, so a user's astro.config.mjs needs nothing but
// `soulpress()`: the notes' Markdown for lessons too, the URL shape every link assumes, and MDX and a
// sitemap when the project has not added them itself.
import type { AstroIntegration } from 'astro';
import { satteri } from '@astrojs/markdown-satteri';
import { highlight } from '../markdown/highlight.ts';
import { headingAnchors } from '../markdown/heading-anchors.ts';
import { tableScroll } from '../markdown/table-scroll.ts';
import type { ResolvedOptions } from './options.ts';

/** Partial, as `updateConfig` takes it. */
type ConfigUpdate = Parameters<Parameters<NonNullable<AstroIntegration['hooks']['astro:config:setup']>>[0]['updateConfig']>[0];

/**
 * Pages Astro renders at once. With one, the build waits on every page's two writes (the page and its
 * copy in the page cache) and a rebuild on every copy from that cache, one at a time: at 5k notes the
 * main thread sat idle about a third of the time through the note pages, and the machine's other core
 * with it. Four keeps those waits overlapped with rendering (bench/RESULTS.md, "Pages rendered four at a
 * time"); more gained nothing further. Every page is rendered from its own props, and what routes share
 * (the site data, the memo caches, the share card encoder) is either read-only or synchronous.
 */
export const PAGES_AT_ONCE = 4;

/** `projectConcurrency` is the project's own `build.concurrency`: a value above 1 is the team's choice and stays. */
export function astroConfig(options: ResolvedOptions, projectConcurrency = 1): ConfigUpdate {
  return {
    ...(options.site ? { site: options.site } : {}),
    ...(options.base ? { base: options.base } : {}),
    // Every page is a folder: links end in "/", which any static host serves as index.html.
    trailingSlash: 'always',
    // Stylesheets are files, never inlined: Astro's default inlines each one under 4 KiB, which put about
    // 10 KiB of the same CSS into every note page (written, cached and read again per page, and never
    // cached by the browser). As files, a reader's browser fetches them once for the whole site.
    build: { format: 'directory', inlineStylesheets: 'never', concurrency: projectConcurrency > 1 ? projectConcurrency : PAGES_AT_ONCE },
    // Lessons' headings get anchor links, their code the notes' highlighter and their tables a box a
    // keyboard reaches, as vault notes' do (MDX extends this config).
    markdown: { processor: satteri({ hastPlugins: [headingAnchors({ levels: ['h2', 'h3'] }), tableScroll, highlight] }), syntaxHighlight: false },
    // Lossless whitespace compression: Astro 7's default JSX rules would drop the space between an
    // inline element and text continuing on the next line.
    compressHTML: true,
    // A rebuild after an edit reuses the pages no change reached.
    experimental: { incrementalBuild: true },
    // The routes, components and page scripts ship as source: Vite compiles them in the user's build. The
    // previews' modules and the search client come built (lib/client/, src/package/client-modules.ts).
    vite: { ssr: { noExternal: ['soulpress'] } },
  };
}

/** MDX (lessons) and the sitemap, each unless the project already has it. */
export async function missingIntegrations(present: readonly AstroIntegration[]): Promise<AstroIntegration[]> {
  const has = (name: string): boolean => present.some((i) => i.name === name);
  const added: AstroIntegration[] = [];
  if (!has('@astrojs/mdx')) added.push((await import('@astrojs/mdx')).default());
  if (!has('@astrojs/sitemap')) added.push((await import('@astrojs/sitemap')).default());
  return added;
}
