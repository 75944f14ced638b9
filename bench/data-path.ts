// The data-path experiment of issue 11: the same minimal note pages (bench/data-path), their data
// handed over through Soulpress's global slot or through an Astro Content Layer loader, built cold
// at about 1k and 5k notes. Not part of `npm run bench` (it settled a design choice, recorded in
// docs/decisions.md); run it again with `node bench/data-path.ts` after a change to either path.
import path from 'node:path';
import { rmSync } from 'node:fs';
import { runBuild } from './build.ts';
import { generateFamily, tempDir } from './generate.ts';
import { fmt } from './stats.ts';

const ROOT = path.join(import.meta.dirname, 'data-path');
const work = path.join(import.meta.dirname, 'tmp', `data-path-${process.pid}`);
for (const souls of [5, 25]) {
  const family = generateFamily({ souls, notesPerSoul: 200, noteBytes: 1500, sharedCore: 40, guests: 2, seed: 1 }, tempDir(`data-${souls}`), path.join(import.meta.dirname, '..', 'content/vaults'));
  for (const round of [1, 2]) {
    for (const mode of ['slot', 'content'] as const) {
      const r = await runBuild({ project: 'soulpress', root: ROOT, family, outDir: path.join(work, mode, 'dist'), cacheDir: path.join(work, mode, 'cache'), env: { BENCH_DATA_PATH: mode } });
      const p = r.phases;
      console.log(`${fmt(family.files.length)} notes, ${mode}, round ${round}: ${r.ok ? `${fmt(r.pages)} pages, wall ${fmt(r.wallMs / 1000, 1)} s, config:setup ${fmt(p.setup / 1000, 1)} s, content sync ${fmt(p.sync / 1000, 1)} s, bundle+render ${fmt(p.bundleRender / 1000, 1)} s, peak RSS ${fmt(r.maxRssBytes / 1e6)} MB` : `failed: ${r.error}`}`);
    }
  }
  rmSync(path.dirname(family.root), { recursive: true, force: true });
}
rmSync(work, { recursive: true, force: true });
