// The family map's data, from a real load (loadSite, no Astro): the inheritance graph stays inside its
// viewBox and joins each member to what it inherits however many members and however long their names;
// a family with no soul still lists its shared notes, carried by nobody.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, test } from 'node:test';
import { loadSite } from '../../src/build/site.ts';
import type { SiteOutline } from '../../src/build/site.ts';
import { fitText } from '../../src/data/family-graph.ts';
import type { GraphNode } from '../../src/data/types.ts';
import { tempDir } from './helpers.ts';

const temps: Array<() => Promise<void>> = [];
after(() => Promise.all(temps.map((c) => c())));

async function vault(files: Record<string, string>): Promise<string> {
  const { dir, cleanup } = await tempDir();
  temps.push(cleanup);
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), text);
  }
  return dir;
}

async function site(root: string): Promise<SiteOutline> {
  return (await loadSite({ vault: root, agents: path.join(root, 'no-agents'), harness: 'webui', title: 't', search: false, historyDepth: 0, cacheDir: null, prices: [] })).site;
}

test('many members with long names: every box inside the viewBox, one line each, each edge from its parent to its child', async () => {
  const files: Record<string, string> = { 'big-shared/instructions.md': 'Shared.\n', 'big-shared/core/a.md': 'A.\n', 'big-guests/instructions.md': 'Guests.\n' };
  const long = 'Wilhelmina Theodora Featherstonehaugh-Cholmondeley the Third';
  for (let i = 0; i < 8; i++) {
    const display = i % 2 ? `${long} ${i}` : `灵台灵台灵台灵台灵台灵台灵台灵台灵台灵台灵台灵台灵台灵台灵台灵台 ${i}`;
    files[`soul-${i}/${display}.md`] = 'I.\n';
    files[`soul-${i}/instructions.md`] = 'Be.\n';
    for (let p = 0; p < i % 3; p++) files[`soul-${i}/projects/a-rather-long-preset-name-number-${p}-of-many.md`] = 'P.\n';
  }
  for (let g = 0; g < 6; g++) {
    files[`big-guests/guest-${g}/Guest ${g}.md`] = 'G.\n';
    files[`big-guests/guest-${g}/instructions.md`] = 'Visit.\n';
  }
  const { familyMap, bundles } = await site(await vault(files));
  const { graph } = familyMap;
  // Two containers, every bundle a box.
  assert.equal(graph.nodes.length, 2 + bundles.length);
  assert.equal(graph.edges.length, bundles.length);
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  let bottom = 0;
  for (const n of graph.nodes) {
    assert.ok(n.x >= 0 && n.x + n.width <= graph.width, `${n.id} fits across`);
    assert.ok(n.y >= bottom, `${n.id} is below the box before it`);
    bottom = n.y + n.height;
    assert.ok(n.label === n.fullLabel || n.label.endsWith('…'), `${n.id}: a cut label says so`);
    assert.ok(n.fullLabel.startsWith(n.label.replace(/…$/, '')));
  }
  assert.ok(bottom <= graph.height);
  assert.ok(graph.nodes.some((n) => n.label !== n.fullLabel), 'the long names are cut');
  for (const e of graph.edges) {
    const from = byId.get(e.from)!;
    const to: GraphNode = byId.get(e.to)!;
    const m = /^M([\d.]+) ([\d.]+)V([\d.]+)H([\d.]+)$/.exec(e.d);
    assert.ok(m, e.d);
    const [x0, y0, y1, x1] = m.slice(1).map(Number) as [number, number, number, number];
    assert.ok(x0 > from.x && x0 < from.x + from.width && y0 === from.y + from.height, `${e.to}: leaves its parent's bottom`);
    assert.ok(y1 > to.y && y1 < to.y + to.height && x1 === to.x, `${e.to}: meets its child's left side`);
    assert.ok(to.x > from.x, `${e.to}: indented below its parent`);
  }
  // Presets hang from their soul, guests from the container.
  for (const b of bundles) {
    const edge = graph.edges.find((e) => e.to === (b.preset === null ? b.soul : `${b.soul}/${b.preset}`))!;
    assert.equal(edge.from, b.kind === 'guest' ? 'big-guests' : b.preset === null ? 'big-shared' : b.soul);
  }
  for (const b of bundles) assert.ok(graph.description.includes(b.preset ?? b.display), `the words name ${b.key}`);
});

test('a cut text fits its room by the same estimate', () => {
  for (const text of ['short', 'a'.repeat(200), '灵'.repeat(60), 'Ünïcödé 名前 mixed '.repeat(8)]) {
    const cut = fitText(text, 200, 14, 0.62);
    assert.ok(cut === text || (cut.endsWith('…') && text.startsWith(cut.slice(0, -1))));
    if (cut !== text) assert.ok(fitText(cut, 200, 14, 0.62) === cut, `${cut} fits`);
  }
});

test('a family with no soul and no guest still lists its shared notes, carried by nobody', async () => {
  const { familyMap } = await site(await vault({ 'lone-shared/instructions.md': 'Shared.\n', 'lone-shared/core/a.md': 'A.\n', 'lone-shared/core/b/c.md': 'C.\n' }));
  assert.deepEqual(familyMap.columns, []);
  assert.deepEqual(
    familyMap.groups.flatMap((g) => g.rows.map((r) => r.uri)),
    ['soul://lone-shared/instructions.md', 'soul://lone-shared/core/a.md', 'soul://lone-shared/core/b/c.md'],
  );
  assert.ok(familyMap.groups.every((g) => g.rows.every((r) => r.cells.length === 0 && r.bytes === 0)));
  assert.equal(familyMap.graph.nodes.length, 1);
  assert.match(familyMap.graph.description, /has no soul/);
});
