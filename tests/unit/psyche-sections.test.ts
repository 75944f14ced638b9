// PSYCHE.md 2.1 and 2.5: the section table, drops, the base prompt's place, renderPsyche's joins,
// and the applied / not-yet-applied marks against system/system.md.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BASE_PROMPT_RULE, PSYCHE_SECTIONS, catalogBody, renderPsyche } from '../../src/core/psyche/index.ts';
import type { ComposedSection, MemoryAgentNode, SectionRule } from '../../src/core/psyche/index.ts';
import { publishedSections } from '../../src/core/psyche/applied.ts';
import { OWNER_V1, bigPublishedCatalog, composeMem, names, section } from './psyche-helpers.ts';

const BATCH1 = ['principle', 'covenant', 'tools', 'substrate', 'procedures', 'meta_guidance', 'comment'];
const BATCH2 = ['rules', 'brief', 'skills', 'knowledge', 'identity', 'character', 'pad'];
const PLACEHOLDERS = ['principle', 'tools', 'substrate', 'procedures', 'meta_guidance', 'brief', 'identity'];
const ALL = ['principle', 'base_prompt', ...BATCH1.slice(1), ...BATCH2];

const owner = (values: Record<string, string>): string => JSON.stringify({ schema_version: 1, ...values });

/** Every composable section non-empty. */
const full = (extra: Record<string, MemoryAgentNode> = {}): Record<string, MemoryAgentNode> => ({
  'settings/psyche.json': owner({ base_prompt: 'BASE', covenant: 'COV\n', comment: 'COMMENT' }),
  'system/rules.md': '\n  - rule one\n- rule two  \n\n',
  'system/lingtai.md': 'I am the character.\n',
  'system/pad.md': 'pad body\n',
  'knowledge/k/KNOWLEDGE.md': '---\nname: K\ndescription: about k\n---\nbody\n',
  '.library/custom/s/SKILL.md': '---\nname: S\ndescription: about s\n---\n',
  ...extra,
});

describe('psyche sections (PSYCHE.md 2.1)', { concurrency: true }, () => {
  test('order, batches, protected flags, headers and placeholders of a full composition', async () => {
    const { psyche } = await composeMem(full());
    assert.deepEqual(names(psyche), ALL);
    for (const s of psyche.sections) {
      const batch = s.name === 'base_prompt' || BATCH1.includes(s.name) ? 1 : 2;
      assert.equal(s.batch, batch, s.name);
      assert.equal(s.protected, s.name !== 'pad' && s.name !== 'comment', s.name);
      assert.equal(s.header, s.name !== 'principle' && s.name !== 'base_prompt', s.name);
      assert.equal(s.placeholder, PLACEHOLDERS.includes(s.name), s.name);
      if (s.placeholder) assert.equal(s.text, '', s.name);
      assert.deepEqual(Object.keys(s), ['name', 'batch', 'protected', 'header', 'placeholder', 'text']);
    }
    // The table the composer reads says the same.
    assert.deepEqual(PSYCHE_SECTIONS.map((r) => r.name), ALL);
  });

  test('section texts: owner values and files as they are, rules stripped, catalogs without preamble', async () => {
    const { psyche } = await composeMem(full());
    assert.equal(section(psyche, 'base_prompt')!.text, 'BASE');
    assert.equal(section(psyche, 'covenant')!.text, 'COV\n');
    assert.equal(section(psyche, 'comment')!.text, 'COMMENT');
    assert.equal(section(psyche, 'rules')!.text, '- rule one\n- rule two');
    assert.equal(psyche.rules.canonical, '\n  - rule one\n- rule two  \n\n');
    assert.equal(section(psyche, 'character')!.text, 'I am the character.\n');
    assert.equal(section(psyche, 'pad')!.text, 'pad body\n');
    assert.equal(section(psyche, 'knowledge')!.text, '- name: K\n  location: knowledge/k/KNOWLEDGE.md\n  description: |\n    about k');
    assert.equal(section(psyche, 'skills')!.text, '- name: S\n  location: .library/custom/s/SKILL.md\n  description: |\n    about s');
  });

  test('an empty directory: only placeholders and the two catalogs (text "")', async () => {
    const { psyche, sections } = await composeMem({});
    assert.deepEqual(names(psyche), [...PLACEHOLDERS.slice(0, 5), 'brief', 'skills', 'knowledge', 'identity']);
    assert.equal(section(psyche, 'skills')!.text, '');
    assert.equal(section(psyche, 'knowledge')!.text, '');
    assert.equal(section(psyche, 'skills')!.placeholder, false);
    assert.ok(sections.every((s) => s.applied === null));
  });

  test('covenant, comment and base prompt drop when empty, stay when only whitespace', async () => {
    const empty = await composeMem(full({ 'settings/psyche.json': owner({ base_prompt: '', covenant: '', comment: '' }) }));
    for (const n of ['base_prompt', 'covenant', 'comment']) assert.equal(section(empty.psyche, n), undefined, n);
    const blank = await composeMem(full({ 'settings/psyche.json': owner({ base_prompt: ' ', covenant: '\n', comment: '\t' }) }));
    assert.equal(section(blank.psyche, 'base_prompt')!.text, ' ');
    assert.equal(section(blank.psyche, 'covenant')!.text, '\n');
    assert.equal(section(blank.psyche, 'comment')!.text, '\t');
  });

  test('pad, character and rules drop when blank (whitespace only)', async () => {
    const { psyche } = await composeMem(full({ 'system/rules.md': ' \n\t\n', 'system/lingtai.md': '\n\n', 'system/pad.md': '   ' }));
    for (const n of ['rules', 'character', 'pad']) assert.equal(section(psyche, n), undefined, n);
    assert.equal(psyche.rules.canonical, ' \n\t\n');
    const missing = await composeMem({ 'settings/psyche.json': OWNER_V1 });
    for (const n of ['rules', 'character', 'pad', 'covenant', 'comment', 'base_prompt']) assert.equal(section(missing.psyche, n), undefined, n);
    assert.equal(missing.psyche.rules.canonical, null);
  });

  test('the base prompt comes right after principle, even from its mirror', async () => {
    const { psyche } = await composeMem({ 'system/base_prompt.md': 'MIRROR BASE' });
    assert.deepEqual(names(psyche).slice(0, 3), ['principle', 'base_prompt', 'tools']);
    assert.deepEqual(section(psyche, 'base_prompt'), { name: 'base_prompt', batch: 1, protected: true, header: false, placeholder: false, text: 'MIRROR BASE' });
  });
});

