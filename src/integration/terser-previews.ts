// The previews' modules (built as workers are, src/preview/open-panel.ts) go through terser's compressor
// before Vite's own minifier mangles and packs them: the two together come out about 150 B gzipped
// smaller than the oxc minifier alone (16,470 -> 16,316 B for the soul preview), and every byte of these
// modules counts against the opened preview's budget (tests/site/preview-budget.test.ts). Only these
// modules: the site's own scripts keep Vite's defaults.
//
// One pass: a second gains 61 B for twice the time. Compressing takes about 0.3 s a module, so each
// result is kept in the cache folder by the SHA-256 of what went in: a build whose preview code did not
// change reads it back instead.
import { createHash } from 'node:crypto';
import type { MinifyOptions } from 'terser';
import type { Plugin } from 'vite';
import { KeptFile } from '../node/kept-file.ts';
import { versionOf } from '../node/package-version.ts';

// Mangling is left to Vite's minifier, which runs after: terser's on top of it gained nothing.
const OPTIONS: MinifyOptions = { module: true, mangle: false, compress: {}, format: { comments: false } };
const MAKER = `terser@${versionOf('terser')} ${JSON.stringify(OPTIONS)}`;

/** A plugin for Vite's worker builds; `cacheDir` null keeps nothing between builds. */
export function terserPreviews(cacheDir: string | null): Plugin {
  return {
    name: 'soulpress:terser-previews',
    apply: 'build',
    async renderChunk(code, chunk) {
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
