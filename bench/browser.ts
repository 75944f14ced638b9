// Part 4: what the browser pays. Gzipped JS per page kind of a built site, and in Chromium
// the time to re-assemble a soul (loadIdentity over a MemoryStore), median of N runs.
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { chromium } from 'playwright-core';
import { MemoryStore, loadIdentity } from '../src/core/index.ts';
import { generateFamily, tempDir } from './generate.ts';
import { routeOf, siteRoutes } from '../src/build/routes.ts';
import { fmt, median, table, verdict } from './stats.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';

const REPO = path.resolve(import.meta.dirname, '..');

// ---------------------------------------------------------------- JS per page kind

function htmlFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** Every script a page loads up front: script src, module preloads, inline scripts, and their static imports. */
function pageScripts(distDir: string, htmlFile: string): Array<{ name: string; bytes: Buffer }> {
  const html = readFileSync(htmlFile, 'utf8');
  const out = new Map<string, Buffer>();
  const queue: string[] = [];
  const local = (ref: string, from: string): string | null => {
    if (/^(https?:)?\/\//.test(ref) || ref.startsWith('data:')) return null;
    const clean = ref.split(/[?#]/)[0]!;
    return clean.startsWith('/') ? path.join(distDir, clean) : path.resolve(path.dirname(from), clean);
  };
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1]!;
    const type = /\btype="([^"]*)"/.exec(attrs)?.[1];
    if (type && !/^(module|text\/javascript|application\/javascript)$/.test(type)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (src) {
      const file = local(src, htmlFile);
      if (file) queue.push(file);
    } else if (m[2]!.trim()) out.set(`inline #${out.size + 1}`, Buffer.from(m[2]!));
  }
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0])?.[1];
    const file = href ? local(href, htmlFile) : null;
    if (file) queue.push(file);
  }
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (out.has(file) || !existsSync(file)) continue;
    const bytes = readFileSync(file);
    out.set(file, bytes);
    // Static imports only: a dynamic import() is not paid for until it runs.
    for (const m of bytes.toString('utf8').matchAll(/(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+\.m?js)["']/g)) {
      const next = local(m[1]!, file);
      if (next) queue.push(next);
    }
  }
  return [...out].map(([name, bytes]) => ({ name, bytes }));
}

export interface PageKindJs {
  kind: string;
  pages: number;
  sample: string;
  scripts: number;
  rawBytes: number;
  gzipBytes: number;
}

/** For each route, one built page (the first by path), and the JS it loads: raw and gzipped (zlib default level). */
export function jsPerPageKind(distDir: string): PageKindJs[] {
  const routes = siteRoutes();
  const byKind = new Map<string, { files: string[] }>();
  for (const file of htmlFiles(distDir)) {
    const rel = path.relative(distDir, file).split(path.sep);
    const parts = rel.at(-1) === 'index.html' ? rel.slice(0, -1) : [...rel.slice(0, -1), rel.at(-1)!.replace(/\.html$/, '')];
    const route = routeOf(routes, parts);
    const kind = route?.pattern ?? '(no route)';
    const entry = byKind.get(kind) ?? { files: [] };
    entry.files.push(file);
    byKind.set(kind, entry);
  }
  return [...byKind]
    .map(([kind, { files }]) => {
      const sample = files[0]!;
      const scripts = pageScripts(distDir, sample);
      return {
        kind,
        pages: files.length,
        sample: `/${path.relative(distDir, sample)}`,
        scripts: scripts.length,
        rawBytes: scripts.reduce((n, s) => n + s.bytes.byteLength, 0),
        gzipBytes: scripts.reduce((n, s) => n + gzipSync(s.bytes).byteLength, 0),
      };
    })
    .sort((a, b) => a.kind.localeCompare(b.kind));
}

export function jsTable(rows: PageKindJs[]): string {
  return table(
    ['page kind (route)', 'pages', 'sample page', 'scripts', 'JS raw', 'JS gzip'],
    rows.map((r) => [`\`${r.kind}\``, fmt(r.pages), `\`${r.sample}\``, String(r.scripts), `${fmt(r.rawBytes / 1024, 1)} KiB`, `${fmt(r.gzipBytes / 1024, 1)} KiB`]),
  );
}