describe('renderPsyche joins (PSYCHE.md 2.1)', { concurrency: true }, () => {
  const mark = (rule: SectionRule): string => (rule.header ? `## ${rule.name}\n<${rule.name}>` : `<${rule.name}>`);
  const expected = (sections: readonly ComposedSection[]): string[] =>
    sections.map((s) => (s.rule.origin.kind === 'placeholder' ? mark(s.rule) : s.rule.header ? `## ${s.rule.name}\n${s.text}` : s.text));

  test('principle raw, base prompt between `---` rules, everything else `## name` joined by one blank line', async () => {
    const { sections } = await composeMem(full());
    const out = renderPsyche(sections, mark);
    const blocks = expected(sections);
    assert.equal(out, `<principle>${BASE_PROMPT_RULE}BASE${BASE_PROMPT_RULE}${blocks.slice(2).join('\n\n')}`);
    assert.ok(out.startsWith('<principle>\n\n---\n\nBASE\n\n---\n\n## covenant\nCOV\n\n\n## tools\n<tools>\n\n## substrate'), out.slice(0, 120));
    assert.ok(out.includes('## rules\n- rule one\n- rule two\n\n## brief\n<brief>'));
    assert.ok(out.endsWith('## pad\npad body\n'));
  });

  test('with no base prompt there is no `---` rule at all', async () => {
    const { sections } = await composeMem(full({ 'settings/psyche.json': owner({ covenant: 'COV' }) }));
    const out = renderPsyche(sections, mark);
    assert.equal(out, expected(sections).join('\n\n'));
    assert.ok(out.startsWith('<principle>\n\n## covenant\nCOV\n\n## tools'));
    assert.ok(!out.includes('---'));
  });
});

