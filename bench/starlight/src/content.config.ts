// Every note under BENCH_NOTES_DIR (the generated vault root) as Starlight docs pages.
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { docsSchema } from '@astrojs/starlight/schema';

const base = process.env['BENCH_NOTES_DIR'];
if (!base) throw new Error('BENCH_NOTES_DIR must name the folder of notes to build');

export const collections = {
  docs: defineCollection({ loader: glob({ pattern: '**/*.md', base }), schema: docsSchema() }),
};
