// One compile cache for every Node process a test run starts: the test files' own processes, the
// CLIs, the builds and the servers they start. Each of them otherwise compiles the same modules and
// strips the same TypeScript afresh (measured: 0.25-0.5 CPU-s of a short test file's 0.7, and
// 0.3-0.5 of a small build's 6). Loaded with --import by the node runners and by the Playwright
// config: setting the variable here hands it to every process started from now on, and
// enableCompileCache gives it to this one. A variable the caller set is kept.
import module from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where the tests' Node processes keep compiled code; V8 keys each entry by the source, so a stale one is never used. */
const TEST_COMPILE_CACHE = path.join(tmpdir(), 'soul-vault-test-compile-cache');

process.env['NODE_COMPILE_CACHE'] ??= TEST_COMPILE_CACHE;
module.enableCompileCache?.(process.env['NODE_COMPILE_CACHE']);
