import { VaultError } from './errors.ts';
import { identityCandidates, listPresets, requireFamily, walkFolder } from './family.ts';
import { FrontmatterProblem, promptLoading, splitFrontmatter, stringField } from './frontmatter.ts';
import type { VaultStore } from './store.ts';
import { decodeNote } from './text.ts';
import { noteUri } from './uri.ts';

export interface MemberSummary {
  id: string;
  kind: 'family' | 'guest';
  /** The identity file's name without `.md`, or null when there is not exactly one. */
  display: string | null;
  presets: string[];
}

export interface SharedNoteSummary {
  uri: string;
  path: string;
  /** What the note declares; the loader carries it whole only when `inline`. */
  loading: 'inline' | 'on-demand' | null;
  title: string | null;
  summary: string | null;
  /** Why its frontmatter could not be read, when it could not. */
  problem: string | null;
}

export interface FamilyOverview {
  family: string;
  shared: string;
  guests: string;
  members: MemberSummary[];
  sharedCore: SharedNoteSummary[];
}

/** What `ls` prints: souls, guests and the shared core, read without loading any bundle. */
export async function describeFamily(store: VaultStore, given?: string): Promise<FamilyOverview> {
  const family = await requireFamily(store, given);
  // ls lists a broken soul too (check says what is wrong): a link or bad name in its folder leaves it no display name.
  const tolerate = (error: unknown): string[] => {
    if (error instanceof VaultError) return [];
    throw error;
  };
  const member = async (id: string, kind: 'family' | 'guest'): Promise<MemberSummary> => {
    const candidates = await (kind === 'family' ? identityCandidates(store, id, '') : identityCandidates(store, family.guests, id)).catch(tolerate);
    const display = candidates.length === 1 ? candidates[0]!.slice(0, -3) : null;
    return { id, kind, display, presets: kind === 'family' ? await listPresets(store, id).catch(tolerate) : [] };
  };
  const members = [
    ...(await Promise.all(family.souls.map((id) => member(id, 'family')))),
    ...(await Promise.all(family.guestIds.map((id) => member(id, 'guest')))),
  ];
  // The notes that can be read; check names the entries that cannot.
  const { paths } = await walkFolder(store, family.shared, 'core');
  const sharedCore = await Promise.all(
    paths.map(async (path): Promise<SharedNoteSummary> => {
      const uri = noteUri(family.shared, path);
      const base: SharedNoteSummary = { uri, path, loading: null, title: null, summary: null, problem: null };
      try {
        const bytes = await store.read(family.shared, path);
        if (!bytes) return { ...base, problem: 'missing' };
        const { data } = splitFrontmatter(decodeNote(bytes, uri, 'shared_core', 'ls'));
        return { ...base, loading: promptLoading(data) ?? null, title: stringField(data, 'title') ?? null, summary: stringField(data, 'summary') ?? null };
      } catch (error) {
        if (error instanceof FrontmatterProblem || error instanceof Error) return { ...base, problem: error.message };
        throw error;
      }
    }),
  );
  return { family: family.name, shared: family.shared, guests: family.guests, members, sharedCore };
}
