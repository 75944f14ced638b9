// `diff` and `--at`: the same loader over a vault's git history (issue 12). Which store a command
// reads (the working tree, or a commit through the git store), and what two bundles of one soul share.
import { VaultError, loadIdentity, requireFamily } from '../core/index.ts';
import type { Bundle, VaultStore } from '../core/index.ts';
import type { DocumentChange, PromptDiff } from '../data/prompt-diff.ts';
import { FsStore } from '../node/fs-store.ts';
import type { GitStore } from '../node/git-store.ts';
import { UsageError } from './usage.ts';

/** What the CLI must close before it exits: the git stores it opened. */
export type Opened = Array<{ close(): void }>;

/** The working tree (FsStore) without `rev`, else the git store at `rev`, remembered in `opened` to be closed. */
export async function openStore(root: string, rev: string | undefined, opened: Opened): Promise<VaultStore> {
  if (rev === undefined) return new FsStore(root);
  // git is spawned only for --at: a plain read never loads the git store.
  const store = await (await import('../node/git-store.ts')).GitStore.open(root, rev);
  opened.push(store);
  return store;
}

/** Load one soul at one side, its errors saying which side they come from. */
export async function loadSide(store: VaultStore, side: string, soul: string, harness: string, preset: string | undefined, family: string | undefined): Promise<Bundle> {
  try {
    const discovered = await requireFamily(store, family);
    return await loadIdentity({ store, soul, harness, preset, discovered });
  } catch (error) {
    if (!(error instanceof VaultError)) throw error;
    throw new VaultError(error.code, `${error.message} (${side})`, { operation: error.operation, note: error.note, role: error.role });
  }
}

const sideName = (rev: string | null): string => rev ?? 'working tree';

/** The readable `diff`: both sides, the shared prefix and where it ends, and every changed document. */
export function formatDiff(diff: PromptDiff, changes: readonly DocumentChange[]): string {
  const preset = diff.preset ? ` · preset ${diff.preset}` : '';
  const width = Math.max(sideName(diff.from.rev).length, sideName(diff.to.rev).length);
  const lines = [
    `${diff.soul} · harness ${diff.harness}${preset}`,
    `from ${sideName(diff.from.rev).padEnd(width)}  revision ${diff.from.revision}  ${diff.from.bytes} bytes`,
    `to   ${sideName(diff.to.rev).padEnd(width)}  revision ${diff.to.revision}  ${diff.to.bytes} bytes`,
    '',
  ];
  const percent = `${(diff.prefix.share * 100).toFixed(1)}%`;
  if (diff.from.revision === diff.to.revision) lines.push(`the prompts are identical: all ${diff.to.bytes} bytes stay cached`);
  else {
    lines.push(`cacheable prefix: ${diff.prefix.bytes} of ${diff.to.bytes} bytes (${percent})`);
    const doc = diff.prefix.document;
    lines.push(doc ? `first difference in document #${doc.index} (${doc.role}) ${doc.uri}` : 'no byte of the new prompt differs: the old one only runs longer');
  }
  lines.push('', changes.length === 0 ? 'changed documents: none' : `changed documents (${changes.length}):`);
  const roleWidth = Math.max(4, ...changes.map((c) => c.role.length));
  for (const c of changes) {
    const what =
      c.change !== 'changed'
        ? c.change
        : [c.edited ? 'edited' : '', c.mode ? `${c.mode.from} → ${c.mode.to}` : '', c.textOnly ? 'text (tokens filled differently)' : ''].filter(Boolean).join(', ');
    lines.push(`  ${(c.index === null ? '-' : `#${c.index}`).padStart(4)}  ${c.role.padEnd(roleWidth)}  ${what.padEnd(16)}  ${c.uri}`);
  }
  return `${lines.join('\n')}\n`;
}

export interface DiffCommand {
  root: string;
  family: string | undefined;
  soul: string;
  values: Record<string, string | boolean | undefined>;
  help: string;
  json: boolean;
  out: (text: string) => void;
  opened: Opened;
}

/** `soul-vault diff <soul> --harness H [--preset P] --from REV [--to REV] [--json]`; returns the exit code. */
export async function runDiff(c: DiffCommand): Promise<number> {
  const harness = c.values['harness'] as string | undefined;
  if (harness === undefined) throw new UsageError('diff needs --harness H (the harness or app id the soul is loaded for)', c.help);
  const from = c.values['from'] as string | undefined;
  if (from === undefined) throw new UsageError('diff needs --from REV (a git revision: HEAD~1, a tag, a commit)', c.help);
  const to = c.values['to'] as string | undefined;
  const preset = c.values['preset'] as string | undefined;
  const before = await loadSide(await openStore(c.root, from, c.opened), `at ${from}`, c.soul, harness, preset, c.family);
  const after = await loadSide(await openStore(c.root, to, c.opened), to === undefined ? 'in the working tree' : `at ${to}`, c.soul, harness, preset, c.family);
  // The tokenizer's table and the line differ load only for the command that needs them.
  const [{ exactTokens }, { diffBundles }] = await Promise.all([import('../node/tokens.ts'), import('../data/prompt-diff.ts')]);
  const { diff, changes } = diffBundles(before, from, after, to ?? null, exactTokens);
  c.out(c.json ? `${JSON.stringify(diff, null, 2)}\n` : formatDiff(diff, changes));
  return 0;
}
