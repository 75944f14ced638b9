// Full-text search: Pagefind indexes the built pages after Astro writes them, so every
// build (also the tests' builds) ships the index its pages were made from. What only repeats
// note text indexed on the note's own page (a bundle's load order and full prompt, the list of
// every note) is marked data-search-ignore: a search lands on the note, and at 5k notes the
// index took a third of the build when it also read every bundle's prompt.
import { close, createIndex } from 'pagefind';

export async function writeSearchIndex(outDir: string): Promise<number> {
  const { index, errors } = await createIndex({ excludeSelectors: ['[data-search-ignore]', '.site-header', '.site-footer', '.skip-link'] });
  try {
    if (!index) throw new Error(`pagefind could not start: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: outDir });
    if (added.errors.length > 0) throw new Error(`pagefind could not index ${outDir}: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath: `${outDir}/pagefind` });
    if (written.errors.length > 0) throw new Error(`pagefind could not write its index: ${written.errors.join('; ')}`);
    return added.page_count;
  } finally {
    await close();
  }
}
