// In `content` mode: every note of the vault as a Content Layer entry, loaded by the same loadSite
// the integration runs, its HTML stored as the entry's `rendered`, its revision as the digest.
import { defineCollection } from 'astro:content';
import { loadSite } from '../../../src/build/site.ts';
import { benchSiteOptions } from '../site-options.ts';
import { noteParam } from '../../../src/data/urls.ts';

const notes = defineCollection({
  loader: {
    name: 'soulpress-notes',
    load: async ({ store }) => {
      const site = await (await loadSite(benchSiteOptions())).rendered;
      store.clear();
      for (const note of site.notes) {
        const { html, source, ...data } = note;
        store.set({ id: noteParam(note.vault, note.path), data, digest: `${note.revision}:${note.title}`, rendered: { html } });
      }
    },
  },
});

export const collections = process.env['BENCH_DATA_PATH'] === 'content' ? { notes } : {};
