// Reading time from a lesson's source, at build time: words at 220 a minute, CJK characters at 400.

const WORDS_PER_MINUTE = 220;
const CJK_PER_MINUTE = 400;
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/gu;

export function readingMinutes(source: string): number {
  const prose = source
    .replace(/^---[\s\S]*?\n---\s*\n/, '') // frontmatter
    .replace(/<\/?[A-Z][^>]*>/g, ' ') // MDX component tags
    .replace(/[#>*_`|[\]()-]/g, ' ');
  const cjk = prose.match(CJK)?.length ?? 0;
  const words = prose.replace(CJK, ' ').split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE + cjk / CJK_PER_MINUTE));
}
