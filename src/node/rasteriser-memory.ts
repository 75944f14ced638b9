// resvg, which rasterises the share cards, allocates through its own copy of mimalloc. At its defaults
// mimalloc gives a card's 3 MB pixmap back to the OS soon after the card is drawn, so the next card
// faults the same amount in again, 4 KiB at a time: on the 2-core VMs this project is measured on, an
// empty 1200x630 render took 11-14 ms, half of it in the kernel, and a card ~45 ms. Kept (no purge)
// and in 2 MiB pages where the kernel offers them (transparent huge pages), the empty render takes
// ~0.9 ms and a card ~25 ms (bench/RESULTS.md, "Share cards and the rasteriser's memory").
// mimalloc reads these settings from the environment once, when the library is first loaded in the
// process, so they are set before that, on the main thread: a worker's process.env is its own copy.
import { isMainThread } from 'node:worker_threads';

const SETTINGS: Readonly<Record<string, string>> = { MIMALLOC_PURGE_DELAY: '-1', MIMALLOC_ALLOW_LARGE_OS_PAGES: '1' };

/** Before the first share card of this process is drawn: mimalloc's settings for resvg, unless the user set their own. */
export function keepRasteriserMemory(): void {
  if (!isMainThread) return;
  for (const [name, value] of Object.entries(SETTINGS)) process.env[name] ??= value;
}
