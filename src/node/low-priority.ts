// Work beside Astro's page rendering (the share image drawers, the search indexers) runs at a lower CPU
// priority than the pages, so where the two share a core the pages get most of it. Linux keeps a
// priority per thread, named by its thread id; elsewhere (no /proc) nothing is lowered and the callers
// say so by the false they get back.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * How many nice steps below the pages the helpers run: 3, at which a helper sharing a core with the pages
 * gets about a third of it. Not the lowest (19): beside other busy processes a nice-19 thread gets ~1.5%
 * of a core against each, and the build waits on it for its cards and its index. A 2k Markdown-rich build
 * beside two busy loops took 135 s with its helpers at 19, 43 s at 10, 23-24 s at 5, 22 s at 3 and at 0
 * (plain Astro: 19 s); on an idle machine 19 was ~0.3 s faster than 3 of ~11 s, within the noise
 * (bench/RESULTS.md, "The helpers' priority on a busy machine").
 */
export const HELPER_NICE = 3;

/**
 * The nice value the helpers run at: HELPER_NICE below this process's own (its main thread's), up to 19.
 * Relative, so a build the user started under `nice` keeps its helpers below its pages, and a helper is
 * never raised above where it started (which only a privileged process could do).
 */
export function helperNice(): number {
  return Math.min(19, getPriority(process.pid) + HELPER_NICE);
}

/** This thread's id (/proc/thread-self is task/<tid>). */
const ownThread = (): number => Number(readlinkSync('/proc/thread-self').split('/').at(-1));

let lowerable: boolean | undefined;

/**
 * Whether threads' priorities can be set here: Linux, with /proc to name them, and a sandbox that lets
 * the calls through (tried by setting this thread's priority to what it already is). Asked before a
 * helper is given more threads on the promise of lowering them.
 */
export function canLowerThreads(): boolean {
  if (lowerable === undefined) {
    try {
      const tid = ownThread();
      setPriority(tid, getPriority(tid));
      lowerable = process.platform === 'linux' && readdirSync('/proc/self/task').length > 0;
    } catch {
      lowerable = false;
    }
  }
  return lowerable;
}

function lower(tid: number, nice: number): boolean {
  try {
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}

/** Lower the thread this runs on (a worker thread's own). */
export function lowerThisThread(): boolean {
  try {
    return lower(ownThread(), helperNice());
  } catch {
    return false;
  }
}

/**
 * A /proc stat file (a process's or a thread's): its command name and the fields after it, from the
 * state on (`fields[1]` the parent pid, `fields[11]` and `[12]` the user and system CPU in clock ticks);
 * null when it has ended meanwhile.
 */
export function procStat(file: string): { comm: string; fields: string[] } | null {
  let stat: string;
  try {
    stat = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so the last ")" ends it.
  const close = stat.lastIndexOf(')');
  return { comm: stat.slice(stat.indexOf('(') + 1, close), fields: stat.slice(close + 2).split(' ') };
}

/**
 * This process's children whose command name starts with `name` (a native helper another package
 * spawned, whose pid it does not hand out); none where there is no /proc.
 */
export function childProcesses(name: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(`/proc/${entry}/stat`);
    if (stat && Number(stat.fields[1]) === process.pid && stat.comm.startsWith(name)) found.push(Number(entry));
  }
  return found;
}

/**
 * Lower every thread of the children `childProcesses(name)` finds. Threads those threads start later
 * inherit the priority. Returns the pids lowered.
 */
export function lowerChildren(name: string): number[] {
  // Asked once, not per thread: a Pagefind process has hundreds.
  const nice = helperNice();
  return childProcesses(name).filter((pid) => {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      return false; // ended meanwhile
    }
    // Every thread is tried, even after one refuses.
    return tasks.map((tid) => lower(Number(tid), nice)).every(Boolean);
  });
}
