// Runs one `astro build` in this process and prints, as its last line, a JSON record of how
// long build() took, when each build phase ended, and this process's peak RSS (every thread
// of the build included). node bench/build-child.ts ROOT OUT_DIR CACHE_DIR
import module from 'node:module';
import type { AstroIntegration } from 'astro';

// As Astro's own CLI does (astro/bin/astro.mjs) outside CI, before Astro is imported: the build is
// timed as `astro build` runs it, with Node's cache of compiled modules.
if (!process.env['CI']) module.enableCompileCache?.();
const { build } = await import('astro');

const [root, outDir, cacheDir] = process.argv.slice(2);
if (!root || !outDir || !cacheDir) {
  console.error('usage: node bench/build-child.ts ROOT OUT_DIR CACHE_DIR');
  process.exit(2);
}

// Milliseconds since this process started at each hook; appended after the project's own
// integrations, so config:setup marks the end of theirs (Soulpress loads the vault there).
const marks: Record<string, number> = {};
const mark = (name: string) => () => {
  marks[name] ??= performance.now();
};
const phases: AstroIntegration = {
  name: 'bench-phases',
  hooks: {
    'astro:config:setup': mark('configSetup'),
    'astro:build:start': mark('buildStart'),
    'astro:build:ssr': mark('buildSsr'),
    'astro:build:generated': mark('generated'),
    'astro:build:done': mark('done'),
  },
};

const started = performance.now();
await build({ root, outDir, cacheDir, logLevel: process.env['BENCH_LOG_LEVEL'] === 'info' ? 'info' : 'warn', integrations: [phases] });
const ended = performance.now();
// resourceUsage().maxRSS is in kilobytes.
const usage = process.resourceUsage();
// CPU time of this process, every thread of it (Soulpress's Markdown workers included); a child
// process (Pagefind's indexer) is not in it. resourceUsage() gives microseconds.
console.log(JSON.stringify({ buildMs: ended - started, startedAt: started, endedAt: ended, marks, maxRssBytes: usage.maxRSS * 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 }));
