// The lesson series as the integration read it: ordered, each with its slug, position and reading time.
import { lessons, modules } from 'virtual:soulpress/lessons';
import type { LessonInfo } from '../data/types.ts';

export type { LessonInfo } from '../data/types.ts';

export function getLessons(): LessonInfo[] {
  return lessons;
}

/** The lesson's compiled MDX: its Content component and headings. */
export function loadLesson(lesson: LessonInfo): Promise<import('virtual:soulpress/lessons').LessonModule> {
  return modules[lesson.id]!();
}
