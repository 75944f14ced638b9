// A bundle's revision depends on the vault's bytes and the arguments, never on the machine's
// time zone, locale, working directory or where the vault root lies. Every sample soul (with each
// preset) and guest is loaded by the real CLI in child processes under three environments, and
// the JSON must be byte-identical; every revision must equal a SHA-256 this test computes itself
// from the files, with node:crypto, without the loader.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { POINTER_PREFIX, SAMPLE, cli, sha256, tempDir } from './helpers.ts';

interface Setting {
  name: string;
  cwd: () => string;
  /** Extra arguments naming the vault root, if this setting names it on the command line. */
  vaultArgs: () => string[];
  env: () => Record<string, string>;
}

let scratch = '';
let copiedRoot = '';
let cleanup = async () => {};

before(async () => {
  ({ dir: scratch, cleanup } = await tempDir());
  // The same vault bytes in another folder, at another depth, with a space in its path.
  copiedRoot = path.join(scratch, 'somewhere else', 'with a longer path', 'vaults');
  mkdirSync(path.dirname(copiedRoot), { recursive: true });
  cpSync(SAMPLE, copiedRoot, { recursive: true });
});
after(() => cleanup());

const SETTINGS: Setting[] = [
  { name: 'UTC, C locale, from the repo with --vault', cwd: () => path.resolve(SAMPLE, '../..'), vaultArgs: () => ['--vault', SAMPLE], env: () => ({ TZ: 'UTC', LANG: 'C', LC_ALL: 'C' }) },
  {
    name: 'Chatham time, Turkish locale, from a temp folder with --vault',
    cwd: () => scratch,
    vaultArgs: () => ['--vault', SAMPLE],
    env: () => ({ TZ: 'Pacific/Chatham', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' }),
  },
  {
    name: "St John's time, Japanese locale, a copy of the vault root through SOUL_VAULT_DIR",
    cwd: () => path.dirname(copiedRoot),
    vaultArgs: () => [],
    env: () => ({ TZ: 'America/St_Johns', LANG: 'ja_JP.UTF-8', LC_ALL: 'ja_JP.UTF-8', SOUL_VAULT_DIR: copiedRoot }),
  },
];

interface Doc {
  role: string;
  uri: string;
  mode: 'whole' | 'pointer';
  revision: string;
  bytes: number;
  text: string;
}
interface Bundle {
  soul: string;
  display: string;
  documents: Doc[];
  revision: string;
}

/** The file a `soul://vault/path` URI names under the sample root. */
const fileOf = (uri: string): string => path.join(SAMPLE, ...uri.slice('soul://'.length).split('/'));

const TOKEN_ROLES = new Set(['shared_instructions', 'guest_shared_instructions']);

/** What the model reads of one document, worked out from the file alone (spec section 4). */
function expectedText(doc: Doc, bundle: Bundle, raw: Buffer): string {
  if (doc.mode === 'pointer') return `${POINTER_PREFIX}${doc.uri}`;
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(raw);
  return TOKEN_ROLES.has(doc.role) ? text.replaceAll('{soul_display}', bundle.display).replaceAll('{soul}', bundle.soul) : text;
}

test('every load is byte-identical across time zones, locales, working folders and vault folders, and its revisions are the files’ SHA-256', async () => {
  const listed = await cli(['ls', '--json', '--vault', SAMPLE], {}, { cwd: scratch });
  assert.equal(listed.code, 0, listed.stderr);
  const members = (JSON.parse(listed.stdout) as { members: { id: string; presets: string[] }[] }).members;
  assert.deepEqual(members.map((m) => m.id).sort(), ['lingtai', 'marlow', 'pippa', 'quill', 'sable']);
  const loads = members.flatMap((m) => [[m.id], ...m.presets.map((p) => [m.id, '--preset', p])]);
  assert.equal(loads.length, 12);

  for (const load of loads) {
    const outputs = await Promise.all(SETTINGS.map((s) => cli(['load', ...load, '--harness', 'webui', '--json', ...s.vaultArgs()], s.env(), { cwd: s.cwd() })));
    outputs.forEach((o, i) => assert.equal(o.code, 0, `${load.join(' ')} (${SETTINGS[i]!.name}): ${o.stderr}`));
    for (let i = 1; i < outputs.length; i++) assert.equal(outputs[i]!.stdout, outputs[0]!.stdout, `${load.join(' ')}: ${SETTINGS[i]!.name} differs from ${SETTINGS[0]!.name}`);

    const bundle = JSON.parse(outputs[0]!.stdout) as Bundle;
    const texts: string[] = [];
    for (const doc of bundle.documents) {
      if (doc.mode === 'pointer' && doc.bytes === 0 && doc.text === '') {
        // An absent optional note: an empty pointer with no revision (spec section 2).
        assert.equal(doc.revision, '', doc.uri);
        continue;
      }
      const raw = readFileSync(fileOf(doc.uri));
      assert.equal(doc.revision, sha256(raw), `revision of ${doc.uri}`);
      assert.equal(doc.bytes, raw.byteLength, `bytes of ${doc.uri}`);
      const text = expectedText(doc, bundle, raw);
      assert.equal(doc.text, text, `text of ${doc.uri}`);
      if (text !== '') texts.push(text);
    }
    assert.equal(bundle.revision, sha256(texts.join('\n\n')), `bundle revision of ${load.join(' ')}`);
  }
});
