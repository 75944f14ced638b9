// PSYCHE.md 2.2: the knowledge and skills catalogs (scan order, problems, frontmatter, body format).
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { catalogFields } from '../../src/core/psyche/index.ts';
import type { MemoryAgentNode } from '../../src/core/psyche/index.ts';
import { agentOnDisk, composeDisk, composeMem, section } from './psyche-helpers.ts';

const entry = (name: string, description: string): string => `---\nname: ${name}\ndescription: ${description}\n---\n\nbody\n`;

describe('catalogs (PSYCHE.md 2.2)', { concurrency: true }, () => {
  const cleanups: Array<() => Promise<void>> = [];
  after(async () => {
    for (const c of cleanups) await c();
  });

  test('code-point order, nesting, an entry is not descended into, dot folders and loose files', async () => {
    const files: Record<string, MemoryAgentNode> = {
      'knowledge/é/KNOWLEDGE.md': entry('e-acute', 'third'),
      'knowledge/a/KNOWLEDGE.md': entry('lower-a', 'second'),
      'knowledge/a/inner/KNOWLEDGE.md': entry('inner', 'never: its parent is an entry'),
      'knowledge/B/KNOWLEDGE.md': entry('upper-B', 'first'),
      'knowledge/deep/er/est/KNOWLEDGE.md': entry('deepest', 'nested three down'),
      'knowledge/.trash/old/KNOWLEDGE.md': entry('trashed', 'skipped'),
      'knowledge/.hidden/KNOWLEDGE.md': entry('hidden', 'skipped'),
      'knowledge/KNOWLEDGE.md': entry('root-file', 'a file in the root, not a folder: skipped'),
      'knowledge/loose.md': 'a loose file in the root itself is not a problem',
      'knowledge/scratch/todo.txt': 'x',
      'knowledge/scratch/sub/KNOWLEDGE.md': entry('under-loose', 'never: its parent is a problem'),
    };
    const { psyche } = await composeMem(files);
    assert.deepEqual(psyche.knowledge.map((e) => e.name), ['upper-B', 'lower-a', 'deepest', 'e-acute']);
    assert.deepEqual(psyche.knowledge.map((e) => e.location), ['knowledge/B/KNOWLEDGE.md', 'knowledge/a/KNOWLEDGE.md', 'knowledge/deep/er/est/KNOWLEDGE.md', 'knowledge/é/KNOWLEDGE.md']);
    assert.deepEqual(psyche.problems, [{ domain: 'knowledge', path: 'knowledge/scratch', reason: 'not a knowledge entry (no KNOWLEDGE.md) and has loose files' }]);
  });

  test('skills: intrinsic shelf first, then custom, whatever the names; loose files are a skills problem', async () => {
    const { psyche } = await composeMem({
      '.library/custom/aaa/SKILL.md': entry('custom-aaa', 'c'),
      '.library/intrinsic/zzz/SKILL.md': entry('intrinsic-zzz', 'i'),
      '.library/intrinsic/group/b/SKILL.md': entry('intrinsic-b', 'i'),
      '.library/custom/junk/readme.md': 'x',
      '.library/other/x/SKILL.md': entry('not-a-shelf', 'x'),
    });
    assert.deepEqual(psyche.skills.map((e) => e.name), ['intrinsic-b', 'intrinsic-zzz', 'custom-aaa']);
    assert.deepEqual(psyche.skills.map((e) => e.location), ['.library/intrinsic/group/b/SKILL.md', '.library/intrinsic/zzz/SKILL.md', '.library/custom/aaa/SKILL.md']);
    assert.deepEqual(psyche.problems, [{ domain: 'skills', path: '.library/custom/junk', reason: 'not a skill (no SKILL.md) and has loose files' }]);
  });

  test('missing name (checked first) and missing description are problems; the entry is left out', async () => {
    const { psyche } = await composeMem({
      '.library/custom/a-none/SKILL.md': '---\ntitle: x\n---\n',
      '.library/custom/b-noname/SKILL.md': '---\ndescription: d\n---\n',
      '.library/custom/c-nodesc/SKILL.md': '---\nname: n\n---\n',
      '.library/custom/d-emptyname/SKILL.md': '---\nname: "  "\ndescription: d\n---\n',
      '.library/custom/e-nullname/SKILL.md': '---\nname:\ndescription: d\n---\n',
      '.library/custom/f-badyaml/SKILL.md': '---\nname: [unclosed\ndescription: d\n---\n',
      '.library/custom/g-nofront/SKILL.md': 'name: n\ndescription: d\n',
      '.library/custom/h-notmapping/SKILL.md': '---\n- a\n- b\n---\n',
      '.library/custom/i-ok/SKILL.md': entry('ok', 'fine'),
      'knowledge/k/KNOWLEDGE.md': '---\nname: k\ndescription: ""\n---\n',
    });
    const why = (n: string): string => `SKILL.md missing required frontmatter field: ${n}`;
    assert.deepEqual(psyche.problems, [
      { domain: 'knowledge', path: 'knowledge/k', reason: 'KNOWLEDGE.md missing required frontmatter field: description' },
      { domain: 'skills', path: '.library/custom/a-none', reason: why('name') },
      { domain: 'skills', path: '.library/custom/b-noname', reason: why('name') },
      { domain: 'skills', path: '.library/custom/c-nodesc', reason: why('description') },
      { domain: 'skills', path: '.library/custom/d-emptyname', reason: why('name') },
      { domain: 'skills', path: '.library/custom/e-nullname', reason: why('name') },
      { domain: 'skills', path: '.library/custom/f-badyaml', reason: why('name') },
      { domain: 'skills', path: '.library/custom/g-nofront', reason: why('name') },
      { domain: 'skills', path: '.library/custom/h-notmapping', reason: why('name') },
    ].sort((a, b) => (a.domain === b.domain ? 0 : a.domain === 'knowledge' ? -1 : 1)));
    assert.deepEqual(psyche.skills.map((e) => e.name), ['ok']);
    assert.deepEqual(psyche.knowledge, []);
    // The catalog still renders, with an empty body.
    assert.equal(section(psyche, 'knowledge')?.text, '');
  });

  test('YAML that does not parse counts as no fields', () => {
    assert.deepEqual(catalogFields('---\nname: [a\ndescription: d\n---\n'), {});
    assert.deepEqual(catalogFields('---\nname: a\n  description: : :\n\t- x\n---\n'), {});
  });

  test('values are whitespace-collapsed', async () => {
    const { psyche } = await composeMem({
      'knowledge/a/KNOWLEDGE.md': '---\nname: "  Two   words  "\ndescription: |\n  line one\n    line two\n\n  line\tthree  \n---\n',
      'knowledge/b/KNOWLEDGE.md': '---\nname: >\n  folded\n  name\ndescription: "tab\\there"\n---\n',
    });
    assert.deepEqual(psyche.knowledge.map(({ name, description }) => [name, description]), [
      ['Two words', 'line one line two line three'],
      ['folded name', 'tab here'],
    ]);
  });

  test('the catalog body: entries joined by \\n, no trailing newline, locations relative', async () => {
    const { psyche } = await composeMem({ 'knowledge/x/KNOWLEDGE.md': entry('X', 'about x'), 'knowledge/y/KNOWLEDGE.md': entry('Y', 'about y') });
    assert.equal(
      section(psyche, 'knowledge')?.text,
      '- name: X\n  location: knowledge/x/KNOWLEDGE.md\n  description: |\n    about x\n- name: Y\n  location: knowledge/y/KNOWLEDGE.md\n  description: |\n    about y',
    );
    assert.deepEqual(psyche.knowledge[0], { name: 'X', location: 'knowledge/x/KNOWLEDGE.md', description: 'about x' });
  });

  test('on disk: the same scan, links to entry folders followed, locations never a host path', async () => {
    const a = await agentOnDisk({
      'knowledge/é/KNOWLEDGE.md': entry('é', 'd'),
      'knowledge/a/KNOWLEDGE.md': entry('a', 'd'),
      'knowledge/B/KNOWLEDGE.md': entry('B', 'd'),
      'knowledge/.trash/t/KNOWLEDGE.md': entry('t', 'd'),
      'knowledge/scratch/draft.md': 'x',
      'shared/linked/KNOWLEDGE.md': entry('linked', 'd'),
      'knowledge/l': { link: '../shared/linked' },
    });
    cleanups.push(a.cleanup);
    const { psyche } = await composeDisk(a.dir, a.root);
    assert.deepEqual(psyche.knowledge.map((e) => e.name), ['B', 'a', 'linked', 'é']);
    assert.ok(psyche.knowledge.every((e) => !e.location.startsWith('/') && e.location.startsWith('knowledge/')));
    assert.ok(!JSON.stringify(psyche).includes(a.root), 'a host path is in the psyche');
    assert.deepEqual(psyche.problems, [{ domain: 'knowledge', path: 'knowledge/scratch', reason: 'not a knowledge entry (no KNOWLEDGE.md) and has loose files' }]);
  });
});
