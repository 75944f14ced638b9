import path from 'node:path';
import { parseArgs } from 'node:util';
import { VaultError, checkFamily, describeFamily, loadIdentity, readNote, renderPrompt, requireFamily } from '../core/index.ts';
import { vaultRoot } from '../node/vault-root.ts';
import { memoStore } from '../build/memo-store.ts';
import { bundleTokens, formatCard, formatCheck, escapeControls, formatList, terminalJson, writeTerminalJson } from './format.ts';
import { openStore, runDiff } from './history.ts';
import type { Opened } from './history.ts';
import { HELP, UsageError } from './usage.ts';

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

const FLAGS = {
  vault: { type: 'string' },
  family: { type: 'string' },
  harness: { type: 'string' },
  preset: { type: 'string' },
  json: { type: 'boolean' },
  strict: { type: 'boolean' },
  prompt: { type: 'boolean' },
  check: { type: 'boolean' },
  agents: { type: 'string' },
  at: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Which flags and how many positionals each command takes. */
const COMMANDS: Record<string, { flags: string[]; args: number }> = {
  load: { flags: ['harness', 'preset', 'json', 'prompt', 'at'], args: 1 },
  read: { flags: ['json', 'at'], args: 1 },
  check: { flags: ['strict', 'json', 'at'], args: 0 },
  // The same soul at two revisions of the vault's git repository (--to: the working tree).
  diff: { flags: ['harness', 'preset', 'json', 'from', 'to'], args: 1 },
  ls: { flags: ['json'], args: 0 },
  // Every bundle that carries a note, and what an edit to it resends uncached.
  impact: { flags: ['harness', 'json', 'at'], args: 1 },
  // One agent directory, or with --check every agent under the agents root (then no argument).
  psyche: { flags: ['json', 'check', 'strict', 'agents'], args: 1 },
};

/**
 * A string option must be followed by its value: `--harness --json` is a missing value, not a
 * harness named "--json" (parseArgs would take it). `--name=value` passes any value, `-x` included.
 */
function missingValue(argv: readonly string[]): string | null {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    const name = arg.startsWith('--') && !arg.includes('=') ? arg.slice(2) : null;
    if (name === null || (FLAGS as Record<string, { type: string }>)[name]?.type !== 'string') continue;
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('-')) return name;
    i++;
  }
  return null;
}

/** cli/psyche.ts's AgentUnreadable and the agents root's AgentsRootError, known by their codes: the psyche module is imported only by the psyche command. */
function isAgentError(error: unknown): error is Error & { code: 'agent_unreadable' | 'agents_root' } {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return code === 'agent_unreadable' || code === 'agents_root';
}