// ---------------------------------------------------------------- re-assembly in Chromium

export interface ReassemblyResult {
  label: string;
  notes: number;
  documents: number;
  promptBytes: number;
  runs: number;
  medianMs: number;
  /** loadIdentity alone over the same store: the core's part of a re-assembly. */
  coreMedianMs: number;
  minMs: number;
  maxMs: number;
  /** The bundle revision in Chromium equals the one Node computes from the same bytes. */
  sameRevision: boolean;
}

/** Whether the live preview's re-assembly (src/preview/reassemble.ts) exists to be timed. */
export const HAS_PREVIEW = existsSync(path.join(REPO, 'src/preview/reassemble.ts'));

/**
 * What the browser gets: the core (and the preview's reassemble() when it exists) bundled by
 * esbuild, minified, no node: modules.
 */
async function bundleForBrowser(): Promise<string> {
  const lines = [`export { MemoryStore, discoverFamily, loadIdentity, renderPrompt } from ${JSON.stringify(path.join(REPO, 'src/core/index.ts'))};`];
  if (HAS_PREVIEW) lines.push(`export { reassemble } from ${JSON.stringify(path.join(REPO, 'src/preview/reassemble.ts'))};`);
  if (HAS_PREVIEW) lines.push(`export { snapshotTokens } from ${JSON.stringify(path.join(REPO, 'src/preview/token-estimate.ts'))};`);
  const result = await esbuild({
    stdin: { contents: lines.join('\n'), resolveDir: REPO, loader: 'ts', sourcefile: 'bench-entry.ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    // Minified as a production build would be, but names kept, so a profile names our functions.
    // BENCH_BROWSER_PROFILE also keeps the line breaks, so the profile names lines too.
    minifyWhitespace: !process.env['BENCH_BROWSER_PROFILE'],
    minifySyntax: true,
    write: false,
    logLevel: 'silent',
    define: { 'import.meta.env.BASE_URL': '"/"' },
  });
  return result.outputFiles[0]!.text;
}

function filesOf(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[]) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(root, file).split(path.sep).join('/')] = readFileSync(file, 'utf8');
  }
  return out;
}

// One timed run = what the preview does after an edit: one note of the soul's core rewritten in the
// store, then a re-assembly (reassemble(): loadIdentity, bundleView, cachePrefix against the
// published bundle; or loadIdentity alone when there is no preview yet). Redrawing is not included.
const PAGE = `<!doctype html><meta charset="utf-8"><title>re-assembly</title>
<script type="module">
import * as lib from '/bench.js';
window.reassemble = async (label, runs) => {
  const files = await (await fetch('/data-' + label + '.json')).json();
  const store = new lib.MemoryStore(Object.entries(files), 'preview');
  const family = await lib.discoverFamily(store);
  const soul = family.souls[0];
  const notes = new Map(Object.keys(files).map((key) => ['soul://' + key, { title: key, href: 'notes/' + key + '/' }]));
  const once = async (published) => {
    if (!lib.reassemble) return { bundle: await lib.loadIdentity({ store, soul, harness: 'bench', family: family.name }), view: null };
    // No build counts in the bench's store: every document is estimated, the path an edited note takes.
    const tokens = lib.snapshotTokens({ counts: {}, bytesPerToken: 4 });
    const r = await lib.reassemble(store, { soul, family: family.name, harness: 'bench', notes, href: 'souls/' + soul + '/', published, tokens });
    if (r.error) throw new Error(r.error.message);
    return r;
  };
  const first = await once(null);
  const editKey = Object.keys(files).find((k) => k.startsWith(soul + '/core/'));
  // Warm-up: the JIT and WebCrypto's first calls are not what a reader waits for on each edit.
  for (let i = 0; i < 3; i++) await once(first.view);
  const times = [];
  const coreTimes = [];
  for (let i = 0; i < runs; i++) {
    store.write(editKey, files[editKey] + '\\nedit ' + i + '\\n');
    let t = performance.now();
    await once(first.view);
    times.push(performance.now() - t);
    // The core's share of it: loadIdentity alone over the same store.
    t = performance.now();
    await lib.loadIdentity({ store, soul, harness: 'bench', family: family.name });
    coreTimes.push(performance.now() - t);
  }
  return { times, coreTimes, documents: first.bundle.documents.length, revision: first.bundle.revision, promptBytes: new TextEncoder().encode(lib.renderPrompt(first.bundle.documents)).byteLength };
};
window.ready = true;
</script>`;

