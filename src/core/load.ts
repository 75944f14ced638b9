import type { Bundle, BundleWarning, IdentityDocument, Mode } from './bundle.ts';
import { promptRevision } from './bundle.ts';
import { fileNameInstant, parseIsoDate } from './dates.ts';
import { VaultError } from './errors.ts';
import { discoverFamily, identityCandidates, walkFolder } from './family.ts';
import type { Family } from './family.ts';
import { FrontmatterProblem, frontmatterData, promptLoading } from './frontmatter.ts';
import type { FrontmatterData } from './frontmatter.ts';
import { comparePaths } from './order.ts';
import { pointerText } from './pointer.ts';
import { VAULT_NOTES, modeFor } from './roles.ts';
import type { Role } from './roles.ts';
import type { VaultStore } from './store.ts';
import { decodeNote, noteRevision } from './text.ts';
import { VAULT_ID, noteUri, pathProblem } from './uri.ts';

/** Size never decides whole or pointer; past this a whole note only adds a warning. */
export const LARGE_NOTE_BYTES = 51_200;

const OP = 'load_identity';

export interface LoadOptions {
  store: VaultStore;
  soul: string;
  harness: string;
  preset?: string | null | undefined;
  /** The family name; found from the vault root when omitted. */
  family?: string | undefined;
  /** A family already discovered, to skip listing the root again (the site loads many souls). */
  discovered?: Family | undefined;
}

/** A warning with the role of the document it is about, which a failed load has no bundle to tell. */
export interface RoleWarning extends BundleWarning {
  role: Role;
}

/** What one run over a soul found: the bundle when nothing failed, and every problem when collecting. */
export interface Inspection {
  bundle: Bundle | null;
  problems: VaultError[];
  warnings: RoleWarning[];
}

/** Load a soul or guest: every document in order, or a VaultError. Never a bundle with a hole in it. */
export async function loadIdentity(options: LoadOptions): Promise<Bundle> {
  const { run, bundle } = await assemble(options, (store) => new Assembly(store));
  return revised(run, bundle);
}

/** Load a soul or guest collecting every problem instead of stopping at the first. */
export async function inspectIdentity(options: LoadOptions): Promise<Inspection> {
  return inspect(options, true);
}

/**
 * What `check` runs: inspectIdentity's problems and warnings, without the bundle. No problem
 * depends on a revision, so no note and no prompt is hashed: a family check would otherwise hash
 * every soul's whole prompt once per preset, several times the bytes it reads.
 */
export async function identityProblems(options: LoadOptions): Promise<Omit<Inspection, 'bundle'>> {
  const { problems, warnings } = await inspect(options, false);
  return { problems, warnings };
}

/** A collecting run: the bundle when nothing failed and `revise` (false: nothing is hashed, no bundle). */
async function inspect(options: LoadOptions, revise: boolean): Promise<Inspection> {
  const { run, bundle } = await assemble(options, (store) => new Collecting(store, revise));
  const warnings = run.warnings.map((w, i) => ({ ...w, role: run.warningRoles[i]! }));
  if (run.problems.length > 0 || !revise) return { bundle: null, problems: run.problems, warnings };
  return { bundle: await revised(run, bundle), problems: [], warnings };
}

interface Tokens {
  soul: string;
  display: string;
}

interface ReadNote {
  path: string;
  uri: string;
  bytes: number;
  text: string;
  /** Not awaited per note: every hash of a load is in flight at once with the prompt's (see assemble). */
  revision: Promise<string>;
  /** The UTF-8 of `text`: the note's bytes without the BOM decodeNote dropped. */
  encoded: Uint8Array;
}

/** A folder listed and read ahead of its turn: the reads settled, what the listing refused, or why it failed. */
interface Gathered {
  listed: boolean;
  error: unknown;
  /** Entries the walk met but cannot read (links, devices, bad names, folders the system refuses), in path order. */
  refused: VaultError[];
  settled: Array<PromiseSettledResult<ReadNote | null>>;
}

function frontmatterError(uri: string, role: Role, why: string): VaultError {
  return new VaultError('frontmatter_invalid', `frontmatter of ${uri} (${role}) is invalid: ${why}`, { operation: OP, note: uri, role });
}

