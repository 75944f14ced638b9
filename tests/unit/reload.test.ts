// The dev server's reload (issue 11, item 1): the build's store forgets only the files that changed,
// and a reload through loadSite shows an edit, an added note and a removed one, reading the rest
// from what it already knew. A build keeps members from the last build the same way (issue 21,
// item 3), finding what changed by asking the store the last build's questions again.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { FsStore } from '../../src/node/index.ts';
import { memoStore } from '../../src/build/memo-store.ts';
import { loadSite } from '../../src/build/site.ts';
import { keptFileOf } from '../../src/node/kept-file.ts';
import { ANSWERS, KEPT_MEMBERS, memberKey } from '../../src/build/kept-members.ts';
import { fixture } from './helpers.ts';

const work = mkdtempSync(path.join(tmpdir(), 'soulpress-reload-'));
after(() => rmSync(work, { recursive: true, force: true }));
const decode = (b: Uint8Array | null): string | null => (b === null ? null : new TextDecoder().decode(b));

/** The options every load below shares, with no cache folder: each test names its vault (and a build's folder). */
const LOAD = { agents: path.join(work, 'no-agents'), harness: 'webui', title: 't', search: false, historyDepth: 0, cacheDir: null, prices: [] };

/** A copy of the sample family under `name`. */
function sampleCopy(name: string): string {
  const root = path.join(work, name);
  cpSync(path.join(import.meta.dirname, '../../content/vaults'), root, { recursive: true });
  return root;
}

let copies = 0;
/** The site a cold load of the files under `root` gives, as JSON: loaded from a copy, so no earlier load of `root` is reused. */
async function coldSite(root: string): Promise<string> {
  const copy = path.join(work, `cold-${copies++}`);
  cpSync(root, copy, { recursive: true });
  return JSON.stringify(await (await loadSite({ ...LOAD, vault: copy })).rendered);
}

/** Each kind of change, made under `root`: the keys it changed, and which members it reaches in the sample family. */
interface Step {
  what: string;
  change: () => string[];
  kept: string[];
  redone: string[];
  /** What the site must show after the change, beyond equalling a cold load. */
  check?: (site: { notes: Array<{ uri: string; html: string }> }) => void;
}

const htmlOf = (site: { notes: Array<{ uri: string; html: string }> }, uri: string): string => site.notes.find((n) => n.uri === uri)!.html;

