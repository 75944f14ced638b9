#!/usr/bin/env node
// The soul-vault command. In the package this file is bundled to lib/bin/soul-vault.js (src/package/compile.ts).
import { enableCompileCache } from 'node:module';

// V8's compiled code is kept between runs (in the system's temp folder): a model calls `read` often.
enableCompileCache?.();
const [{ main }, { runBin }] = await Promise.all([import('../main.ts'), import('./run.ts')]);
await runBin(main);