/**
 * One run of the sequence, strict: it throws at the first problem. A collecting run (Collecting, below)
 * records each problem and goes on; loadIdentity never needs one, so a bundle of it alone (the soul
 * preview) carries none of that code.
 */
class Assembly {
  readonly documents: IdentityDocument[] = [];
  /** Per document, its text's UTF-8 when at hand (a whole note's own bytes), so the revision need not encode it again. */
  readonly encoded: Array<Uint8Array | null> = [];
  /** Per document, its revision once hashed ('' for an absent note); filled in by assemble. */
  readonly revisions: Array<Promise<string> | string> = [];
  readonly warnings: BundleWarning[] = [];
  // Declared only, as the constructor sets it (no field initialiser to ship).
  private declare readonly store: VaultStore;

  constructor(store: VaultStore) {
    this.store = store;
  }

  fail(error: VaultError): void {
    throw error;
  }

  /** A note's revision, its hashing started. */
  protected hash(bytes: Uint8Array): Promise<string> {
    return noteRevision(bytes);
  }

  /** A warning was added, about a document of `role`. */
  protected warned(_role: Role): void {}

  private async guard<T>(role: Role, step: () => Promise<T>): Promise<T | undefined> {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof VaultError)) throw error;
      this.fail(inRole(error, role));
      return undefined;
    }
  }

  /** Read, decode and start hashing one note, or null when absent. One read: text and revision name the same bytes. */
  private async read(vault: string, path: string, role: Role): Promise<ReadNote | null> {
    const uri = noteUri(vault, path);
    const bytes = await this.store.read(vault, path);
    if (bytes === null) return null;
    const text = decodeNote(bytes, uri, role, OP);
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    return { path, uri, bytes: bytes.byteLength, text, revision: this.hash(bytes), encoded: bom ? bytes.subarray(3) : bytes };
  }

  /** Frontmatter the loader must read; undefined after a reported problem. */
  frontmatter(note: ReadNote, role: Role): Readonly<FrontmatterData> | undefined {
    try {
      return frontmatterData(note.text);
    } catch (error) {
      if (!(error instanceof FrontmatterProblem)) throw error;
      this.fail(frontmatterError(note.uri, role, error.message));
      return undefined;
    }
  }

  /** A note's `prompt_loading`; false after a reported problem. */
  loading(note: ReadNote, role: Role): 'inline' | 'on-demand' | undefined | false {
    const data = this.frontmatter(note, role);
    if (!data) return false;
    try {
      return promptLoading(data);
    } catch (error) {
      if (!(error instanceof FrontmatterProblem)) throw error;
      this.fail(frontmatterError(note.uri, role, error.message));
      return false;
    }
  }

  push(role: Role, note: ReadNote, mode: Mode, required: boolean, text = note.text): void {
    if (mode === 'whole' && note.bytes > LARGE_NOTE_BYTES) {
      this.warnings.push({ code: 'note_large', uri: note.uri, message: `${note.uri} (${role}) is ${note.bytes} bytes, over ${LARGE_NOTE_BYTES}; it still loads whole` });
      this.warned(role);
    }
    this.documents.push({ role, uri: note.uri, mode, required, revision: '', bytes: note.bytes, text: mode === 'whole' ? text : pointerText(note.uri) });
    this.revisions.push(note.revision);
    this.encoded.push(mode === 'whole' && text === note.text ? note.encoded : null);
  }

  /** A required single note: whole, or identity_document_missing naming note and role. */
  async required(role: Role, vault: string, path: string, tokens?: Tokens): Promise<void> {
    await this.guard(role, async () => {
      const note = await this.read(vault, path, role);
      if (!note) {
        const uri = noteUri(vault, path);
        throw new VaultError('identity_document_missing', `required identity document ${uri} (${role}) is missing from the ${this.store.backend} store`, { operation: OP, note: uri, role });
      }
      this.push(role, note, 'whole', true, tokens ? fillTokens(note.text, tokens) : note.text);
    });
  }

  /** An optional single note: whole, or an empty pointer so the reader sees that it is missing. */
  async optional(role: Role, vault: string, path: string): Promise<void> {
    await this.guard(role, async () => {
      const note = await this.read(vault, path, role);
      if (note) this.push(role, note, 'whole', false);
      else {
        this.documents.push({ role, uri: noteUri(vault, path), mode: 'pointer', required: false, revision: '', bytes: 0, text: '' });
        this.revisions.push('');
        this.encoded.push(null);
      }
    });
  }

  /**
   * List a folder and read and hash every note in it, in parallel. Never rejects: what went
   * wrong is kept for `handOver`, so a folder can be gathered early and reported in its turn.
   */
  gather(role: Role, vault: string, folder: string, exclude?: string): Promise<Gathered> {
    return (async (): Promise<Gathered> => {
      let walk;
      try {
        walk = await walkFolder(this.store, vault, folder);
      } catch (error) {
        return { listed: false, error, refused: [], settled: [] };
      }
      const settled = await Promise.allSettled(walk.paths.filter((p) => p !== exclude).map((p) => this.read(vault, p, role)));
      // The excluded note (memory/index.md) is its own role's: its problem is reported there, once.
      const excluded = exclude === undefined ? null : noteUri(vault, exclude);
      return { listed: true, error: null, refused: walk.problems.filter((p) => p.note !== excluded), settled };
    })();
  }

  /** Every note of a folder, handed over in spec order, so the first problem reported is the first in load order. */
  async each(role: Role, vault: string, folder: string, handle: (note: ReadNote) => void, exclude?: string): Promise<void> {
    await this.handOver(role, this.gather(role, vault, folder, exclude), handle);
  }

  async handOver(role: Role, gathered: Promise<Gathered>, handle: (note: ReadNote) => void): Promise<void> {
    const { listed, error, refused, settled } = await gathered;
    if (!listed) {
      if (!(error instanceof VaultError)) throw error;
      this.fail(inRole(error, role));
    }
    // Each refused entry is its own problem; the readable notes beside it still load (and are still checked).
    for (const problem of refused) this.fail(inRole(problem, role));
    for (const result of settled) {
      if (result.status === 'fulfilled') {
        if (result.value) handle(result.value);
      } else if (result.reason instanceof VaultError) this.fail(inRole(result.reason, role));
      else throw result.reason;
    }
  }
}

