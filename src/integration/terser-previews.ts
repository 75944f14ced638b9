// The soul preview's module (built as workers are, src/preview/open-panel.ts) goes through terser's
// compressor before Vite's own minifier mangles and packs it: the two together come out about 150 B
// gzipped smaller than the oxc minifier alone (16,466 -> 16,299 B), and every byte of it counts against the
// opened preview's budget (tests/site/preview-budget.test.ts). Only that module: the agent preview is
// within its budget by ~280 B without terser (15,081 B opened), the header search gained nothing from it,
// and the site's own scripts keep Vite's defaults.
//
// One pass, without the transforms that cost time and gained nothing after oxc (inlining, joining
// declarations and statements, collapsing variables): about 0.3 s cold, against 0.4 s for the defaults,
// and 14 B smaller. Each result is kept in the cache folder by the SHA-256 of what went in: a build whose
// preview code did not change reads it back instead.
import { createHash } from 'node:crypto';
import type { MinifyOptions } from 'terser';
import type { Plugin } from 'vite';
import { KeptFile } from '../node/kept-file.ts';
import { versionOf } from '../node/package-version.ts';

// Mangling is left to Vite's minifier, which runs after: terser's on top of it gained nothing.
const OPTIONS: MinifyOptions = { module: true, mangle: false, compress: { inline: false, join_vars: false, sequences: false, collapse_vars: false }, format: { comments: false } };

/** The worker modules terser compresses, by chunk name (their entry files' names). */
const COMPRESSED = new Set(['live-start']);
const MAKER = `terser@${versionOf('terser')} ${JSON.stringify(OPTIONS)}`;

/** A plugin for Vite's worker builds; `cacheDir` null keeps nothing between builds. */
export function terserPreviews(cacheDir: string | null): Plugin {
  return {
    name: 'soulpress:terser-previews',
    apply: 'build',
    async renderChunk(code, chunk) {
      if (!COMPRESSED.has(chunk.name)) return null;
      const kept = await KeptFile.open<string>(cacheDir, `soulpress-previews/${chunk.name}`, MAKER);
      const key = createHash('sha256').update(code).digest('base64url');
      let out = kept.get(key);
      if (out === undefined) {
        // Imported only here: a build that finds every module in the cache does without it.
        const { minify } = await import('terser');
        out = (await minify(code, OPTIONS)).code ?? code;
        kept.set(key, out);
      }
      await kept.save();
      return { code: out, map: null };
    },
  };
}
