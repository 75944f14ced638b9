// Summarise a V8 .cpuprofile by self time: per function, and per owner (ours vs Astro, Vite, ...).
// CLI: node bench/profile.ts FILE.cpuprofile [--top 25]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fmt, table } from './stats.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  where: string;
  owner: string;
  ms: number;
}

export interface ProfileSummary {
  totalMs: number;
  byOwner: Array<{ owner: string; ms: number }>;
  top: SelfTime[];
}

/** Who a frame belongs to, from its script URL: our code, a package by name, or V8/Node itself. */
export function ownerOf(url: string, functionName: string): string {
  if (url === '') {
    if (functionName === '(garbage collector)') return 'V8 garbage collector';
    if (functionName === '(idle)' || functionName === '(program)') return `V8 ${functionName}`;
    return 'V8 / native';
  }
  if (url.startsWith('node:')) return 'Node.js internals';
  if (url.startsWith('http://127.0.0.1')) return 'Soulpress (ours, bundled for the browser)';
  // The only WebAssembly both builds load is Shiki's Oniguruma regex engine (Satteri is a native addon).
  if (url.startsWith('wasm://')) return 'Shiki (code highlighting)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) {
    const name = pkg[1]!;
    if (name === 'satteri' || name === '@astrojs/markdown-satteri' || name.startsWith('@bruits/')) return 'Satteri (Astro\'s Markdown)';
    if (name.startsWith('@astrojs/') || name === 'astro') return 'Astro';
    if (name === 'vite' || name.startsWith('@rolldown') || name === 'rolldown') return 'Vite / Rolldown';
    if (name === 'shiki' || name.startsWith('@shikijs/') || name.startsWith('oniguruma')) return 'Shiki (code highlighting)';
    return name;
  }
  // Chunks Astro built from our pages (and its runtime) first: their folder names may say anything.
  if (/\/\.prerender\/|\/dist\/|\/chunks\//.test(url)) return 'built site chunks (ours + Astro runtime)';
  if (/\/src\/(core|node|data|integration|markdown|pages|components|layouts|preview)\//.test(url)) return 'Soulpress (ours)';
  return 'other';
}

/** `skip`: frames whose URL starts with one of these are left out (e.g. the inspector that took the profile). */
export function summariseProfile(file: string, topN = 25, skip: readonly string[] = []): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map<number, ProfileNode>(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  // timeDeltas[i] is the gap before sample i: charge it to that sample's frame.
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const fns = new Map<string, SelfTime>();
  const owners = new Map<string, number>();
  let totalMs = 0;
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (skip.some((prefix) => url.startsWith(prefix))) continue;
    const owner = ownerOf(url, functionName);
    totalMs += ms;
    owners.set(owner, (owners.get(owner) ?? 0) + ms);
    const short = url.replace(/^file:\/\//, '').replace(/^.*node_modules\//, '').replace(/^\/work\/main\//, '');
    const where = url ? `${short}:${lineNumber + 1}` : '';
    const key = `${functionName}@${where}`;
    const entry = fns.get(key) ?? { name: functionName || '(anonymous)', where, owner, ms: 0 };
    entry.ms += ms;
    fns.set(key, entry);
  }
  return {
    totalMs,
    byOwner: [...owners].map(([owner, ms]) => ({ owner, ms })).sort((a, b) => b.ms - a.ms),
    top: [...fns.values()].sort((a, b) => b.ms - a.ms).slice(0, topN),
  };
}

export function profileTables(s: ProfileSummary, topN = 15, owners = 12): string {
  const pct = (ms: number): string => `${fmt((ms / s.totalMs) * 100, 1)}%`;
  const shown = s.byOwner.slice(0, owners);
  const rest = s.byOwner.slice(owners).reduce((n, o) => n + o.ms, 0);
  const ownerRows = shown.map((o) => [o.owner, fmt(o.ms), pct(o.ms)]);
  if (rest > 0) ownerRows.push([`${s.byOwner.length - owners} other packages`, fmt(rest), pct(rest)]);
  return [
    table(['owner', 'self ms', 'share'], ownerRows),
    '',
    table(['function', 'where', 'owner', 'self ms', 'share'], s.top.slice(0, topN).map((f) => [`\`${f.name}\``, f.where ? `\`${f.where}\`` : '', f.owner, fmt(f.ms), pct(f.ms)])),
  ].join('\n');
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' } } });
  for (const file of positionals) console.log(profileTables(summariseProfile(file, Number(values.top)), Number(values.top), 40));
}