/**
 * Generate one family per size (one soul of `notes` notes plus the shared core), serve the
 * bundled core and the notes from 127.0.0.1, and time loadIdentity in headless Chromium.
 */
export async function reassemblyInChromium(sizes: Array<{ label: string; notes: number }>, runs: number, noteBytes = 1500, seed = 1): Promise<ReassemblyResult[]> {
  const assets = new Map<string, { type: string; body: string }>();
  assets.set('/', { type: 'text/html', body: PAGE });
  assets.set('/bench.js', { type: 'text/javascript', body: await bundleForBrowser() });
  const expected = new Map<string, { revision: string; notes: number }>();
  for (const { label, notes } of sizes) {
    const family = generateFamily({ souls: 1, notesPerSoul: notes, noteBytes, sharedCore: 40, guests: 0, seed }, tempDir(`browser-${label}`));
    const files = filesOf(family.root);
    rmSync(path.dirname(family.root), { recursive: true, force: true });
    assets.set(`/data-${label}.json`, { type: 'application/json', body: JSON.stringify(files) });
    const bundle = await loadIdentity({ store: new MemoryStore(Object.entries(files)), soul: family.souls[0]!.id, harness: 'bench' });
    expected.set(label, { revision: bundle.revision, notes });
  }
  const server = createServer((req, res) => {
    const asset = assets.get(req.url ?? '/');
    if (!asset) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': `${asset.type}; charset=utf-8` }).end(asset.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    const results: ReassemblyResult[] = [];
    // BENCH_BROWSER_PROFILE=FILE writes a CPU profile of the runs, for bench/profile.ts.
    const profileTo = process.env['BENCH_BROWSER_PROFILE'];
    const cdp = profileTo ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    for (const { label } of sizes) {
      const r = await page.evaluate(
        ([l, n]) => (window as unknown as { reassemble: (l: string, n: number) => Promise<{ times: number[]; coreTimes: number[]; documents: number; revision: string; promptBytes: number }> }).reassemble(l, n),
        [label, runs] as const,
      );
      const want = expected.get(label)!;
      results.push({
        label,
        notes: want.notes,
        documents: r.documents,
        promptBytes: r.promptBytes,
        runs,
        medianMs: median(r.times),
        coreMedianMs: median(r.coreTimes),
        minMs: Math.min(...r.times),
        maxMs: Math.max(...r.times),
        sameRevision: r.revision === want.revision,
      });
    }
    if (cdp && profileTo) writeFileSync(profileTo, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    return results;
  } finally {
    await browser.close();
    server.close();
  }
}

export function reassemblyTable(rows: ReassemblyResult[], goalMs = 16): string {
  const what = HAS_PREVIEW ? '`reassemble()`' : '`loadIdentity`';
  return [
    table(
      ['soul', 'documents', 'prompt', `${what} median ms`, 'min / max ms', '`loadIdentity` alone, median ms', 'revision = Node'],
      rows.map((r) => [`${fmt(r.notes)}-note soul (+40 shared core)`, fmt(r.documents), `${fmt(r.promptBytes / 1e6, 2)} MB`, fmt(r.medianMs, 1), `${fmt(r.minMs, 1)} / ${fmt(r.maxMs, 1)}`, fmt(r.coreMedianMs, 1), r.sameRevision ? 'yes' : '**no**']),
    ),
    '',
    ...rows.filter((r) => r.notes === 500).map((r) => `Goal: under ${goalMs} ms for 500 notes: ${fmt(r.medianMs, 1)} ms, ${verdict(r.medianMs < goalMs)}.`),
  ].join('\n');
}

if (import.meta.main) {
  const dist = process.argv[2];
  if (dist) console.log(jsTable(jsPerPageKind(path.resolve(dist))));
  console.log(reassemblyTable(await reassemblyInChromium([{ label: '500', notes: 500 }, { label: '5000', notes: 5000 }], 20)));
}