/** Run the command line; returns the exit code. Never throws and never prints a stack trace. */
export async function main(argv: string[], io: Io): Promise<number> {
  let json = argv.includes('--json');
  // Git stores hold a git process: every way out closes them, so the command always exits.
  const opened: Opened = [];
  try {
    const missing = missingValue(argv);
    const parsed = parseArgs({ args: argv, options: FLAGS, allowPositionals: true, strict: false });
    const [command, ...args] = parsed.positionals;
    const values = parsed.values as Record<string, string | boolean | undefined>;
    if (!command) {
      if (values['help']) return io.out(`${HELP.main}\n`), 0;
      throw new UsageError('no command given', HELP.main!);
    }
    const spec = COMMANDS[command];
    if (!spec) throw new UsageError(`unknown command "${command}"`, HELP.main!);
    const help = HELP[command]!;
    if (values['help']) return io.out(`${help}\n`), 0;
    const allowed = new Set([...spec.flags, 'vault', 'family', 'help']);
    for (const [key, value] of Object.entries(values)) {
      if (!allowed.has(key)) throw new UsageError(`unknown option --${key} for ${command}`, help);
      const type = (FLAGS as Record<string, { type: string }>)[key]?.type;
      if (type === 'string' && typeof value !== 'string') throw new UsageError(`--${key} needs a value`, help);
    }
    if (missing !== null) throw new UsageError(`--${missing} needs a value`, help);
    const args0 = command === 'psyche' && values['check'] === true;
    if (args0 && args.length > 0) throw new UsageError('psyche --check takes no directory: it checks every agent under --agents DIR', help);
    if (!args0 && command === 'psyche' && (values['strict'] || values['agents'] !== undefined)) throw new UsageError('--strict and --agents go with psyche --check', help);
    if (!args0 && args.length !== spec.args) throw new UsageError(`${command} takes ${spec.args === 1 ? 'one argument' : 'no arguments'}`, help);
    if (!args0 && spec.args === 1 && args[0]!.trim() === '') throw new UsageError(`${command} needs a non-empty ${command === 'read' || command === 'impact' ? 'URI' : command === 'psyche' ? 'agent directory' : 'soul id'}`, help);
    for (const key of ['vault', 'family', 'preset', 'agents', 'at', 'from', 'to'] as const) {
      if (values[key] === '') throw new UsageError(`--${key} needs a non-empty value`, help);
    }
    json = values['json'] === true;

    if (command === 'psyche') {
      // The psyche composer loads only for this command.
      const { agentsRoot, agentsRootNamed, checkAgents, composeAgent, formatAgentsCheck, formatPsyche } = await import('./psyche.ts');
      if (args0) {
        const flag = values['agents'] as string | undefined;
        const report = await checkAgents(agentsRoot(flag, io.env, io.cwd), agentsRootNamed(flag, io.env));
        io.out(json ? `${terminalJson(report)}\n` : formatAgentsCheck(report));
        return report.errors > 0 || (values['strict'] === true && report.problems > 0) ? 1 : 0;
      }
      const report = await composeAgent(path.resolve(io.cwd, args[0]!));
      if (json) writeTerminalJson(report.psyche, io.out);
      else io.out(formatPsyche(report));
      return 0;
    }
    const root = vaultRoot(values['vault'] as string | undefined, io.env, io.cwd);
    const family = values['family'] as string | undefined;
    if (command === 'diff') return await runDiff({ root, family, soul: args[0]!, values, help, json, out: io.out, opened });
    const store = await openStore(root, values['at'] as string | undefined, opened);
    switch (command) {
      case 'load': {
        const harness = values['harness'] as string | undefined;
        if (harness === undefined) throw new UsageError('load needs --harness H (the harness or app id the soul is loaded for)', help);
        const discovered = await requireFamily(store, family);
        const bundle = await loadIdentity({ store, soul: args[0]!, harness, preset: values['preset'] as string | undefined, discovered });
        // --json is the spec's bundle, exactly what loadIdentity returns: token counts are the card's.
        if (json) io.out(`${JSON.stringify(bundle, null, 2)}\n`);
        else if (values['prompt']) io.out(renderPrompt(bundle.documents));
        // The tokenizer's rank table is loaded only by the command that counts.
        else io.out(formatCard(bundle, bundleTokens(bundle, await import('../node/tokens.ts'))));
        return 0;
      }
      case 'impact': {
        const harness = values['harness'] as string | undefined;
        if (harness === undefined) throw new UsageError('impact needs --harness H (the harness or app id the bundles are loaded for)', help);
        const { runImpact } = await import('./impact.ts');
        const report = await runImpact(memoStore(store), args[0]!, harness, family);
        io.out(json ? `${JSON.stringify(report.json, null, 2)}\n` : report.text);
        return 0;
      }
      case 'read':
        // A root that does not exist or holds no vault is said as such, not as a missing note.
        await requireFamily(store, family);
        const text = await readNote(store, args[0]!);
        io.out(json ? `${JSON.stringify({ uri: args[0], text }, null, 2)}\n` : text);
        return 0;
      case 'check': {
        // Every soul, preset and guest reads the shared vault: through the memo, each note is read once per
        // check. A check is one snapshot, so one view of the store serves it all: each folder on the way to
        // a note is checked for links once per check, not once per read.
        const report = await checkFamily({ store: memoStore(store.scope?.() ?? store), family });
        io.out(json ? `${JSON.stringify(report, null, 2)}\n` : formatCheck(report));
        return report.errors > 0 || (values['strict'] === true && report.warnings > 0) ? 1 : 0;
      }
      default: {
        const overview = await describeFamily(store, family);
        io.out(json ? `${JSON.stringify(overview, null, 2)}\n` : formatList(overview));
        return 0;
      }
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`soul-vault: ${error.message}\n\n${error.help}\n`);
      return 2;
    }
    if (isAgentError(error)) {
      io.err(json ? `${terminalJson({ error: { code: error.code, message: error.message } })}\n` : `error[${error.code}]: ${escapeControls(error.message)}\n`);
      return 1;
    }
    if (error instanceof VaultError) {
      io.err(json ? `${JSON.stringify({ error: error.toJSON() })}\n` : `error[${error.code}]: ${error.message}\n`);
      return 1;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.err(json ? `${JSON.stringify({ error: { code: 'internal', message, operation: 'soul-vault', note: null, role: null } })}\n` : `soul-vault: unexpected failure: ${message}\n`);
    return 1;
  } finally {
    for (const store of opened) store.close();
  }
}
