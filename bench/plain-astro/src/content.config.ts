// Every note under BENCH_NOTES_DIR (the generated vault root) as one plain Markdown collection.
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';

const base = process.env['BENCH_NOTES_DIR'];
if (!base) throw new Error('BENCH_NOTES_DIR must name the folder of notes to build');

export const collections = {
  notes: defineCollection({ loader: glob({ pattern: '**/*.md', base }) }),
};