/** A run that records each problem and goes on (inspectIdentity, identityProblems). */
class Collecting extends Assembly {
  readonly problems: VaultError[] = [];
  /** Each warning's role, by index in `warnings`: a failed load has no document to look it up in. */
  readonly warningRoles: Role[] = [];
  /** False when no bundle is made (check): notes are not hashed. */
  private declare readonly revise: boolean;

  constructor(store: VaultStore, revise: boolean) {
    super(store);
    this.revise = revise;
  }

  override fail(error: VaultError): void {
    this.problems.push(error);
  }

  protected override hash(bytes: Uint8Array): Promise<string> {
    return this.revise ? super.hash(bytes) : UNREVISED;
  }

  protected override warned(role: Role): void {
    this.warningRoles.push(role);
  }
}

/** A store's own error (a symlink, a device) met while loading a role: name that role too, as every load error does. */
function inRole(error: VaultError, role: Role): VaultError {
  if (error.role !== undefined) return error;
  return new VaultError(error.code, `${error.message} (${role})`, { operation: OP, note: error.note, role });
}

function fillTokens(text: string, tokens: Tokens): string {
  // One pass, so a display name that itself contains a token is not filled again.
  return text.replace(/\{soul(_display)?\}/g, (_, display: string | undefined) => (display ? tokens.display : tokens.soul));
}

function checkArguments(soul: unknown, harness: string, preset: string | null): void {
  if (harness === '') {
    throw new VaultError('harness_required', 'load_identity needs a harness or app id: the card says which harness the soul was loaded for', { operation: OP });
  }
  if (typeof soul !== 'string' || !VAULT_ID.test(soul)) {
    const leaves = typeof soul === 'string' && (/[/\\\0]/.test(soul) || soul === '.' || soul === '..');
    throw new VaultError(leaves ? 'uri_invalid' : 'soul_not_found', `${JSON.stringify(soul)} is not a soul id: ids match [a-z0-9][a-z0-9-]*`, { operation: OP });
  }
  if (preset !== null && (typeof preset !== 'string' || preset === '' || preset.includes('/') || preset.startsWith('.') || pathProblem(`${preset}.md`) !== null)) {
    throw new VaultError('uri_invalid', `preset ${JSON.stringify(preset)} is not a file name under projects/`, { operation: OP, role: 'project' });
  }
}

