#!/usr/bin/env node
// The npm bin: a thin shell around src/cli/main.ts (Node 24 runs the TypeScript as is).
import { main } from '../src/cli/main.ts';

const code = await main(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
});
process.exitCode = code;
