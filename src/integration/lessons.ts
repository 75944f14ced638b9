// Lessons: the MDX files of the lessons folder, read at config time. A user's project has no content
// collection of ours (an integration cannot add one), so the lesson pages get their list from a virtual
// module and import each lesson's MDX by path; @astrojs/mdx compiles it wherever it lives.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'astro/zod';
import type { Plugin } from 'vite';
import { FrontmatterProblem, splitFrontmatter } from '../core/index.ts';
import { readingMinutes } from '../markdown/reading-time.ts';
import { mdxCodeBlocks } from '../markdown/code-blocks.ts';
import type { CodeBlock } from '../markdown/shiki.ts';
import { lessonPath } from '../data/urls.ts';
import type { LessonInfo } from '../data/types.ts';

const lessonSchema = z.object({
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
});

/** A lesson whose frontmatter the schema rejects: the file and every field at fault. */
export class LessonError extends Error {
  readonly file: string;
  readonly problems: string[];
  constructor(file: string, problems: string[]) {
    super(`lesson ${file}: ${problems.join('; ')}`);
    this.name = 'LessonError';
    this.file = file;
    this.problems = problems;
  }
}

/** One lesson file's frontmatter, read by the core's one splitter (notes' too) and checked, and its body. */
function lessonData(file: string, source: string): { data: LessonInfo['data']; body: string } {
  let split;
  try {
    split = splitFrontmatter(source.replace(/^\uFEFF/, ''));
  } catch (error) {
    if (!(error instanceof FrontmatterProblem)) throw error;
    throw new LessonError(file, [`frontmatter: ${error.message}`]);
  }
  if (split.yaml === null) throw new LessonError(file, ['no frontmatter (title, description, order, status)']);
  const result = lessonSchema.safeParse(split.data);
  if (!result.success) throw new LessonError(file, result.error.issues.map((i) => `${i.path.join('.') || 'frontmatter'}: ${i.message}`));
  return { data: result.data, body: split.body };
}

/**
 * The series under `dir`, ordered by `order` then file name (a missing folder has none), and the code
 * blocks of every lesson, for the note workers to highlight ahead (src/markdown/shiki.ts).
 */
export async function readLessons(dir: string): Promise<{ lessons: LessonInfo[]; blocks: CodeBlock[] }> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.mdx')).sort();
  const read = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const source = await readFile(file, 'utf8');
      const { data, body } = lessonData(name, source);
      return { lesson: { id: name.slice(0, -'.mdx'.length), file, data, minutes: readingMinutes(source) }, body };
    }),
  );
  read.sort((a, b) => a.lesson.data.order - b.lesson.data.order || (a.lesson.id < b.lesson.id ? -1 : 1));
  const slugs = read.map(({ lesson }) => lesson.id.replace(/^\d+[-_]/, ''));
  const lessons = read.map(({ lesson }, i) => {
    // A prefix-free slug reads better; keep the id when two lessons would share one.
    const slug = slugs.filter((s) => s === slugs[i]).length > 1 ? lesson.id : slugs[i]!;
    return { ...lesson, slug, href: lessonPath(slug), position: i + 1, total: read.length };
  });
  return { lessons, blocks: read.flatMap(({ body }) => mdxCodeBlocks(body)) };
}

export const LESSONS_MODULE = 'virtual:soulpress/lessons';

/** The list, and a loader per lesson that imports its MDX by absolute path. */
export function lessonsModule(lessons: LessonInfo[]): Plugin {
  const resolved = `\0${LESSONS_MODULE}`;
  return {
    name: 'soulpress:lessons',
    resolveId: (id) => (id === LESSONS_MODULE ? resolved : undefined),
    load(id) {
      if (id !== resolved) return undefined;
      const loaders = lessons.map((l) => `${JSON.stringify(l.id)}: () => import(${JSON.stringify(l.file.split(path.sep).join('/'))})`);
      return `export const lessons = ${JSON.stringify(lessons)};\nexport const modules = {${loaders.join(',\n')}};`;
    },
  };
}
