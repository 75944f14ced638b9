// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import soulpress from './src/integration/index.ts';
import { satteri } from '@astrojs/markdown-satteri';
import { highlight } from './src/markdown/highlight.ts';
import { headingAnchors } from './src/markdown/heading-anchors.ts';
import { tableScroll } from './src/markdown/table-scroll.ts';

// SOULPRESS_SITE is the public origin the sitemap names; the vault comes from SOUL_VAULT_DIR
// (or content/vaults), and everything else from the integration's options below.
export default defineConfig({
  site: process.env.SOULPRESS_SITE || 'http://localhost:4321',
  trailingSlash: 'always',
  integrations: [
    soulpress({ harness: 'webui', title: 'Soulpress' }),
    mdx(),
    sitemap(),
  ],
  // Lessons' headings get anchor links beside them, as vault notes' do (MDX extends this config), and their
  // code goes through the notes' highlighter (src/markdown/highlight.ts), not Astro's, and their tables scroll in
  // a box a keyboard reaches (src/markdown/table-scroll.ts), as notes' do.
  markdown: { processor: satteri({ hastPlugins: [headingAnchors({ levels: ['h2', 'h3'] }), tableScroll, highlight] }), syntaxHighlight: false },
  build: { format: 'directory' },
  devToolbar: { enabled: false },
  experimental: { incrementalBuild: true },
  // Lossless whitespace compression: Astro 7's default JSX rules would drop the space between
  // an inline element and text continuing on the next line.
  compressHTML: true,
});
