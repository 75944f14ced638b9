// @ts-check
// The baseline the benchmark compares Soulpress with: plain Astro, one page per Markdown note,
// everything at its defaults (what a user would write without Soulpress), plus Astro's own
// incremental build, so a rebuild after an edit shows Astro's floor.
import { defineConfig } from 'astro/config';

export default defineConfig({
  build: { format: 'directory' },
  devToolbar: { enabled: false },
  experimental: { incrementalBuild: true },
});
