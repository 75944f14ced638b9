// Every note of every vault, read once: bytes, revision, frontmatter, title and rendered body.
import { createHash } from 'node:crypto';
import { stringify } from 'yaml';
import { FrontmatterProblem, VaultError, comparePaths, compareCodePoints, decodeNote, noteRevision, noteUri, readCommand, splitFrontmatter, walkFolder, VAULT_ID } from '../core/index.ts';
import type { FrontmatterData, VaultStore } from '../core/index.ts';
import { renderNotes } from '../markdown/render-pool.ts';
import type { RenderJob } from '../markdown/render-pool.ts';
import { excerptHtml } from '../markdown/excerpt.ts';
import { bodyKey, cachedRender, keepRender } from '../markdown/render-cache.ts';
import type { RenderCache } from '../markdown/render-cache.ts';
import { building } from './errors.ts';
import type { FrontmatterRow, NoteBase } from '../data/types.ts';
import { notePath } from '../data/urls.ts';
import { esc } from '../render/escape.ts';
import { countTokens } from '../node/tokens.ts';

interface RawNote {
  uri: string;
  vault: string;
  path: string;
  bytes: number;
  revision: string;
  text: string;
  /** The text with its BOM, when it had one: the snapshot must hash to the same revision. */
  source: string;
  /** Why the note cannot be shown (not UTF-8, unreadable); only ever kept for a note no load reads. */
  problem: VaultError | null;
  /** The bytes as the store returned them (the same object for as long as the store remembers them); null if unreadable. */
  data: Uint8Array | null;
}

const BOM = [0xef, 0xbb, 0xbf];

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) return value.map(String).join(', ');
  return stringify(value).trimEnd();
}

export function frontmatterRows(data: FrontmatterData): FrontmatterRow[] {
  return Object.keys(data).map((key) => ({ key, value: formatValue(data[key]) }));
}

/** The first `# Heading` of a body outside code fences, for notes without a `title`. */
function firstHeading(body: string): string | null {
  let fenced = false;
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const match = /^#\s+(.+?)\s*#*\s*$/.exec(line);
    if (match) return match[1]!;
  }
  return null;
}

/**
 * Notes of every vault of the root, in vault order then spec path order. What the walk refuses
 * (a link, a device, a name that is not UTF-8) gets no page, and a note that cannot be read or
 * decoded gets a page that says so: neither stops the build here. A load that reads such an
 * entry fails on its own, with its role, so the build refuses exactly what `check` reports.
 */
async function readAll(store: VaultStore): Promise<RawNote[]> {
  const vaults = (await store.vaults()).filter((v) => VAULT_ID.test(v)).sort(compareCodePoints);
  const jobs: Array<Promise<RawNote | null>> = [];
  for (const vault of vaults) {
    const { paths } = await building(`the notes of vault ${vault}`, () => walkFolder(store, vault, ''));
    for (const path of paths.sort(comparePaths)) jobs.push(readOne(store, vault, path));
  }
  return (await Promise.all(jobs)).filter((n): n is RawNote => n !== null);
}

async function readOne(store: VaultStore, vault: string, path: string): Promise<RawNote | null> {
  const uri = noteUri(vault, path);
  let bytes: Uint8Array | null;
  try {
    bytes = await store.read(vault, path);
  } catch (error) {
    if (!(error instanceof VaultError)) throw error;
    return { uri, vault, path, bytes: 0, revision: '', text: '', source: '', problem: error, data: null };
  }
  if (bytes === null) return null;
  const revision = await noteRevision(bytes);
  let text: string;
  try {
    text = decodeNote(bytes, uri, undefined, 'site');
  } catch (error) {
    if (!(error instanceof VaultError)) throw error;
    return { uri, vault, path, bytes: bytes.byteLength, revision, text: '', source: '', problem: error, data: bytes };
  }
  const bom = BOM.every((b, i) => bytes[i] === b);
  return { uri, vault, path, bytes: bytes.byteLength, revision, text, source: bom ? `\uFEFF${text}` : text, problem: null, data: bytes };
}

/** Every note's HTML and popover excerpt, in the order of the notes. */
export interface RenderedNotes {
  html: string[];
  excerpts: string[];
}

/** Every note as a page, and the promise of their HTML, in the same order (rendered on every core while the caller loads bundles). */
export interface NotePages {
  notes: NoteBase[];
  rendered: Promise<RenderedNotes>;
}

/** The page a note that cannot be shown gets in place of its HTML. */
const problemHtml = (problem: VaultError): string => `<p class="problem">This note cannot be shown: error[${problem.code}]: ${esc(problem.message)}</p>`;

