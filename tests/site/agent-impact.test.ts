// The agent page's "an edit resends" figures against `soul-vault psyche --json`: a section's edit resends
// its bytes and every later section's (as far as the directory makes them), an owner edit all of them,
// and an edit to a pinned file everything from its `[append: …]` line in the pad on.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runMain } from '../unit/helpers.ts';
import { DIST, ROOT, pageFile } from './helpers/dist.ts';
import { withAttr } from './helpers/html.ts';

interface Section {
  name: string;
  header: boolean;
  placeholder: boolean;
  text: string;
}

const utf8 = (text: string): number => Buffer.byteLength(text, 'utf8');

for (const agent of ['mingjing']) {
  test(`${agent}: each section, the owner document and each pin resend what the composed sections say`, async () => {
    const r = await runMain(['psyche', path.join(ROOT, 'content', 'agents', agent), '--json']);
    assert.equal(r.code, 0, r.stderr);
    const sections = (JSON.parse(r.stdout) as { sections: Section[] }).sections;
    const sizes = sections.map((s) => (s.placeholder ? 0 : utf8(s.header ? `## ${s.name}\n${s.text}` : s.text)));
    const known = sizes.reduce((a, b) => a + b, 0);
    const html = readFileSync(pageFile(DIST, `agents/${agent}/`), 'utf8');
    const rows = withAttr(html, 'data-section');
    assert.equal(rows.length, sections.length);
    rows.forEach((row, i) => {
      const before = sizes.slice(0, i).reduce((a, b) => a + b, 0);
      assert.equal(Number(row.attrs.get('data-offset')), before, sections[i]!.name);
      assert.equal(Number(row.attrs.get('data-resent-bytes')), sections[i]!.placeholder ? 0 : known - before, sections[i]!.name);
    });
    assert.match(html, new RegExp(`data-owner-resend>${known.toLocaleString('en-US')} B`));
    // Pins: found by their `[append: path]` line in the pad's composed text.
    const padAt = sections.findIndex((s) => s.name === 'pad');
    const pad = sections[padAt]!;
    const padStart = sizes.slice(0, padAt).reduce((a, b) => a + b, 0) + utf8('## pad\n');
    const pins = withAttr(html, 'data-pin-status', 'appended');
    assert.ok(pins.length > 0, 'the sample pins a file');
    const costs = withAttr(html, 'class', 'pin-resend').map((t) => Number(t.attrs.get('data-resent-bytes')));
    const expected = [...pad.text.matchAll(/^\[append: [^\]\n]+\]\n/gm)].map((m) => known - (padStart + utf8(pad.text.slice(0, m.index))));
    assert.deepEqual(costs, expected);
  });
}
