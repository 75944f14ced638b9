/** A mistake in how the command was called: exit 2, with the command's help. */
export class UsageError extends Error {
  readonly help: string;
  constructor(message: string, help: string) {
    super(message);
    this.help = help;
  }
}

export const HELP: Record<string, string> = {
  main: `soul-vault: load, read and check a Soul Vault family

Usage:
  soul-vault load <soul> --harness H [--preset P] [--json] [--prompt] [--at REV]
  soul-vault read <uri> [--json] [--at REV]
  soul-vault check [--strict] [--json] [--at REV]
  soul-vault diff <soul> --harness H [--preset P] --from REV [--to REV] [--json]
  soul-vault ls [--json]
  soul-vault impact <uri> --harness H [--json] [--at REV]
  soul-vault psyche <agent-dir> [--json]
  soul-vault psyche --check [--agents DIR] [--strict] [--json]

Options for every command:
  --vault DIR    the vault root (default: $SOUL_VAULT_DIR, else vaults/ or content/vaults/)
  --family NAME  the family name (default: from the one *-shared vault, else cwkpippa)
  --help         help for a command: soul-vault load --help

Exit codes: 0 ok, 1 a vault error (or, for check, any problem), 2 a usage error.`,
  load: `soul-vault load <soul> --harness H [--preset P] [--json] [--prompt]

Load a soul or guest the way a harness would and print its bundle: every
document in load order, whole or pointer, with bytes and revisions.

  --harness H   required: the harness or app id the soul is loaded for
  --preset P    a conversation preset: projects/<P>.md of the soul
  --json        the bundle object as JSON (errors as JSON on stderr)
  --prompt      print only the rendered prompt text
  --at REV      load from that git revision of the repository holding the vault root`,
  read: `soul-vault read <uri> [--json]

Print a note's text exactly, e.g. the note a pointer names:
  soul-vault read soul://cwkpippa-shared/core/voice.md

  --json     {"uri", "text"} as JSON (errors as JSON on stderr)
  --at REV   read the note as that git revision has it`,
  check: `soul-vault check [--strict] [--json]

Load every soul (with and without each preset) and every guest, and report every
error and warning at once, each with its code, note and role.

  --strict   exit 1 on warnings too
  --json     a stable machine-readable report
  --at REV   check the vault as that git revision has it`,
  diff: `soul-vault diff <soul> --harness H [--preset P] --from REV [--to REV] [--json]

Load one soul at two git revisions of the repository holding the vault root and
say how much of the prompt a provider's cache keeps: the leading bytes both
prompts share, their share of the new prompt, the document where they part, and
every document that was edited, added, removed or changed mode.

  --harness H   required: the harness or app id the soul is loaded for
  --preset P    a conversation preset: projects/<P>.md of the soul
  --from REV    required: the old side, any git revision (HEAD~1, a tag, a commit)
  --to REV      the new side (default: the working tree as it is on disk)
  --json        {soul, harness, preset, from, to, prefix} as JSON`,
  ls: `soul-vault ls [--json]

List the family's souls (with display names and presets), its guests, and the
shared core notes with how each loads.`,
  impact: `soul-vault impact <uri> --harness H [--json] [--at REV]

What editing a note costs a provider's prompt cache. A provider caches a prompt's
leading bytes, so an edit sends again every byte from where the note's text
starts to the end of every prompt that carries it whole; a pointer costs nothing,
as its sentence names only the URI. Lists every bundle that has the note (every
soul, with and without each preset, and every guest): its position and mode, the
byte where the note's text starts, the bytes and tokens resent and their share,
and the next turn's cost on each model of the default price table. For a pointer,
what flipping it to whole would resend.

  --harness H   required: the harness or app id the bundles are loaded for
  --json        {uri, harness, bundles: [{member, kind, preset, index, mode,
                offset, prompt_bytes, resent_bytes, share, resent_tokens, ...}],
                total} as JSON
  --at REV      the vault as that git revision has it`,
  psyche: `soul-vault psyche <agent-dir> [--json]
soul-vault psyche --check [--agents DIR] [--strict] [--json]

Compose a LingTai agent's system prompt from its working directory, read-only,
the way a full rebuild would: every section in order with its batch, whether it
is protected, where it comes from and its bytes; the knowledge and skills
catalogs; problems; the redacted SHOW rows; and what the next heartbeat will do
with a pending .rules signal. Owner values and pointer paths are never printed
unless they are prompt text.

  --json      the psyche object (PSYCHE.md section 5) as JSON
  --check     every agent under the agents root: each owner error and problem
  --agents D  the agents root for --check (default: $SOULPRESS_AGENTS, else content/agents)
  --strict    with --check, exit 1 on problems too (always on a rejected owner document)

Exit codes: 0 composed (also when the owner document is rejected or problems
exist), 1 the directory cannot be read, 2 a usage error.`,
};
