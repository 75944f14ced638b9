// A note page's tree: the note's branch, with a large folder clipped to the entries around the way to
// the note, so a vault of thousands of notes in one folder does not put thousands of links on each page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { BRANCH_ENTRIES, noteBranch, vaultTree } from '../../src/data/note-tree.ts';
import type { TreeFolder } from '../../src/data/note-tree.ts';
import type { NoteView } from '../../src/data/types.ts';
import { notesFolderPath, notesOfVault } from '../../src/data/urls.ts';

const note = (vault: string, path: string): NoteView => ({ vault, path, title: path, href: `/notes/${vault}/${path.replace(/\.md$/, '')}/` }) as unknown as NoteView;

/** The open folders from the root down to the note's own. */
function openPath(branch: TreeFolder): TreeFolder[] {
  const path = [branch];
  for (let f = branch.folders.find((sub) => sub.open); f; f = f.folders.find((sub) => sub.open)) path.push(f);
  return path;
}

const entries = (f: TreeFolder): string[] => [...f.folders.map((sub) => `${sub.path}/`), ...f.notes.map((n) => n.path)];

/** Folders of generated sizes: `core/` with `flat` notes and `sub` subfolders of `deep` notes each, and a root note. */
const family = fc.record({ flat: fc.integer({ min: 0, max: 90 }), sub: fc.integer({ min: 0, max: 45 }), deep: fc.integer({ min: 1, max: 70 }) }).map(({ flat, sub, deep }) => {
  const notes = [note('v', 'Identity.md')];
  for (let i = 0; i < flat; i++) notes.push(note('v', `core/n${String(i).padStart(3, '0')}.md`));
  for (let s = 0; s < sub; s++) for (let i = 0; i < (s === 0 ? deep : 2); i++) notes.push(note('v', `core/s${String(s).padStart(2, '0')}/m${String(i).padStart(3, '0')}.md`));
  notes.push(note('other', 'core/elsewhere.md'));
  return notes;
});

test("a note page's branch lists at most BRANCH_ENTRIES of a folder: a run of the folder's own entries, with the way to the note in it", () => {
  fc.assert(
    fc.property(family, fc.nat(), (notes, pick) => {
      const mine = notes.filter((n) => n.vault === 'v');
      const current = mine[pick % mine.length]!;
      const branch = noteBranch(notes, current);
      const whole = vaultTree(notes, 'v');
      const path = openPath(branch);
      // The open folders are exactly the ones the note is in.
      assert.deepEqual(path.map((f) => f.path).slice(1), current.path.split('/').slice(0, -1).map((_, i, segs) => segs.slice(0, i + 1).join('/')));
      assert.ok(path.at(-1)!.notes.some((n) => n.href === current.href), `${current.path} is not in its own folder's list`);
      for (const f of path) {
        let full = whole;
        for (const seg of f.path === '' ? [] : f.path.split('/')) full = full.folders.find((sub) => sub.name === seg)!;
        const all = entries(full);
        const shown = entries(f);
        assert.ok(shown.length <= BRANCH_ENTRIES, `${f.path || 'root'} lists ${shown.length}`);
        assert.equal(shown.length, Math.min(all.length, BRANCH_ENTRIES));
        // One unbroken run of the folder's entries, and the flags say which ends were cut.
        const start = all.indexOf(shown[0] ?? '');
        if (shown.length > 0) assert.deepEqual(all.slice(start, start + shown.length), shown);
        assert.equal(f.clipped?.before ?? false, shown.length > 0 && start > 0);
        assert.equal(f.clipped?.after ?? false, shown.length > 0 && start + shown.length < all.length);
        // A clipped folder links to its whole list on the vault's notes page.
        if (f.clipped) assert.equal(f.href, f.path === '' ? notesOfVault('v') : notesFolderPath('v', f.path));
      }
      // No note of another vault, and no closed folder's contents.
      const listed = (f: TreeFolder): TreeNote[] => [...f.notes, ...f.folders.flatMap(listed)];
      type TreeNote = TreeFolder['notes'][number];
      assert.ok(listed(branch).every((n) => mine.some((m) => m.href === n.href)));
      for (const f of path) for (const sub of f.folders) if (!sub.open) assert.deepEqual([sub.folders.length, sub.notes.length], [0, 0]);
    }),
    { numRuns: 150 },
  );
});

test('the way to the note sits in the middle of a clipped folder where the ends allow', () => {
  const notes = Array.from({ length: 200 }, (_, i) => note('v', `index/n${String(i).padStart(3, '0')}.md`));
  const listed = (i: number) => openPath(noteBranch(notes, notes[i]!)).at(-1)!.notes.map((n) => n.path);
  const middle = listed(100);
  assert.equal(middle.length, BRANCH_ENTRIES);
  assert.equal(middle.indexOf('index/n100.md'), BRANCH_ENTRIES / 2);
  assert.equal(listed(0)[0], 'index/n000.md');
  assert.equal(listed(199).at(-1), 'index/n199.md');
  // A small folder is listed whole, and its notes share one branch.
  const few = notes.slice(0, 10);
  assert.equal(noteBranch(few, few[0]!), noteBranch(few, few[9]!));
  assert.equal(openPath(noteBranch(few, few[3]!)).at(-1)!.clipped, undefined);
});

test("a vault's root past BRANCH_ENTRIES is clipped too, its rest on the vault's own page", () => {
  const notes = Array.from({ length: 45 }, (_, i) => note('guests', `g${String(i).padStart(2, '0')}.md`));
  const root = noteBranch(notes, notes[44]!);
  assert.equal(root.notes.length, BRANCH_ENTRIES);
  assert.deepEqual(root.clipped, { before: true, after: false });
  assert.equal(root.href, notesOfVault('guests'));
});