/** The revision of a note read by a run that makes no bundle: never shown, never hashed. */
const UNREVISED: Promise<string> = Promise.resolve('');

/** A run's documents and warnings, in the bundle that carries them once `revised` gives it its revisions. */
interface Assembled<Run extends Assembly> {
  run: Run;
  bundle: Bundle;
}

/** Run the sequence for a soul or guest, with the run `start` makes over the store. */
async function assemble<Run extends Assembly>(options: LoadOptions, start: (store: VaultStore) => Run): Promise<Assembled<Run>> {
  const { soul } = options;
  // One view of the store per load: what it learns about folders is not kept past this call.
  const store = options.store.scope?.() ?? options.store;
  const harness = typeof options.harness === 'string' ? options.harness.trim() : '';
  const preset = options.preset ?? null;
  checkArguments(soul, harness, preset);

  const family = options.discovered ?? (await discoverFamily(store, options.family));
  const isSoul = family.souls.includes(soul);
  const isGuest = family.guestIds.includes(soul);
  if (isSoul && isGuest) {
    throw new VaultError('identity_ambiguous', `"${soul}" is both a family soul (soul://${soul}/) and a guest (soul://${family.guests}/${soul}/), so its identity (identity) is ambiguous`, { operation: OP, role: 'identity' });
  }
  if (!isSoul && !isGuest) {
    // An id that names a folder the store refuses as a link (a linked vault or guest) says so.
    const probe = (vault: string, folder: string): Promise<unknown> => store.entries(vault, folder).catch((error: unknown) => {
      if (error instanceof VaultError && error.code === 'uri_invalid') throw inRole(error, 'identity');
    });
    await probe(soul, '');
    if (family.problems[0]) throw inRole(family.problems[0], 'identity');
    await probe(family.guests, soul);
    throw new VaultError('soul_not_found', `no soul or guest "${soul}" in family ${family.name} (souls: ${family.souls.join(', ') || 'none'}; guests: ${family.guestIds.join(', ') || 'none'})`, { operation: OP });
  }
  if (isGuest && preset !== null) {
    throw new VaultError('uri_invalid', `guest "${soul}" has no presets (project): only a family soul loads projects/${preset}.md`, { operation: OP, role: 'project' });
  }

  const run = start(store);
  // Identity first: its file name is the display name the tokens need.
  const vault = isSoul ? soul : family.guests;
  const prefix = isSoul ? '' : `${soul}/`;
  // A link or device met while listing the identity folder names the identity role too; a
  // collecting run records it and goes on with the soul id as display name.
  const candidates = await identityCandidates(store, vault, prefix.slice(0, -1)).catch((error: unknown) => {
    if (!(error instanceof VaultError)) throw error;
    run.fail(inRole(error, 'identity'));
    return null;
  });
  let display = soul;
  if (candidates === null) {
    // Reported above.
  } else if (candidates.length === 0) {
    const uri = noteUri(vault, `${prefix}<Display Name>.md`);
    run.fail(new VaultError('identity_document_missing', `required identity document ${uri} (identity) is missing from the ${store.backend} store`, { operation: OP, note: uri, role: 'identity' }));
  } else if (candidates.length > 1) {
    const uris = candidates.map((c) => noteUri(vault, prefix + c));
    run.fail(new VaultError('identity_ambiguous', `${noteUri(vault, prefix)} has ${candidates.length} identity candidates (identity): ${uris.join(', ')}`, { operation: OP, note: uris[0], role: 'identity' }));
  } else {
    display = candidates[0]!.slice(0, -'.md'.length);
    await run.required('identity', vault, prefix + candidates[0]);
  }
  const tokens: Tokens = { soul, display };

  if (isSoul) await familySequence(run, family, soul, preset, tokens);
  else await guestSequence(run, family, soul, tokens);

  const bundle: Bundle = {
    soul,
    display,
    kind: isSoul ? 'family' : 'guest',
    harness,
    preset: isSoul ? preset : null,
    documents: run.documents,
    warnings: run.warnings,
    revision: '',
  };
  return { run, bundle };
}

