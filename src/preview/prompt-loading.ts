// Flipping a note between whole and pointer is an edit of its frontmatter, never a mode set beside
// the loader: the preview rewrites the `prompt_loading:` line and lets loadIdentity decide again.
import type { LoadingValue } from '../core/index.ts';

// The same fence the core's splitter reads: `---`, trailing blanks allowed, CRLF allowed.
const FENCE = /^---[ \t]*\r?$/;
const KEY = /^(["']?)prompt_loading\1[ \t]*:/;

/**
 * The note's text with `prompt_loading: <value>` set: the key's line (and any indented continuation)
 * replaced, or a line added after the opening fence, or a frontmatter block added when there is none.
 * A BOM and the note's line ends are kept; everything else is left as written.
 */
export function setPromptLoading(text: string, value: LoadingValue): string {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const lines = text.slice(bom.length).split('\n');
  const line = `prompt_loading: ${value}`;
  if (!FENCE.test(lines[0]!)) {
    const eol = lines.length > 1 && lines[0]!.endsWith('\r') ? '\r\n' : '\n';
    return `${bom}---${eol}${line}${eol}---${eol}${lines.join('\n')}`;
  }
  const cr = lines[0]!.endsWith('\r') ? '\r' : '';
  let end = lines.findIndex((l, i) => i > 0 && FENCE.test(l));
  // An unclosed block stays unclosed: the loader reports it, as it would for the file on disk.
  if (end < 0) end = lines.length;
  for (let i = 1; i < end; i++) {
    if (!KEY.test(lines[i]!)) continue;
    let next = i + 1;
    while (next < end && /^[ \t]+\S/.test(lines[next]!)) next++;
    lines.splice(i, next - i, line + (lines[i]!.endsWith('\r') ? '\r' : ''));
    return bom + lines.join('\n');
  }
  lines.splice(1, 0, line + cr);
  return bom + lines.join('\n');
}
