// Where a build's CPU goes, by thread: the child's threads and its child processes, read from /proc
// while it runs. The process's own total (BuildRun.cpuMs) cannot say whether the second core went to
// the pages, the note workers, V8's collector or the indexer; this can. Linux only: elsewhere, null.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { procStat } from '../src/node/low-priority.ts';

/** CPU seconds by what ran it. */
export interface ThreadCpu {
  /** The JavaScript main thread: Astro, Vite's plugins, the pages, Soulpress's loader. */
  main: number;
  /** Node worker threads: Soulpress's note renderers and share-card drawers. */
  workers: number;
  /** V8's own helpers: concurrent and parallel garbage collection, background compilation. */
  v8: number;
  /** libuv's pool: file reads and writes, zlib, crypto. */
  libuv: number;
  /** Rolldown's threads: Vite's bundling. */
  rolldown: number;
  /** Child processes: Pagefind's indexers. */
  children: number;
  /** Threads of any other name. */
  other: number;
}

const GROUPS: ReadonlyArray<[keyof ThreadCpu, (name: string) => boolean]> = [
  ['main', (n) => n === 'MainThread' || n === 'node'],
  ['workers', (n) => n === 'WorkerThread'],
  ['v8', (n) => n.startsWith('V8')],
  ['libuv', (n) => n.startsWith('libuv')],
  ['rolldown', (n) => n.startsWith('rolldown') || n.startsWith('tokio')],
];

// /proc counts CPU in clock ticks; Linux's USER_HZ is 100 on every architecture Node supports.
const TICK_S = 0.01;

/** A /proc stat file's command name and its user + system CPU in seconds (a process's includes its ended threads). */
function stat(file: string): { name: string; cpu: number } | null {
  const s = procStat(file);
  return s && { name: s.comm, cpu: (Number(s.fields[11]) + Number(s.fields[12])) * TICK_S };
}

const group = (name: string): keyof ThreadCpu => GROUPS.find(([, test]) => test(name))?.[0] ?? 'other';

/**
 * Sample process `pid` every `everyMs` until stop(): each thread's and each child process's CPU as last
 * seen. A thread that ends between two samples loses what it ran since the last one; the caller can
 * set the sum against the process's own total.
 */
export function sampleThreads(pid: number, everyMs = 100): { stop: () => ThreadCpu | null } {
  if (!existsSync(`/proc/${pid}/task`)) return { stop: () => null };
  const threads = new Map<string, { group: keyof ThreadCpu; cpu: number }>();
  const sample = (): void => {
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      return; // the process has ended
    }
    for (const tid of tids) {
      const s = stat(`/proc/${pid}/task/${tid}/stat`);
      if (s) threads.set(`t${tid}`, { group: group(s.name), cpu: s.cpu });
      let kids = '';
      try {
        kids = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const kid of kids.split(' ').filter((k) => k.trim() !== '')) {
        const c = stat(`/proc/${kid}/stat`);
        if (c) threads.set(`p${kid}`, { group: 'children', cpu: c.cpu });
      }
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      const out: ThreadCpu = { main: 0, workers: 0, v8: 0, libuv: 0, rolldown: 0, children: 0, other: 0 };
      for (const t of threads.values()) out[t.group] += t.cpu;
      return out;
    },
  };
}
