// Every error code of VAULT.md section 6, each from a tiny vault: shared by errors.test.ts (the loader) and cli.test.ts.
import { cp, mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fixture, tempDir } from './helpers.ts';

export interface ErrorCase {
  name: string;
  /** A committed fixture under tests/fixtures/, or a folder built at test time (see buildTempVaults). */
  vault: string | ((temp: string) => string);
  /** What is run: a load, or a read of a URI. */
  load?: { soul: string; harness: string; preset?: string };
  read?: string;
  code: string;
  note: string | null;
  role: string | null;
}

export const ERROR_CASES: ErrorCase[] = [
  { name: 'empty harness', vault: fixture('tiny'), load: { soul: 'ada', harness: '' }, code: 'harness_required', note: null, role: null },
  { name: 'unknown soul', vault: fixture('tiny'), load: { soul: 'nobody', harness: 'test' }, code: 'soul_not_found', note: null, role: null },
  {
    name: 'no identity file',
    vault: fixture('missing-identity'),
    load: { soul: 'ada', harness: 'test' },
    code: 'identity_document_missing',
    note: 'soul://ada/<Display Name>.md',
    role: 'identity',
  },
  {
    name: 'no shared instructions',
    vault: fixture('missing-shared-instructions'),
    load: { soul: 'ada', harness: 'test' },
    code: 'identity_document_missing',
    note: 'soul://tiny-shared/instructions.md',
    role: 'shared_instructions',
  },
  {
    name: 'no soul instructions',
    vault: fixture('missing-soul-instructions'),
    load: { soul: 'ada', harness: 'test' },
    code: 'identity_document_missing',
    note: 'soul://ada/instructions.md',
    role: 'soul_instructions',
  },
  {
    name: 'no guest shared instructions',
    vault: fixture('missing-guest-shared-instructions'),
    load: { soul: 'bo', harness: 'test' },
    code: 'identity_document_missing',
    note: 'soul://tiny-guests/instructions.md',
    role: 'guest_shared_instructions',
  },
  {
    name: 'no guest instructions',
    vault: fixture('missing-guest-instructions'),
    load: { soul: 'bo', harness: 'test' },
    code: 'identity_document_missing',
    note: 'soul://tiny-guests/bo/instructions.md',
    role: 'guest_instructions',
  },
  {
    name: 'missing preset',
    vault: fixture('tiny'),
    load: { soul: 'ada', harness: 'test', preset: 'nope' },
    code: 'identity_document_missing',
    note: 'soul://ada/projects/nope.md',
    role: 'project',
  },
  {
    name: 'two identity files',
    vault: fixture('two-identities'),
    load: { soul: 'ada', harness: 'test' },
    code: 'identity_ambiguous',
    // "Ada Lovelace.md" < "Ada.md": space (U+0020) sorts before the full stop.
    note: 'soul://ada/Ada Lovelace.md',
    role: 'identity',
  },
  { name: 'a soul that is also a guest', vault: fixture('soul-and-guest'), load: { soul: 'ada', harness: 'test' }, code: 'identity_ambiguous', note: null, role: 'identity' },
  {
    name: 'invalid UTF-8',
    vault: (temp) => path.join(temp, 'bad-utf8'),
    load: { soul: 'ada', harness: 'test' },
    code: 'integrity_error',
    note: 'soul://ada/index/plain.md',
    role: 'soul_index',
  },
  {
    name: 'unclosed frontmatter in shared core',
    vault: fixture('frontmatter-unclosed'),
    load: { soul: 'ada', harness: 'test' },
    code: 'frontmatter_invalid',
    note: 'soul://tiny-shared/core/open.md',
    role: 'shared_core',
  },
  {
    name: 'YAML that does not parse in a soul index',
    vault: fixture('frontmatter-bad-yaml'),
    load: { soul: 'ada', harness: 'test' },
    code: 'frontmatter_invalid',
    note: 'soul://ada/index/bad.md',
    role: 'soul_index',
  },
  {
    name: 'YAML that is not a mapping in a guest memory',
    vault: fixture('frontmatter-not-mapping'),
    load: { soul: 'bo', harness: 'test' },
    code: 'frontmatter_invalid',
    note: 'soul://tiny-guests/bo/memory/list.md',
    role: 'memory',
  },
  {
    name: 'prompt_loading: Inline',
    vault: fixture('prompt-loading-capital'),
    load: { soul: 'ada', harness: 'test' },
    code: 'frontmatter_invalid',
    note: 'soul://tiny-shared/core/shout.md',
    role: 'shared_core',
  },
  { name: 'a soul id with ..', vault: fixture('tiny'), load: { soul: '../ada', harness: 'test' }, code: 'uri_invalid', note: null, role: null },
  {
    name: 'a URI with ..',
    vault: fixture('tiny'),
    read: 'soul://tiny-shared/../ada/instructions.md',
    code: 'uri_invalid',
    note: 'soul://tiny-shared/../ada/instructions.md',
    role: null,
  },
  {
    name: 'a symlink out of the vault root',
    vault: (temp) => path.join(temp, 'symlink'),
    load: { soul: 'ada', harness: 'test' },
    code: 'uri_invalid',
    note: 'soul://ada/core/escape.md',
    role: 'soul_core',
  },
  {
    name: 'reading a symlink out of the vault root',
    vault: (temp) => path.join(temp, 'symlink'),
    read: 'soul://ada/core/escape.md',
    code: 'uri_invalid',
    note: 'soul://ada/core/escape.md',
    role: null,
  },
  {
    name: 'reading invalid UTF-8',
    vault: (temp) => path.join(temp, 'bad-utf8'),
    read: 'soul://ada/index/plain.md',
    code: 'integrity_error',
    note: 'soul://ada/index/plain.md',
    role: null,
  },
];

/** Vaults not worth committing as files (invalid bytes, a symlink): copies of the tiny fixture, broken at test time. */
export async function buildTempVaults(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const temp = await tempDir();
  const badUtf8 = path.join(temp.dir, 'bad-utf8');
  await cp(fixture('tiny'), badUtf8, { recursive: true });
  // 0xFF never occurs in UTF-8; 0xC3 0x28 is a broken two-byte sequence.
  await writeFile(path.join(badUtf8, 'ada', 'index', 'plain.md'), new Uint8Array([0x6f, 0x6b, 0xff, 0xc3, 0x28, 0x0a]));
  const linked = path.join(temp.dir, 'symlink');
  await cp(fixture('tiny'), linked, { recursive: true });
  const outside = path.join(temp.dir, 'outside');
  await mkdir(outside);
  await writeFile(path.join(outside, 'secret.md'), 'outside the vault root\n');
  await symlink(path.join(outside, 'secret.md'), path.join(linked, 'ada', 'core', 'escape.md'));
  return temp;
}

export const vaultOf = (c: ErrorCase, temp: string): string => (typeof c.vault === 'string' ? c.vault : c.vault(temp));
