#!/usr/bin/env node
// The soulpress command. In the package this file is bundled to lib/bin/soulpress.js (src/package/compile.ts).
import { enableCompileCache } from 'node:module';

// V8's compiled code is kept between runs (in the system's temp folder), as Astro's own CLI does.
enableCompileCache?.();
const [{ soulpressMain }, { runBin }] = await Promise.all([import('../soulpress.ts'), import('./run.ts')]);
await runBin(soulpressMain);
