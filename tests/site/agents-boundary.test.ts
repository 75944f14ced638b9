// The publishing boundary (PSYCHE.md 1.1, 3.5): an agent that pins /proc/self/environ and /etc/passwd,
// points covenant_file at /proc/self/environ, links its custom skills shelf to / and its files to
// host files must leave no byte of the build machine in dist/. The build runs with an environment
// canary: a variable holding a random value that must appear in no file the build writes.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { astroBuild, cleanup, listFiles, tmp } from './helpers/dist.ts';
import { ROOT } from './helpers/dist.ts';

const work = tmp('agents-boundary');
after(() => cleanup(work));
const agents = path.join(work, 'agents');
const out = path.join(work, 'dist');
const CANARY = `canary-${randomBytes(12).toString('hex')}`;

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

before(() => {
  const pins = path.join(agents, 'pins');
  write(path.join(pins, 'system/pad.md'), 'The pad body, published.\n');
  write(path.join(pins, 'system/pad_append.json'), JSON.stringify(['/proc/self/environ', '/etc/passwd', 'notes/mine.md', '/proc/self/root/etc/passwd']));
  write(path.join(pins, 'notes/mine.md'), 'my own pinned note, published\n');
  write(path.join(pins, 'system/lingtai.md'), 'I am pins.\n');
  mkdirSync(path.join(pins, '.library'), { recursive: true });
  symlinkSync('/', path.join(pins, '.library/custom'));
  write(path.join(pins, '.library/intrinsic/own/SKILL.md'), '---\nname: own-skill\ndescription: A skill of my own.\n---\nBody.\n');

  const pointer = path.join(agents, 'pointer');
  write(path.join(pointer, 'settings/psyche.json'), JSON.stringify({ schema_version: 1, covenant_file: '/proc/self/environ', covenant: 'inline covenant' }));
  write(path.join(pointer, 'system/lingtai.md'), 'I am pointer.\n');

  // Every other file the composer reads, linked to a host file.
  const linked = path.join(agents, 'linked');
  mkdirSync(path.join(linked, 'system'), { recursive: true });
  symlinkSync('/etc/passwd', path.join(linked, 'system/lingtai.md'));
  symlinkSync('/etc/passwd', path.join(linked, 'system/rules.md'));
  symlinkSync('/proc/self/environ', path.join(linked, 'system/covenant.md'));
  symlinkSync('/etc/passwd', path.join(linked, 'system/pad.md'));
  symlinkSync('/etc/passwd', path.join(linked, '.rules'));
  mkdirSync(path.join(linked, 'knowledge/topic'), { recursive: true });
  symlinkSync('/etc/passwd', path.join(linked, 'knowledge/topic/KNOWLEDGE.md'));
  symlinkSync('/etc', path.join(linked, 'knowledge/etc'));
  symlinkSync('/proc/self/cwd', path.join(linked, 'knowledge/cwd'));
});

function texts(file: string): string {
  const bytes = readFileSync(file);
  let text = bytes.toString('utf8');
  const at = bytes.indexOf(Buffer.from([0x1f, 0x8b, 0x08]));
  if (at >= 0) {
    try {
      text += `\n${gunzipSync(bytes.subarray(at)).toString('utf8')}`;
    } catch {
      // not a gzip stream after all
    }
  }
  return text;
}

test('no byte of the build machine (environment, /etc/passwd, host folders) appears in dist/', { timeout: 600_000 }, async () => {
  const lessons = path.join(work, 'lessons');
  mkdirSync(lessons, { recursive: true });
  const run = astroBuild({ outDir: out, vault: path.join(ROOT, 'tests/fixtures/tiny'), env: { SOULPRESS_LESSONS: lessons, SOULPRESS_AGENTS: agents, SOULPRESS_BOUNDARY_CANARY: CANARY } });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  const files = listFiles(out);
  assert.ok(files.includes('agents/pins/index.html') && files.includes('data/agents/pins.json') && files.includes('agents/linked/index.html'));
  const all = new Map(files.map((f) => [f, texts(path.join(out, f))]));
  const found = (needle: string): string[] => [...all].filter(([, text]) => text.includes(needle)).map(([f]) => f);

  assert.deepEqual(found(CANARY), [], 'the environment canary is published');
  assert.deepEqual(found('SOULPRESS_BOUNDARY_CANARY'), [], 'an environment variable name is published');
  for (const line of readFileSync('/etc/passwd', 'utf8').split('\n').filter((l) => l.includes(':'))) assert.deepEqual(found(line), [], `/etc/passwd line ${line}`);
  for (const name of readdirSync('/')) {
    assert.deepEqual(found(`.library/custom/${name}`), [], `host folder /${name} is listed`);
    assert.deepEqual(found(`custom/${name}/`), [], `host folder /${name} has a page`);
  }
  for (const name of readdirSync('/etc')) assert.deepEqual(found(`knowledge/etc/${name}`), [], `host folder /etc/${name} is listed`);
  for (const name of readdirSync(ROOT)) assert.deepEqual(found(`knowledge/cwd/${name}`), [], `the build's working folder ${name} is listed`);

  // What is the agent's own is still published, and the outside files are there by size only.
  const page = all.get('agents/pins/index.html')!;
  assert.ok(page.includes('The pad body, published.') && page.includes('my own pinned note, published'));
  assert.ok(page.includes('own-skill'));
  assert.match(page, /outside the published folders/);
  const passwd = readFileSync('/etc/passwd').byteLength.toLocaleString('en-US');
  assert.ok(page.includes(passwd), `the size of /etc/passwd (${passwd} bytes) is shown`);
  // The pointer into /proc is a file that cannot be read: the document is rejected, nothing composed.
  assert.match(all.get('agents/pointer/index.html')!, /pointer_unreadable/);

  // Sizes are LingTai's: the page and its preview (the snapshot composed again) give each section the
  // bytes of the real composition, stand-ins and all.
  const { composePsyche, composeWith } = await import('../../src/core/psyche/index.ts');
  const { applyReal, snapshotStore } = await import('../../src/preview/agent-snapshot.ts');
  const { FsAgentStore } = await import('../../src/node/index.ts');
  for (const id of ['pins', 'linked']) {
    const snap = JSON.parse(all.get(`data/agents/${id}.json`)!);
    const again = await composeWith({ store: snapshotStore(snap), agent: id, published: snap.published, catalogs: snap.catalogs });
    await applyReal(again, snap.real);
    const real = await composePsyche({ store: new FsAgentStore(path.join(agents, id)), agent: id });
    assert.deepEqual(again.sections.map((s) => [s.rule.name, s.bytes]), real.sections.map((s) => [s.rule.name, s.bytes]), id);
  }
});
