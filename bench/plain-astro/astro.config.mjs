// @ts-check
// The baseline the benchmark compares Soulpress with: plain Astro, one page per Markdown note,
// everything at its defaults (what a user would write without Soulpress).
import { defineConfig } from 'astro/config';

export default defineConfig({
  build: { format: 'directory' },
  devToolbar: { enabled: false },
});