/** The bundle with its revisions: the prompt's and each document's. */
async function revised(run: Assembly, bundle: Bundle): Promise<Bundle> {
  // All hashes wait together: in a browser each SHA-256 is a round trip to another thread, and
  // one wait for all (the edited notes' and the prompt's) is one round trip, not one after another.
  const [revision, ...revisions] = await Promise.all([promptRevision(run.documents, run.encoded), ...run.revisions]);
  run.documents.forEach((doc, i) => (doc.revision = revisions[i]!));
  bundle.revision = revision;
  return bundle;
}

async function familySequence(run: Assembly, family: Family, soul: string, preset: string | null, tokens: Tokens): Promise<void> {
  // The three folders are listed and read at once, while the single notes before them load;
  // documents and problems are still taken in spec order below.
  const sharedCore = run.gather('shared_core', family.shared, 'core');
  const soulCore = run.gather('soul_core', soul, 'core');
  const soulIndex = run.gather('soul_index', soul, 'index');
  await run.required('shared_instructions', family.shared, VAULT_NOTES.instructions, tokens);
  await run.handOver('shared_core', sharedCore, (note) => {
    const loading = run.loading(note, 'shared_core');
    if (loading !== false) run.push('shared_core', note, modeFor('shared_core', loading), false);
  });
  await run.optional('shared_catalog', family.shared, VAULT_NOTES.sharedCatalog);
  await run.required('soul_instructions', soul, VAULT_NOTES.instructions);
  // A soul's own core is its deep self: always whole, frontmatter not consulted.
  await run.handOver('soul_core', soulCore, (note) => run.push('soul_core', note, 'whole', false));
  await run.handOver('soul_index', soulIndex, (note) => {
    const loading = run.loading(note, 'soul_index');
    if (loading !== false) run.push('soul_index', note, modeFor('soul_index', loading), false);
  });
  if (preset !== null) await run.required('project', soul, `projects/${preset}.md`);
}

async function guestSequence(run: Assembly, family: Family, guest: string, tokens: Tokens): Promise<void> {
  await run.required('guest_shared_instructions', family.guests, VAULT_NOTES.instructions, tokens);
  await run.required('guest_instructions', family.guests, `${guest}/${VAULT_NOTES.instructions}`);
  const indexPath = `${guest}/${VAULT_NOTES.memoryIndex}`;
  await run.optional('memory_index', family.guests, indexPath);
  const memories: Array<{ note: ReadNote; time: bigint | null }> = [];
  await run.each('memory', family.guests, `${guest}/memory`, (note) => {
    const data = run.frontmatter(note, 'memory');
    if (!data) return;
    const time = memoryTime(note, data);
    if (typeof time === 'string') run.fail(frontmatterError(note.uri, 'memory', `date ${JSON.stringify(data['date'])} is not ISO 8601: ${time}`));
    else memories.push({ note, time });
  }, indexPath);
  // Newest first; equal dates in path order; undated after, in path order.
  memories.sort((a, b) => {
    if (a.time !== b.time) {
      if (a.time === null) return 1;
      if (b.time === null) return -1;
      return b.time > a.time ? 1 : -1;
    }
    return comparePaths(a.note.path, b.note.path);
  });
  for (const { note } of memories) run.push('memory', note, 'whole', false);
}

/** A memory's date (ns) from frontmatter, else from its file name; null when undated, what is wrong when the date is bad. */
function memoryTime(note: ReadNote, data: Readonly<FrontmatterData>): bigint | null | string {
  const value = data['date'];
  if (value === undefined || value === null) return fileNameInstant(note.path);
  if (typeof value !== 'string') return `it is a ${Array.isArray(value) ? 'list' : typeof value}, not a date text (quote it: date: "2026-03-14")`;
  const parsed = parseIsoDate(value);
  return parsed.ok ? parsed.ns : parsed.why;
}
