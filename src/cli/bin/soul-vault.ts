#!/usr/bin/env node
// The soul-vault command. In the package this file is bundled to lib/bin/soul-vault.js (src/package/compile.ts).
// The default export, not a named import: on a Node without enableCompileCache (before 22.1) a named import
// fails to link and the command dies with a SyntaxError; so it just runs without the cache.
import module from 'node:module';

// V8's compiled code is kept between runs (in the system's temp folder): a model calls `read` often.
module.enableCompileCache?.();
const [{ main }, { runBin }] = await Promise.all([import('../main.ts'), import('./run.ts')]);
await runBin(main);
