#!/usr/bin/env node
// The npm bin: a thin shell around src/cli/main.ts (Node 24 runs the TypeScript as is).
import { main } from '../src/cli/main.ts';

// A reader that closes the pipe early (soul-vault check | head) just ends the output: no EPIPE stack
// trace, and the command still finishes, so its exit code still says whether the vault is sound.
process.stdout.on('error', () => {});

const code = await main(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
});
process.exitCode = code;
