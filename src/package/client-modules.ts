// The browser modules a site loads as files of their own (the soul and agent previews, the header
// search's client), built once here into lib/client/ rather than by every site's build. They are the
// package's code alone: nothing in them depends on a site's vault, config or routes. Built in each
// site's build, as `?worker&url` imports, they were three nested bundles and a terser pass on the main
// thread of every cold build (0.5-1.2 s of build time and 0.7-2.0 s of CPU for the sample site).
//
// They are still built exactly as Vite builds a worker: a throwaway entry imports each one with
// `?worker&url`, so the same bundler options, minifier and target apply, and each comes out as one
// self-contained ES module (a preview starts the same file again as its worker, `new Worker(import.meta.url)`).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { minify } from 'terser';
import type { MinifyOptions } from 'terser';
import { build } from 'vite';
import type { Plugin, Rolldown } from 'vite';

/** Each module's file in lib/client/, by the source it is built from. */
const CLIENT_MODULES = {
  'live-start': 'src/preview/live-start.ts',
  'agent-start': 'src/preview/agent-start.ts',
  'header-search': 'src/components/search/header-search.ts',
} as const;

// terser's compressor, without mangling, before Vite's oxc minifier mangles and packs: the two find
// different things, and together they come out smaller than either alone (docs/decisions.md, "A fourth
// pass"). Every byte counts against the opened preview's budget (tests/site/preview-budget.test.ts).
const TERSER: MinifyOptions = { module: true, mangle: false, compress: { passes: 2 }, format: { comments: false } };

const terserFirst: Plugin = {
  name: 'soulpress:terser-first',
  async renderChunk(code) {
    return { code: (await minify(code, TERSER)).code ?? code, map: null };
  },
};

const HOST = '\0soulpress-client-host';

/** Whether a file Vite emitted is module `name`'s (Vite names a worker's file `<entry>-<hash>.js`). */
const isModule = (name: string, fileName: string): boolean => new RegExp(`(^|/)${name}-[\\w-]+\\.js$`).test(fileName);

/** Builds every module of CLIENT_MODULES into `outDir` as `<name>.js`. */
export async function buildClientModules(root: string, outDir: string): Promise<void> {
  const host: Plugin = {
    name: 'soulpress:client-host',
    resolveId: (id) => (id === HOST ? id : null),
    load: (id) => (id === HOST ? Object.values(CLIENT_MODULES).map((file, i) => `import m${i} from ${JSON.stringify(path.join(root, file) + '?worker&url')}; console.log(m${i});`).join('\n') : null),
  };
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [host],
    build: { write: false, rolldownOptions: { input: HOST } },
    // Comments go: the minifier has used the pure annotations already.
    worker: { format: 'es', plugins: () => [terserFirst], rolldownOptions: { output: { comments: false } } },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const files = outputs.flatMap((o) => o.output);
  // Only each module's own file is shipped: a module that came out split (a chunk it imports, a file it
  // names) would load something no site has, so that stops the package's build here.
  const extra = files.filter((f) => f.type === 'asset' && !Object.keys(CLIENT_MODULES).some((name) => isModule(name, f.fileName)));
  if (extra.length > 0) throw new Error(`client modules: each must build to one file, but these came out too: ${extra.map((f) => f.fileName).join(', ')}`);
  mkdirSync(outDir, { recursive: true });
  for (const name of Object.keys(CLIENT_MODULES)) {
    const found = files.filter((f) => f.type === 'asset' && isModule(name, f.fileName));
    if (found.length !== 1) throw new Error(`client module ${name}: ${found.length} outputs, expected 1`);
    const { source } = found[0] as Rolldown.OutputAsset;
    writeFileSync(path.join(outDir, `${name}.js`), source);
  }
}
