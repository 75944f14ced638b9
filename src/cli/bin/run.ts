// What both commands do around their main: real I/O, and an exit code.
import type { Io } from '../main.ts';

export async function runBin(main: (argv: string[], io: Io) => Promise<number>): Promise<void> {
  // A reader that closes the pipe early (soul-vault check | head) just ends the output: no EPIPE stack
  // trace, and the command still finishes, so its exit code still says whether the vault is sound.
  process.stdout.on('error', () => {});
  process.exitCode = await main(process.argv.slice(2), {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
  });
}
