// A note's search document leaves out the spans in its code blocks (Shiki's lines and tokens): Pagefind
// must make the same index of it as of the note's HTML as the page shows it, file for file.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { close, createIndex } from 'pagefind';
import { noteDocument } from '../../src/integration/search-index.ts';
import { renderNote } from '../../src/markdown/render-note.ts';
import type { NoteView } from '../../src/data/types.ts';

const BODIES = [
  '# Deploying\n\nRun the **build** first, then `npm test`.\n\n```bash\nnpm run build && npm test # both\n```\n\nSee [the guide](https://example.com).\n',
  'Plain prose with a list:\n\n- one item\n- another, with *emphasis*\n\n```ts title="roles.ts"\nexport const roleOf = (uri: string): string => uri.split("/")[2] ?? "none";\n```\n',
  '```markdown\n# A heading inside code\n\n*not emphasis* here\n```\n\n    indented code block\n    with two lines\n\nAfter the code: café, naïve, 中文.\n',
];

const notes = await Promise.all(
  BODIES.map(async (body, i) => {
    const notePath = `core/note-${i}.md`;
    const html = await renderNote(body, { vault: 'pippa', path: notePath, pages: new Map(), title: `Note ${i}` });
    return { vault: 'pippa', path: notePath, title: `Note ${i}`, summary: i === 0 ? 'How it ships.' : null, html } as unknown as NoteView;
  }),
);

after(() => close());

/** Every file of the index Pagefind writes for these documents, by path. */
async function indexOf(documents: string[]): Promise<Map<string, Buffer>> {
  const { index } = await createIndex({ excludeSelectors: ['button', '.code-lang', '.heading-anchor'] });
  assert.ok(index);
  for (const [i, content] of documents.entries()) assert.deepEqual((await index.addHTMLFile({ sourcePath: `notes/pippa/core/note-${i}/index.html`, content })).errors, []);
  const dir = await mkdtemp(path.join(tmpdir(), 'soulpress-search-doc-'));
  try {
    await index.writeFiles({ outputPath: dir });
    const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    return new Map(await Promise.all(files.map(async (e) => [path.relative(dir, path.join(e.parentPath, e.name)), await readFile(path.join(e.parentPath, e.name))] as const)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('a note\'s search document has no span in its code, and Pagefind indexes it as the page\'s own HTML', async () => {
  const documents = notes.map(noteDocument);
  for (const [i, doc] of documents.entries()) {
    assert.match(notes[i]!.html, /<pre\b[^>]*>[\s\S]*<span/, 'the note\'s HTML has highlighted code');
    for (const pre of doc.match(/<pre\b[^>]*>[\s\S]*?<\/pre>/g) ?? []) assert.doesNotMatch(pre, /<\/?span\b/);
  }
  // The document as it was before the spans were left out: the note's HTML as its page shows it.
  const asShown = documents.map((doc, i) => doc.replace(/<h1>([\s\S]*)$/, (_, rest: string) => `<h1>${rest.slice(0, rest.indexOf('</h1>') + 5)}${notes[i]!.summary ? `<p>${notes[i]!.summary}</p>` : ''}${notes[i]!.html}</main></body></html>`));
  assert.notEqual(asShown[0], documents[0]);
  const [stripped, shown] = [await indexOf(documents), await indexOf(asShown)];
  assert.deepEqual([...stripped.keys()].sort(), [...shown.keys()].sort());
  for (const [file, bytes] of stripped) assert.ok(bytes.equals(shown.get(file)!), file);
});