describe('applied or not yet applied (PSYCHE.md 2.5)', { concurrency: true }, () => {
  /** A published prompt as LingTai writes it: preambles before the catalogs, absolute locations, placeholders filled. */
  function published(sections: readonly ComposedSection[]): string {
    const blocks = sections.map((s) => {
      if (s.rule.origin.kind === 'placeholder') return s.rule.header ? `## ${s.rule.name}\n(${s.rule.name} text made at rebuild)` : 'PRINCIPLE TEXT';
      if (s.rule.name === 'skills' || s.rule.name === 'knowledge') {
        const text = s.text.replace(/^ {2}location: /gm, '  location: /home/someone/agents/agent/');
        return `## ${s.rule.name}\nThe ${s.rule.name} you have:\n\n${text}`;
      }
      return s.rule.header ? `## ${s.rule.name}\n${s.text}` : s.text;
    });
    const at = sections.findIndex((s) => s.rule.name === 'base_prompt');
    return [blocks.slice(0, at).join('\n\n'), blocks[at], blocks.slice(at + 1).join('\n\n')].join(BASE_PROMPT_RULE) + '\n';
  }

  test('a system.md that matches every section but one: that one pending, the rest applied, placeholders null', async () => {
    const first = await composeMem(full());
    assert.equal(first.published, false);
    assert.ok(first.sections.every((s) => s.applied === null));
    const system = published(first.sections);

    const same = await composeMem(full({ 'system/system.md': system }));
    assert.equal(same.published, true);
    for (const s of same.sections) assert.equal(s.applied, s.rule.origin.kind === 'placeholder' ? null : 'applied', s.rule.name);

    for (const [name, change] of [
      ['character', { 'system/lingtai.md': 'I changed.\n' }],
      ['skills', { '.library/custom/s/SKILL.md': '---\nname: S\ndescription: about s, edited\n---\n' }],
      ['base_prompt', { 'settings/psyche.json': owner({ base_prompt: 'BASE2', covenant: 'COV\n', comment: 'COMMENT' }) }],
      ['pad', { 'system/pad.md': 'pad body, edited\n' }],
    ] as const) {
      const edited = await composeMem(full({ 'system/system.md': system, ...change }));
      for (const s of edited.sections) {
        const want = s.rule.origin.kind === 'placeholder' ? null : s.rule.name === name ? 'pending' : 'applied';
        assert.equal(s.applied, want, `${name} edited: ${s.rule.name}`);
      }
    }
  });

  test('a section system.md still holds that the directory no longer makes is a removal not yet applied', async () => {
    const system = published((await composeMem(full())).sections);
    const gone = await composeMem(full({ 'system/system.md': system, 'system/lingtai.md': '  \n' }));
    assert.equal(gone.sections.find((s) => s.rule.name === 'character'), undefined);
    assert.deepEqual(gone.removed, ['character']);
    assert.ok(gone.sections.every((s) => s.applied !== 'pending'));
  });

  test('an empty catalog that system.md leaves out, as LingTai does, is applied; a catalog that gained an entry is not', async () => {
    const files = full();
    for (const key of Object.keys(files)) if (key.startsWith('.library/')) delete files[key];
    const first = await composeMem(files);
    assert.equal(first.sections.find((s) => s.rule.name === 'skills')!.text, '');
    // LingTai deletes an empty catalog section: the published prompt has no `## skills` at all.
    const system = published(first.sections).replace(/\n\n## skills\n/, '\n\n').replace('\n\n\n\n', '\n\n');
    assert.ok(!system.includes('## skills'));
    const again = await composeMem({ ...files, 'system/system.md': system });
    assert.equal(again.sections.find((s) => s.rule.name === 'skills')!.applied, 'applied');
    const grown = await composeMem({ ...files, 'system/system.md': system, '.library/custom/new/SKILL.md': '---\nname: new\ndescription: a new skill\n---\n' });
    assert.equal(grown.sections.find((s) => s.rule.name === 'skills')!.applied, 'pending');
  });

  test('no system/system.md: applied is null everywhere', async () => {
    const { sections, published: has } = await composeMem(full());
    assert.equal(has, false);
    assert.deepEqual(sections.map((s) => s.applied), sections.map(() => null));
  });

  test('the catalog body helper used above is the section text', async () => {
    const { sections, entries } = await composeMem(full());
    assert.equal(sections.find((s) => s.rule.name === 'knowledge')!.text, catalogBody(entries.filter((e) => e.domain === 'knowledge')));
  });
});

// A published catalog's absolute locations are matched to the directory's entries by suffix lookups,
// so the work grows with the lines, not with lines times entries (a quadratic match took 37 s on a
// laptop for a million lines against 4,000 entries). Judged by how the time grows, not by a time:
// sixteen times the entries over the same lines must not cost four times as much (a match per line
// and entry would cost about sixteen times). Each side is the fastest of three, so a test file
// running beside this one does not decide it; at four times the entries and a 2x line, one slow
// run on a loaded CI machine did.
test('matching published catalog lines to entries grows with the lines, not with lines times entries', () => {
  const fastest = (entries: number): number => {
    const { system, locations } = bigPublishedCatalog(entries, 200_000);
    let best = Infinity;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      const knowledge = publishedSections(system, locations).get('knowledge')!;
      best = Math.min(best, performance.now() - started);
      // The match did its work: the last listed entry is back at its relative location.
      assert.ok(knowledge.includes(`  location: ${locations.at(-1)}\n`));
    }
    return best;
  };
  const few = fastest(1_000);
  const many = fastest(16_000);
  assert.ok(many < 4 * few, `1,000 entries: ${Math.round(few)} ms; 16,000: ${Math.round(many)} ms`);
});
