// Lessons: content/lessons/*.mdx, or $SOULPRESS_LESSONS/*.mdx (the sample lessons embed the sample
// family's souls, so a site of another vault brings its own lessons or none). The MDX files import
// nothing; the lesson page passes the components (LoadOrder, Catalog, Note, Exercise, Hint, and for
// agents AgentSections, RulesSignal, AgentShow).
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const lessons = defineCollection({
  loader: glob({ pattern: '*.mdx', base: process.env['SOULPRESS_LESSONS'] || './content/lessons' }),
  schema: z.object({
    title: z.string(),
    description: z.string(),
    order: z.number(),
    status: z.enum(['published', 'draft']),
    tags: z.array(z.string()).default([]),
    // YAML reads an unquoted 2026-01-02 as a date; either way the page shows YYYY-MM-DD.
    updated: z
      .union([z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'updated must be YYYY-MM-DD'), z.date()])
      .transform((v) => (typeof v === 'string' ? v : v.toISOString().slice(0, 10)))
      .optional(),
  }),
});

export const collections = { lessons };