/** The htmlKey of a note that cannot be shown: its problem, which is all its page's HTML is made of. */
const problemKey = (problem: VaultError): string => `problem:${createHash('sha256').update(problemHtml(problem)).digest('base64url')}`;

// A note's excerpt is kept in the render cache beside its HTML, under its htmlKey marked so: made
// from the HTML alone, it is made again only when the HTML is (at 5k notes ~0.15 s of every build).
const excerptKey = (htmlKey: string): string => `excerpt\0${htmlKey}`;

/** What a note's page takes from its bytes alone; kept per bytes object, so a reload redoes only the notes it read again. */
interface Parsed {
  uri: string;
  view: NoteBase;
  job: RenderJob;
  /** The render cache's key of its body (render-cache.ts, bodyKey). */
  key: string;
}
const parsedNotes = new WeakMap<Uint8Array, Parsed>();

function parse(note: RawNote, href: string): Parsed {
  let data: FrontmatterData = {};
  let body = note.text;
  let problem: string | null = null;
  try {
    ({ data, body } = splitFrontmatter(note.text));
  } catch (error) {
    if (!(error instanceof FrontmatterProblem)) throw error;
    problem = error.message;
  }
  const fileName = note.path.split('/').pop()!.replace(/\.md$/, '');
  const title = (typeof data['title'] === 'string' && data['title'].trim()) || firstHeading(body) || fileName;
  return {
    uri: note.uri,
    job: { body, vault: note.vault, path: note.path, title },
    key: '',
    view: {
      uri: note.uri,
      vault: note.vault,
      path: note.path,
      href,
      title,
      summary: typeof data['summary'] === 'string' ? data['summary'] : null,
      bytes: note.bytes,
      // Counted in buildNotes, once the workers have their jobs.
      tokens: 0,
      // Set in buildNotes once the HTML is known: from the cache, or when it is rendered.
      htmlKey: '',
      revision: note.revision,
      command: readCommand(note.uri),
      frontmatter: frontmatterRows(data),
      frontmatterProblem: problem,
      source: note.source,
    },
  };
}

export async function buildNotes(store: VaultStore, cache: RenderCache, { save = true }: { save?: boolean } = {}): Promise<NotePages> {
  const raw = await readAll(store);
  const pages = new Map(raw.map((n) => [n.uri, notePath(n.vault, n.path)]));
  // A note's HTML depends on its own body, title and place and on the pages its soul:// links find:
  // the cache hands back what an earlier load or build rendered for the same.
  const notes: NoteBase[] = [];
  const jobs: RenderJob[] = [];
  const keys: string[] = [];
  for (const note of raw) {
    let parsed = note.data ? parsedNotes.get(note.data) : undefined;
    if (parsed?.uri !== note.uri) {
      parsed = parse(note, pages.get(note.uri)!);
      if (note.data) parsedNotes.set(note.data, parsed);
    }
    if (parsed.key === '') parsed.key = bodyKey(parsed.job);
    jobs.push(parsed.job);
    keys.push(parsed.key);
    notes.push(parsed.view);
  }
  // Each note's HTML by position: the cache's where it has it, the rest rendered below.
  const html: string[] = [];
  const todo: number[] = [];
  raw.forEach((note, i) => {
    const problem = note.problem;
    const hit = problem ? undefined : cachedRender(cache, keys[i]!, pages);
    html.push(problem ? problemHtml(problem) : (hit?.html ?? ''));
    if (problem) notes[i]!.htmlKey = problemKey(problem);
    else if (hit) notes[i]!.htmlKey = hit.htmlKey;
    else todo.push(i);
  });
  const rendered = renderNotes(todo.map((i) => jobs[i]!), pages).then(async (made) => {
    made.forEach((note, k) => {
      const i = todo[k]!;
      html[i] = note.html;
      notes[i]!.htmlKey = keepRender(cache, keys[i]!, note, pages);
    });
    const excerpts = html.map((h, i) => {
      const key = excerptKey(notes[i]!.htmlKey);
      const kept = cache.get(key);
      if (typeof kept === 'string') return kept;
      const excerpt = excerptHtml(h);
      cache.set(key, excerpt);
      return excerpt;
    });
    await cache.save({ write: save });
    return { html, excerpts };
  });
  // Awaited by the caller once its own work is done; a loader error may end the build first.
  rendered.catch(() => undefined);
  // Counted once the workers have their jobs: at 5k notes counting took about 2 s of the main thread,
  // and the pages wait for the workers, not for the counts. countTokens remembers whole texts, so a
  // reload counts only the notes it read again.
  raw.forEach((note, i) => (notes[i]!.tokens = countTokens(note.text)));
  return { notes, rendered };
}
