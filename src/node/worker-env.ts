// A worker thread does not take over its process's compile cache (module.enableCompileCache): each
// compiled its modules afresh on every build (satori and resvg in the share image worker, Shiki and
// Sätteri in the note workers). Node passes the cache on to workers through NODE_COMPILE_CACHE.
// The default export, not a named import: on a Node without getCompileCacheDir (before 22.8) a named
// import fails to link.
import module from 'node:module';
import path from 'node:path';

/** The environment a worker thread starts with: the process's, plus the folder of its compile cache if it has one. */
export function workerEnv(): NodeJS.ProcessEnv {
  const folder = module.getCompileCacheDir?.();
  if (!folder || process.env['NODE_COMPILE_CACHE'] !== undefined) return process.env;
  // Node keeps the cache in a folder named for its version under the one it was given: the worker is
  // given the same one, so it finds the same cache rather than a folder of its own inside it.
  const given = path.basename(folder).startsWith(`v${process.versions.node}-`) ? path.dirname(folder) : folder;
  return { ...process.env, NODE_COMPILE_CACHE: given };
}
