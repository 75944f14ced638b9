// The family map: every note the family's containers share, against every bundle. Each cell is what
// the loader put in that bundle (its document's mode and prompt bytes), or "none" when the bundle has
// no document of the note: nothing here decides a mode.
import { ROLE, VAULT_NOTES, noteUri, parseUri } from '../core/index.ts';
import type { Role } from '../core/index.ts';
import { familyGraph } from './family-graph.ts';
import type { BundleView, CatalogEntry, FamilyCell, FamilyColumn, FamilyHead, FamilyMapView, FamilyRow, FamilyRowGroup, MemberView, NoteBase } from './types.ts';
import { uriAnchor } from './urls.ts';

/** The roles whose notes live in a shared container rather than a member's own folder, in load order. */
const SHARED_ROLES: readonly Role[] = [ROLE.shared_instructions, ROLE.shared_core, ROLE.shared_catalog, ROLE.guest_shared_instructions];

export interface FamilyMapInput {
  family: string;
  shared: string;
  guests: string;
  souls: readonly MemberView[];
  guestMembers: readonly MemberView[];
  bundles: readonly BundleView[];
  notes: ReadonlyMap<string, NoteBase>;
  /** The shared core catalog: with no soul to load them, its entries are still the shared core's rows. */
  catalog: readonly CatalogEntry[];
}

interface RowSeed {
  uri: string;
  role: Role;
  title: string | null;
  absent: boolean;
}

export function familyMapView(input: FamilyMapInput): FamilyMapView {
  const { bundles, notes } = input;
  // Rows: each shared note some bundle has a document of, role by role in load order, each in the order
  // the loader gave it; the first bundle that has it names it.
  const seeds = new Map<string, RowSeed>();
  for (const role of SHARED_ROLES) {
    for (const bundle of bundles) {
      for (const doc of bundle.documents) {
        if (doc.role === role && !seeds.has(doc.uri)) seeds.set(doc.uri, { uri: doc.uri, role, title: doc.title, absent: doc.noteHref === null });
      }
    }
  }
  // A family with no soul loads no shared note, yet has them: its notes are rows nobody carries.
  if (!bundles.some((b) => b.kind === 'family')) {
    const unloaded: RowSeed[] = [];
    const add = (uri: string, role: Role): void => {
      const note = notes.get(uri);
      if (note && !seeds.has(uri)) unloaded.push({ uri, role, title: note.title, absent: false });
    };
    add(noteUri(input.shared, VAULT_NOTES.instructions), ROLE.shared_instructions);
    for (const entry of input.catalog) add(entry.uri, ROLE.shared_core);
    add(noteUri(input.shared, VAULT_NOTES.sharedCatalog), ROLE.shared_catalog);
    const rest = [...seeds.values()];
    seeds.clear();
    for (const seed of [...unloaded, ...rest]) seeds.set(seed.uri, seed);
  }

  const columns: FamilyColumn[] = bundles.map((b) => ({ key: b.key, soul: b.soul, display: b.display, preset: b.preset, kind: b.kind, href: b.href, bytes: 0, whole: 0, pointer: 0 }));
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const docsOf = bundles.map((b) => new Map(b.documents.filter((d) => SHARED_ROLES.includes(d.role)).map((d) => [d.uri, d])));
  const anchors = new Set<string>();
  const rows: FamilyRow[] = [...seeds.values()].map((seed) => {
    const noteHref = notes.get(seed.uri)?.href ?? null;
    const { path } = parseUri(seed.uri);
    const cells: FamilyCell[] = bundles.map((bundle, i) => {
      const doc = docsOf[i]!.get(seed.uri);
      const column = byKey.get(bundle.key)!;
      if (!doc) return { column: bundle.key, carried: 'none', absent: seed.absent, bytes: 0, href: noteHref };
      column.bytes += doc.promptBytes;
      column[doc.mode]++;
      return { column: bundle.key, carried: doc.mode, absent: doc.noteHref === null, bytes: doc.promptBytes, href: noteHref ?? `${bundle.href}#${doc.anchor}` };
    });
    // Two URIs can slug alike (c#.md, c-.md): the later row gets a suffix, as the catalog's rows do.
    let anchor = uriAnchor(seed.uri);
    for (let n = 2; anchors.has(anchor); n++) anchor = `${uriAnchor(seed.uri)}-${n}`;
    anchors.add(anchor);
    return {
      uri: seed.uri,
      role: seed.role,
      label: seed.title ?? path,
      path,
      noteHref,
      absent: seed.absent,
      bytes: cells.reduce((sum, c) => sum + c.bytes, 0),
      anchor,
      cells,
    };
  });

  const groups: FamilyRowGroup[] = [
    { vault: input.shared, label: 'Shared vault', rows: rows.filter((r) => parseUri(r.uri).vault === input.shared) },
    { vault: input.guests, label: 'Guest container', rows: rows.filter((r) => parseUri(r.uri).vault === input.guests) },
  ].filter((g) => g.rows.length > 0);
  const heads: FamilyHead[] = [];
  for (const c of columns) {
    const last = heads.at(-1);
    if (last && last.soul === c.soul && last.kind === c.kind) last.columns.push(c);
    else heads.push({ soul: c.soul, display: c.display, kind: c.kind, href: c.href, columns: [c] });
  }
  return {
    heads,
    columns,
    groups,
    bytes: columns.reduce((sum, c) => sum + c.bytes, 0),
    graph: familyGraph({ family: input.family, shared: input.shared, guests: input.guests, souls: input.souls, guestMembers: input.guestMembers, columns, groups }),
  };
}
