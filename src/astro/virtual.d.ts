declare module 'virtual:soulpress/site' {
  const slot: import('../integration/virtual-site.ts').SiteSlot;
  export default slot;
}

declare module 'virtual:soulpress/lessons' {
  export interface LessonModule {
    Content: import('astro').AstroComponentFactory | ((props: Record<string, unknown>) => unknown);
    getHeadings: () => import('astro').MarkdownHeading[];
  }
  export const lessons: import('../data/types.ts').LessonInfo[];
  export const modules: Record<string, () => Promise<LessonModule>>;
}
