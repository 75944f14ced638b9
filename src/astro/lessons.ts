// The lesson series: ordered by `order`, each with its slug, position and reading time.
import { getCollection } from 'astro:content';
import type { CollectionEntry } from 'astro:content';
import { readingMinutes } from '../markdown/reading-time.ts';
import { lessonPath } from '../data/urls.ts';

export interface LessonInfo {
  entry: CollectionEntry<'lessons'>;
  slug: string;
  href: string;
  position: number;
  total: number;
  minutes: number;
}

let series: Promise<LessonInfo[]> | undefined;

export function getLessons(): Promise<LessonInfo[]> {
  series ??= (async () => {
    const entries = (await getCollection('lessons')).sort((a, b) => a.data.order - b.data.order || (a.id < b.id ? -1 : 1));
    const slugs = entries.map((e) => e.id.replace(/^\d+[-_]/, ''));
    return entries.map((entry, i) => {
      // A prefix-free slug reads better; keep the id when two lessons would share one.
      const slug = slugs.filter((s) => s === slugs[i]).length > 1 ? entry.id : slugs[i]!;
      return { entry, slug, href: lessonPath(slug), position: i + 1, total: entries.length, minutes: readingMinutes(entry.body ?? '') };
    });
  })();
  return series;
}
