// @ts-check
// The second baseline: Starlight, the docs framework a team would pick for the same notes, with
// its defaults (its own Pagefind search included, as Soulpress ships with search on) plus Astro's
// incremental build, as plain Astro has.
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';

export default defineConfig({
  // One sidebar link: Starlight's default lists every page on every page, 5,000 links each here,
  // which no team with that many pages would keep.
  integrations: [starlight({ title: 'Bench notes', sidebar: [{ label: 'Notes', link: '/' }] })],
  build: { format: 'directory' },
  devToolbar: { enabled: false },
  experimental: { incrementalBuild: true },
});