function steps(root: string): Step[] {
  return [
    { what: 'a soul note edited', change: () => (appendFileSync(path.join(root, 'pippa/core/curiosity.md'), '\nedited\n'), ['pippa/core/curiosity.md']), kept: ['quill', 'lingtai', 'marlow'], redone: ['pippa'] },
    { what: 'a shared core note edited', change: () => (appendFileSync(path.join(root, 'cwkpippa-shared/core/voice.md'), '\nshared edit\n'), ['cwkpippa-shared/core/voice.md']), kept: [], redone: ['pippa', 'quill'] },
    { what: 'the shared instructions edited', change: () => (appendFileSync(path.join(root, 'cwkpippa-shared/instructions.md'), '\nAlso this.\n'), ['cwkpippa-shared/instructions.md']), kept: ['marlow'], redone: ['pippa', 'quill'] },
    { what: 'a note linking to one not written yet', change: () => (writeFileSync(path.join(root, 'pippa/core/forward.md'), '# Forward\n\nSee [what comes later](soul://pippa/core/later.md).\n'), ['pippa/core/forward.md']), kept: ['quill', 'marlow'], redone: ['pippa'], check: (site) => assert.doesNotMatch(htmlOf(site, 'soul://pippa/core/forward.md'), /href=/) },
    // forward.md did not change, but what its link finds did: its kept HTML is not reused.
    { what: 'the note it links to written', change: () => (writeFileSync(path.join(root, 'pippa/core/later.md'), '# Later\n'), ['pippa/core/later.md']), kept: ['quill', 'marlow'], redone: ['pippa'], check: (site) => assert.match(htmlOf(site, 'soul://pippa/core/forward.md'), /href="[^"]*notes\/pippa\/core\/later\/"/) },
    { what: 'a preset added', change: () => (writeFileSync(path.join(root, 'quill/projects/new-preset.md'), '# A new preset\n'), ['quill/projects/new-preset.md']), kept: ['pippa'], redone: ['quill'] },
    { what: 'a folder renamed', change: () => (renameSync(path.join(root, 'pippa/core/engineering'), path.join(root, 'pippa/core/eng')), ['pippa/core/engineering', 'pippa/core/eng']), kept: ['quill'], redone: ['pippa'] },
    { what: 'a guest memory added', change: () => (writeFileSync(path.join(root, 'cwkpippa-guests/marlow/memory/2026-05-01-new.md'), '# New memory\n'), ['cwkpippa-guests/marlow/memory/2026-05-01-new.md']), kept: ['pippa', 'quill'], redone: ['marlow'] },
    { what: 'an index note removed', change: () => (unlinkSync(path.join(root, 'quill/index/drafts.md')), ['quill/index/drafts.md']), kept: ['pippa', 'marlow'], redone: ['quill'] },
    { what: 'a guest added', change: () => (cpSync(path.join(root, 'cwkpippa-guests/sable'), path.join(root, 'cwkpippa-guests/sable2'), { recursive: true }), ['cwkpippa-guests/sable2']), kept: [], redone: ['pippa'] },
  ];
}

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
  const root = sampleCopy('site');
  const options = { ...LOAD, vault: root };
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

test('after each kind of change a reload equals a cold load of the same files, and keeps the members no change reached', async () => {
  const root = sampleCopy('same');
  const options = { ...LOAD, vault: root };
  let last = await (await loadSite(options)).rendered;
  const bundle = (site: typeof last, key: string) => site.bundles.find((b) => b.key === key)!;
  for (const step of steps(root)) {
    const changed = step.change();
    const next = await (await loadSite(options, { changed })).rendered;
    assert.equal(JSON.stringify(next), await coldSite(root), `${step.what}: the reload differs from a cold load`);
    for (const key of step.kept) assert.equal(bundle(next, key), bundle(last, key), `${step.what}: ${key} was loaded again`);
    for (const key of step.redone) assert.notEqual(bundle(next, key), bundle(last, key), `${step.what}: ${key} was kept`);
    step.check?.(next);
    last = next;
  }
  // A broken note fails the reload; fixing it loads everything again, as a cold load would.
  const curiosity = path.join(root, 'pippa/core/curiosity.md');
  const good = readFileSync(curiosity);
  writeFileSync(curiosity, Buffer.from([0xff, 0xfe, 0x41]));
  await assert.rejects(loadSite(options, { changed: ['pippa/core/curiosity.md'] }).then((l) => l.rendered), /curiosity/);
  writeFileSync(curiosity, good);
  const fixed = await (await loadSite(options, { changed: ['pippa/core/curiosity.md'] })).rendered;
  assert.equal(JSON.stringify(fixed), await coldSite(root));
});

test('two edits in quick succession: the second reload, started before the first has loaded, shows both', async () => {
  const root = sampleCopy('quick');
  const options = { ...LOAD, vault: root };
  await (await loadSite(options)).rendered;
  appendFileSync(path.join(root, 'pippa/core/curiosity.md'), '\nfirst edit\n');
  const first = loadSite(options, { changed: ['pippa/core/curiosity.md'] });
  appendFileSync(path.join(root, 'quill/instructions.md'), '\nsecond edit\n');
  const second = loadSite(options, { changed: ['quill/instructions.md'] });
  await (await first).rendered;
  const site = await (await second).rendered;
  assert.equal(JSON.stringify(site), await coldSite(root));
  assert.match(site.bundles.find((b) => b.key === 'pippa')!.promptText, /first edit/);
  assert.match(site.bundles.find((b) => b.key === 'quill')!.promptText, /second edit/);
});

/** One build's load in a process of its own, as `astro build` makes it: the members it kept, and the site as JSON. */
function buildLoad(options: object): { kept: string[]; site: string } {
  const script = `const { loadSite } = await import(${JSON.stringify(path.join(import.meta.dirname, '../../src/build/site.ts'))});
const loaded = await loadSite(JSON.parse(process.argv[1]));
process.stdout.write(JSON.stringify(loaded.kept) + '\\n' + JSON.stringify(await loaded.rendered));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(options)], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const cut = out.indexOf('\n');
  return { kept: JSON.parse(out.slice(0, cut)) as string[], site: out.slice(cut + 1) };
}

test('a build keeps the members no change since the last build reached, and equals a cold load', async () => {
  const root = sampleCopy('builds');
  const options = { ...LOAD, vault: root, cacheDir: path.join(work, 'builds-cache') };
  assert.deepEqual(buildLoad(options).kept, [], 'the first build has nothing to keep');
  const unchanged = buildLoad(options);
  assert.deepEqual(unchanged.kept.sort(), ['lingtai', 'marlow', 'pippa', 'quill', 'sable'].sort(), 'nothing changed: every member is kept');
  assert.equal(unchanged.site, await coldSite(root));
  let members = 0;
  for (const step of steps(root)) {
    step.change();
    const next = buildLoad(options);
    const site = JSON.parse(next.site) as { souls: unknown[]; guests: unknown[] };
    members = site.souls.length + site.guests.length;
    assert.equal(next.site, await coldSite(root), `${step.what}: the build differs from a cold load`);
    for (const key of step.kept) assert.ok(next.kept.includes(key), `${step.what}: ${key} was loaded again`);
    for (const key of step.redone) assert.ok(!next.kept.includes(key), `${step.what}: ${key} was kept`);
    step.check?.(JSON.parse(next.site) as Parameters<NonNullable<Step['check']>>[0]);
  }
  // Options the members do not read (the title, search) keep them; another harness keeps none.
  assert.equal(buildLoad({ ...options, title: 'another', search: true }).kept.length, members);
  assert.deepEqual(buildLoad({ ...options, harness: 'cli' }).kept, []);
});

test("a member kept by another build sharing the cache folder is loaded again, not matched with this build's answers", async () => {
  const root = sampleCopy('mixed');
  const cache = path.join(work, 'mixed-cache');
  const options = { ...LOAD, vault: root, cacheDir: cache };
  buildLoad(options);
  // Each member is a kept entry of its own, apart from the answers it was loaded against.
  const pippa = keptFileOf(cache, KEPT_MEMBERS, memberKey('pippa'));
  assert.notEqual(pippa, keptFileOf(cache, KEPT_MEMBERS, ANSWERS), 'the test needs them in two files');
  const before = readFileSync(pippa);
  appendFileSync(path.join(root, 'pippa/core/curiosity.md'), '\nedited after the first build\n');
  assert.ok(!buildLoad(options).kept.includes('pippa'));
  // Another build, of the vault as it was, wrote its pippa last: this build's answers say pippa is unchanged.
  writeFileSync(pippa, before);
  const next = buildLoad(options);
  assert.ok(!next.kept.includes('pippa'), 'the other build’s pippa was kept');
  assert.ok(next.kept.includes('quill'));
  assert.equal(next.site, await coldSite(root));
});
