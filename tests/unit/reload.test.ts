// The dev server's reload (issue 11, item 1): the build's store forgets only the files that changed,
// and a reload through loadSite shows an edit, an added note and a removed one, reading the rest
// from what it already knew.
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { FsStore } from '../../src/node/index.ts';
import { memoStore } from '../../src/build/memo-store.ts';
import { loadSite } from '../../src/build/site.ts';
import { fixture } from './helpers.ts';

const work = mkdtempSync(path.join(tmpdir(), 'soulpress-reload-'));
after(() => rmSync(work, { recursive: true, force: true }));
const decode = (b: Uint8Array | null): string | null => (b === null ? null : new TextDecoder().decode(b));

test('forget(key) drops a changed file and the listings above it, and nothing else', async () => {
  const root = path.join(work, 'memo');
  cpSync(fixture('tiny'), root, { recursive: true });
  const store = memoStore(new FsStore(root));
  const vault = (await store.vaults()).find((v) => !v.endsWith('-shared') && !v.endsWith('-guests'))!;
  const before = await store.entries(vault, '');
  const identity = before!.find((e) => e.kind === 'file' && e.name !== 'instructions.md')!.name;
  const text = decode(await store.read(vault, 'instructions.md'))!;
  appendFileSync(path.join(root, vault, 'instructions.md'), 'edited\n');
  writeFileSync(path.join(root, vault, 'added.md'), 'added\n');
  // Still the snapshot it took: a build sees one state of the vault.
  assert.equal(decode(await store.read(vault, 'instructions.md')), text);
  assert.ok(!(await store.entries(vault, ''))!.some((e) => e.name === 'added.md'));
  store.forget(`${vault}/instructions.md`);
  store.forget(`${vault}/added.md`);
  assert.equal(decode(await store.read(vault, 'instructions.md')), `${text}edited\n`);
  assert.ok((await store.entries(vault, ''))!.some((e) => e.name === 'added.md'));
  assert.ok((await store.entries(vault, ''))!.some((e) => e.name === identity));
});

test('a reload with the changed keys shows an edit, a new note and a removed one', async () => {
  const root = path.join(work, 'site');
  cpSync(path.join(import.meta.dirname, '../../content/vaults'), root, { recursive: true });
  const options = { vault: root, agents: path.join(work, 'no-agents'), harness: 'webui', title: 't', search: false, historyDepth: 0, cacheDir: null, prices: [] };
  const first = await (await loadSite(options)).rendered;
  const curiosity = 'soul://pippa/core/curiosity.md';
  const revision = first.bundles.find((b) => b.key === 'pippa')!.revision;

  appendFileSync(path.join(root, 'pippa/core/curiosity.md'), '\nreload-marker\n');
  writeFileSync(path.join(root, 'pippa/core/zz-new.md'), '# New while running\n');
  const second = await (await loadSite(options, { changed: ['pippa/core/curiosity.md', 'pippa/core/zz-new.md'] })).rendered;
  assert.match(second.notes.find((n) => n.uri === curiosity)!.html, /reload-marker/);
  assert.ok(second.notes.some((n) => n.uri === 'soul://pippa/core/zz-new.md'));
  const pippa = second.bundles.find((b) => b.key === 'pippa')!;
  assert.notEqual(pippa.revision, revision);
  assert.ok(pippa.documents.some((d) => d.uri === 'soul://pippa/core/zz-new.md'));

  unlinkSync(path.join(root, 'pippa/core/zz-new.md'));
  const third = await (await loadSite(options, { changed: ['pippa/core/zz-new.md'] })).rendered;
  assert.ok(!third.notes.some((n) => n.uri === 'soul://pippa/core/zz-new.md'));
  assert.ok(!third.bundles.find((b) => b.key === 'pippa')!.documents.some((d) => d.uri === 'soul://pippa/core/zz-new.md'));
  // Untouched notes keep what was rendered for them.
  const voice = (s: typeof first) => s.notes.find((n) => n.uri === 'soul://cwkpippa-shared/core/voice.md')!.html;
  assert.equal(voice(third), voice(first));
});
