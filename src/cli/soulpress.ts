// The `soulpress` command: a site from a folder that holds a family, with no config file, through
// Astro's programmatic API; or the project's own astro.config when it has one.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Io } from './main.ts';
import { UsageError } from './usage.ts';

const FLAGS = {
  vault: { type: 'string' },
  agents: { type: 'string' },
  lessons: { type: 'string' },
  out: { type: 'string' },
  base: { type: 'string' },
  site: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  strict: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/** The flags that are options of the integration; `--out` is Astro's own. */
const OPTION_FLAGS = ['vault', 'agents', 'lessons', 'base', 'site'] as const;
const SITE_FLAGS = [...OPTION_FLAGS, 'out'];
const COMMANDS: Record<string, { flags: string[]; args: number }> = {
  build: { flags: SITE_FLAGS, args: 0 },
  dev: { flags: [...SITE_FLAGS, 'host', 'port'], args: 0 },
  preview: { flags: ['out', 'base', 'host', 'port'], args: 0 },
  check: { flags: ['vault', 'agents', 'strict', 'json'], args: 0 },
  init: { flags: [], args: -1 },
};

export const SOULPRESS_HELP = `soulpress: publish a Soul Vault family (and LingTai agents) as a static site

Usage:
  soulpress build [--vault DIR] [--agents DIR] [--lessons DIR] [--out DIR] [--base PATH] [--site URL]
  soulpress dev [same flags] [--host H] [--port N]
  soulpress preview [--out DIR] [--base PATH] [--host H] [--port N]
  soulpress check [--vault DIR] [--agents DIR] [--strict] [--json]
  soulpress init [DIR]

Folders default to ./vaults, ./agents and ./lessons (when present) and the site to ./dist.
Options come from the flags, then soulpress.config.json, then the environment
(SOUL_VAULT_DIR, SOULPRESS_AGENTS, SOULPRESS_LESSONS, SOULPRESS_SITE, SOULPRESS_BASE, ...).
A folder with its own astro.config.mjs builds with that config: there the folder flags
set the environment, which the config's soulpress() options win over.

Exit codes: 0 ok, 1 a failed build or check, 2 a usage error.`;

const CONFIG_FILE = 'soulpress.config.json';
const ASTRO_CONFIGS = ['astro.config.mjs', 'astro.config.js', 'astro.config.ts', 'astro.config.mts', 'astro.config.cjs'];

type Values = Record<string, string | boolean | undefined>;

/** soulpress.config.json, checked by the integration's schema; none is `{}`. */
async function configFile(cwd: string): Promise<Record<string, unknown>> {
  const file = path.join(cwd, CONFIG_FILE);
  if (!existsSync(file)) return {};
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${CONFIG_FILE} is not JSON: ${(error as Error).message}`, SOULPRESS_HELP);
  }
  const { checkOptions } = await import('../integration/options.ts');
  return checkOptions(json, CONFIG_FILE) as Record<string, unknown>;
}

/** The integration's options: the flags over the file (the environment is read by the integration, under both). */
function options(file: Record<string, unknown>, values: Values): Record<string, unknown> {
  const flags = Object.fromEntries(OPTION_FLAGS.filter((k) => typeof values[k] === 'string').map((k) => [k, values[k]]));
  return { ...file, ...flags };
}

async function site(command: 'build' | 'dev' | 'preview', values: Values, io: Io): Promise<number> {
  const astro = await import('astro');
  const own = ASTRO_CONFIGS.find((f) => existsSync(path.join(io.cwd, f)));
  const server = { ...(values['host'] ? { host: values['host'] as string } : {}), ...(values['port'] ? { port: Number(values['port']) } : {}) };
  const inline: import('astro').AstroInlineConfig = {
    root: io.cwd,
    ...(values['out'] ? { outDir: path.resolve(io.cwd, values['out'] as string) } : {}),
    ...(Object.keys(server).length ? { server } : {}),
  };
  if (own) {
    // The project's config has its own soulpress(): the folder flags reach it as the environment.
    const { OPTION_ENV } = await import('../integration/options.ts');
    for (const [flag, value] of Object.entries(options({}, values))) process.env[OPTION_ENV[flag as keyof typeof OPTION_ENV]!] = value as string;
  } else {
    const { default: soulpress } = await import('../integration/index.ts');
    const opts = options(await configFile(io.cwd), values);
    Object.assign(inline, { configFile: false, integrations: [soulpress(opts)] });
    // preview serves dist/ under the base the build used; the integration sets it for build and dev.
    if (command === 'preview' && typeof opts['base'] === 'string') inline.base = opts['base'];
  }
  if (command === 'build') {
    await astro.build(inline);
    return 0;
  }
  const running = command === 'dev' ? await astro.dev(inline) : await astro.preview(inline);
  // Served until the process is stopped.
  await new Promise<void>((resolve) => {
    const stop = (): void => void running.stop().then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}

/** `soulpress check`: the vault's check, then every agent's, each printed whole. */
async function check(values: Values, io: Io): Promise<number> {
  const { main } = await import('./main.ts');
  const file = await configFile(io.cwd);
  const pass = (flag: string): string[] => {
    const v = values[flag] ?? file[flag];
    return typeof v === 'string' ? [`--${flag}`, v] : [];
  };
  const common = [...(values['strict'] ? ['--strict'] : []), ...(values['json'] ? ['--json'] : [])];
  const vault = await main(['check', ...pass('vault'), ...common], io);
  const { agentsRoot } = await import('../node/agents-root.ts');
  const agents = pass('agents');
  // The default agents folder may be absent: then there are no agents to check.
  if (agents.length === 0 && !existsSync(agentsRoot(undefined, io.env, io.cwd))) return vault;
  const psyche = await main(['psyche', '--check', ...agents, ...common], io);
  return Math.max(vault, psyche);
}

export async function soulpressMain(argv: string[], io: Io): Promise<number> {
  try {
    const parsed = parseArgs({ args: argv, options: FLAGS, allowPositionals: true, strict: false });
    const values = parsed.values as Values;
    const [command, ...args] = parsed.positionals;
    if (values['version']) {
      const { versionOf } = await import('../node/package-version.ts');
      return io.out(`soulpress ${versionOf('soulpress')}\n`), 0;
    }
    if (!command) {
      if (values['help']) return io.out(`${SOULPRESS_HELP}\n`), 0;
      throw new UsageError('no command given', SOULPRESS_HELP);
    }
    const spec = COMMANDS[command];
    if (!spec) throw new UsageError(`unknown command "${command}"`, SOULPRESS_HELP);
    if (values['help']) return io.out(`${SOULPRESS_HELP}\n`), 0;
    for (const [key, value] of Object.entries(values)) {
      if (!spec.flags.includes(key)) throw new UsageError(`unknown option --${key} for ${command}`, SOULPRESS_HELP);
      if ((FLAGS as Record<string, { type: string }>)[key]?.type === 'string' && (typeof value !== 'string' || value === '')) throw new UsageError(`--${key} needs a value`, SOULPRESS_HELP);
    }
    if (spec.args >= 0 && args.length !== spec.args) throw new UsageError(`${command} takes no arguments`, SOULPRESS_HELP);
    if (command === 'init') {
      if (args.length > 1) throw new UsageError('init takes at most one folder', SOULPRESS_HELP);
      const { initStarter } = await import('./init.ts');
      return await initStarter(path.resolve(io.cwd, args[0] ?? '.'), io);
    }
    if (command === 'check') return await check(values, io);
    return await site(command as 'build' | 'dev' | 'preview', values, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`soulpress: ${error.message}\n\n${error.help}\n`);
      return 2;
    }
    // Astro has already logged a failed build (the loader's own message, no stack); anything else is said in one line.
    const named = error instanceof Error && (error.name === 'VaultError' || error.name === 'OptionError' || error.name === 'LessonError');
    const message = error instanceof Error ? error.message : String(error);
    io.err(named ? `soulpress: ${message}\n` : `soulpress: ${command(argv)} failed: ${message}\n`);
    return 1;
  }
}

function command(argv: string[]): string {
  return argv.find((a) => !a.startsWith('-')) ?? 'command';
}
